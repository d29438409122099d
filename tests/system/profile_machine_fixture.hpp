#pragma once
// Test helper: the /proc and /sys trees of tests/fixtures/profile-machines (see its README).

#include <filesystem>
#include <string>

#include "pipetop/system/system_files.hpp"

namespace pipetop::testing {

// tests/fixtures/profile-machines/<name>, found from this source file (tests/system/...).
inline SystemFiles profile_machine(const std::string& name) {
  const std::filesystem::path tests = std::filesystem::path(__FILE__).parent_path().parent_path();
  return SystemFiles((tests / "fixtures" / "profile-machines" / name).string());
}

}  // namespace pipetop::testing
