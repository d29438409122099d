// "pipetop is built with frame pointers" (README, "Where the time goes"): the profile's user-space call
// chains walk them. Read from the binary itself: every compilation unit of pipetop's own sources
// records, in its debug information, the options it was compiled with (GCC's -grecord-gcc-switches,
// on by default), and the last word on frame pointers there must keep them.

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "run_binary.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;

struct CompilationUnit {
  std::string producer;  // the compiler and its options
  std::string name;      // the source file
};

// The compilation units readelf lists at the top level of the binary's .debug_info.
std::vector<CompilationUnit> compilation_units(const std::string& dump) {
  std::vector<CompilationUnit> units;
  std::istringstream lines(dump);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.find("Compilation Unit @") != std::string::npos) units.emplace_back();
    if (units.empty()) continue;
    const std::size_t colon = line.rfind("): ");
    if (colon == std::string::npos) continue;
    if (line.find("DW_AT_producer") != std::string::npos) units.back().producer = line.substr(colon + 3);
    if (line.find("DW_AT_name") != std::string::npos && units.back().name.empty()) {
      units.back().name = line.substr(colon + 3);
    }
  }
  return units;
}

bool keeps_frame_pointers(const std::string& producer) {
  const std::size_t keep = producer.rfind("-fno-omit-frame-pointer");
  const std::size_t omit = producer.rfind("-fomit-frame-pointer");
  return keep != std::string::npos && (omit == std::string::npos || omit < keep);
}

TEST(FramePointers, EveryCompilationUnitOfPipetopKeepsThem) {
  const testing::Ran ran =
      testing::run_program("/usr/bin/readelf", {"--debug-dump=info", "--dwarf-depth=1", PIPETOP_BINARY}, 60s);
  if (ran.exit_code == 127) GTEST_SKIP() << "readelf (binutils) is not installed";
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  std::size_t ours = 0;
  for (const CompilationUnit& unit : compilation_units(ran.out)) {
    if (unit.name.find("/src/") == std::string::npos) continue;
    ++ours;
    EXPECT_TRUE(keeps_frame_pointers(unit.producer)) << unit.name << " was compiled with: " << unit.producer;
  }
  if (ours == 0) GTEST_SKIP() << "this build has no debug information to read the compile options from";
  EXPECT_GT(ours, 100U) << "expected every source file of pipetop among the compilation units";
}

}  // namespace
}  // namespace pipetop
