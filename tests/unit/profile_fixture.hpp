#pragma once
// Test helper: the profiles captured from the seed benchmark (tests/fixtures/profiles, see capture
// there), read back from their folded stacks into samples.

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "pipetop/core/profile/profile_sample.hpp"
#include "pipetop/core/profile/profile_tally.hpp"
#include "pipetop/core/profile/worker_profile.hpp"

namespace pipetop::testing {

// The rungs captured, each with a writer and a reader file.
inline const std::vector<std::string> kCapturedRungs = {"blocking-write-read", "blocking-vmsplice-splice",
                                                        "busy-vmsplice-splice-huge"};

// tests/fixtures/profiles/<name>.folded, found from this source file (tests/unit/...).
inline std::string profile_fixture_path(const std::string& name) {
  const std::filesystem::path tests = std::filesystem::path(__FILE__).parent_path().parent_path();
  return (tests / "fixtures" / "profiles" / (name + ".folded")).string();
}

inline std::string profile_fixture_text(const std::string& name) {
  std::ifstream in(profile_fixture_path(name));
  EXPECT_TRUE(in.good()) << "missing fixture " << profile_fixture_path(name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Frames for hand-written stacks.
inline ProfileFrame kernel_frame(const std::string& name) {
  return {name, true};
}
inline ProfileFrame user_frame(const std::string& name) {
  return {name, false};
}

struct FoldedStack {
  ProfileSample sample;  // leaf first
  std::uint64_t count = 0;
};

// "root;...;leaf count" lines; a frame ending in "_[k]" is the kernel's.
inline std::vector<FoldedStack> parse_folded(const std::string& text) {
  std::vector<FoldedStack> stacks;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    const std::size_t space = line.rfind(' ');
    if (space == std::string::npos) continue;
    FoldedStack stack;
    stack.count = std::stoull(line.substr(space + 1));
    std::istringstream path(line.substr(0, space));
    std::string frame;
    while (std::getline(path, frame, ';')) {
      const bool kernel = frame.size() > 4 && frame.ends_with("_[k]");
      stack.sample.frames.insert(stack.sample.frames.begin(),
                                 {kernel ? frame.substr(0, frame.size() - 4) : frame, kernel});
    }
    stacks.push_back(std::move(stack));
  }
  return stacks;
}

// Every sample of a captured profile ("blocking-write-read.writer") in a tally.
inline ProfileTally tally_fixture(const std::string& name) {
  ProfileTally tally;
  for (const FoldedStack& stack : parse_folded(profile_fixture_text(name))) {
    for (std::uint64_t i = 0; i < stack.count; ++i) tally.add(stack.sample);
  }
  return tally;
}

// A captured profile as a worker's profile of a segment: cpu-clock at 1 kHz with kernel frames.
inline WorkerProfile worker_profile_fixture(const std::string& name) {
  return {{"cpu-clock", ProfileMode::kernel_and_user, "", 1000}, tally_fixture(name)};
}

inline double share_of(const ProfileTally& tally, ProfileCategory category) {
  return tally.categories()[static_cast<std::size_t>(category)].share;
}

}  // namespace pipetop::testing
