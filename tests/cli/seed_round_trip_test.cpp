// The export reproduces the experiment: the seed benchmark's command line in PREFIX.cmd, run for real,
// prints the very row of PREFIX.csv (every column but the measured GiB/s).

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "run_binary.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

std::string slurp(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::vector<std::string> fields_of(const std::string& row) {
  std::vector<std::string> fields;
  std::istringstream in(row);
  for (std::string f; std::getline(in, f, ',');) fields.push_back(f);
  return fields;
}

struct RoundTrip {
  const char* name;
  std::vector<std::string> options;
};

void PrintTo(const RoundTrip& c, std::ostream* os) {
  *os << c.name;
}

class SeedRoundTrip : public ::testing::TestWithParam<RoundTrip> {};

TEST_P(SeedRoundTrip, TheSeedsCommandPrintsTheExportedRow) {
  const std::string seed_dir = PIPETOP_SEED_DIR;
  if (seed_dir.empty() || !fs::exists(fs::path(seed_dir) / "write")) {
    GTEST_SKIP() << "the seed benchmark is not next to this checkout (../shared/anchors/pipes-speed-test)";
  }
  const fs::path dir = fs::temp_directory_path() / ("pipetop-seed-" + std::to_string(getpid()) + GetParam().name);
  fs::create_directories(dir);
  const std::string prefix = (dir / "r").string();
  std::vector<std::string> args = {"run", "--duration", "300ms", "--quiet", "--export", prefix};
  args.insert(args.end(), GetParam().options.begin(), GetParam().options.end());
  const testing::Ran ran = testing::run_binary(args, 60s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;

  const std::vector<std::string> cmd = lines_of(slurp(prefix + ".cmd"));
  const std::vector<std::string> csv = lines_of(slurp(prefix + ".csv"));
  ASSERT_EQ(cmd.size(), 4u);
  ASSERT_EQ(csv.size(), 2u);
  const testing::Ran seed = testing::run_program("/bin/sh", {"-c", "cd '" + seed_dir + "' && " + cmd[3]}, 60s);
  ASSERT_EQ(seed.exit_code, 0) << cmd[3] << "\n" << seed.err;
  const std::vector<std::string> ours = fields_of(csv[1]);
  const std::vector<std::string> theirs = fields_of(lines_of(seed.out).at(0));
  ASSERT_EQ(ours.size(), 14u) << csv[1];
  ASSERT_EQ(theirs.size(), 14u) << seed.out;
  for (std::size_t i = 1; i < ours.size(); ++i) {
    EXPECT_EQ(ours[i], theirs[i]) << "column " << i << " of\n" << csv[0] << "\n" << csv[1] << "\n" << seed.out;
  }
  EXPECT_GT(std::stod(theirs[0]), 0.0) << seed.out;
  fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(
    Configurations, SeedRoundTrip,
    ::testing::Values(
        RoundTrip{"write_read", {}},
        RoundTrip{"write_read_busy_rounded_pipe", {"--busy-loop", "--pipe-size", "3", "--buffer-size", "64K"}},
        RoundTrip{"vmsplice_splice_busy", {"--writer", "vmsplice", "--reader", "splice", "--busy-loop"}},
        RoundTrip{"vmsplice_same_buffer_gift",
                  {"--writer", "vmsplice", "--same-buffer", "--gift", "--buffer-size", "1M", "--lock-memory"}},
        RoundTrip{"unpinned_no_touch", {"--no-touch", "--writer-cpu", "-1", "--reader-cpu", "-1"}}),
    [](const auto& param_info) { return std::string(param_info.param.name); });

}  // namespace
}  // namespace pipetop
