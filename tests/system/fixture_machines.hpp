#pragma once
// Test helper: the machine trees under tests/fixtures/machines, read as pipetop reads a machine.

#include <filesystem>
#include <string>

#include "pipetop/system/machine_reader.hpp"

namespace pipetop::testing {

// tests/fixtures/machines/<name>, found from this header's place (tests/system/).
inline std::string fixture_root(const std::string& name) {
  const std::filesystem::path tests = std::filesystem::path(__FILE__).parent_path().parent_path();
  return (tests / "fixtures" / "machines" / name).string();
}

inline MachineFacts read_fixture(const std::string& name) {
  return read_machine_facts(SystemFiles(fixture_root(name)));
}

}  // namespace pipetop::testing
