// --export as a careful program writes files: checked before the run (so a typo costs nothing), never
// through a planted symbolic link, never over an existing file unless --force, and with --force a
// link is replaced, its target untouched.

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "run_binary.hpp"
#include "temp_dir.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

void write_text(const fs::path& path, const std::string& text) {
  std::ofstream(path) << text;
}

testing::Ran run_export(const std::string& prefix, std::vector<std::string> extra = {},
                        const std::string& duration = "300ms") {
  std::vector<std::string> args = {"run", "--duration", duration, "-q", "--export", prefix};
  args.insert(args.end(), extra.begin(), extra.end());
  return testing::run_binary(args, 60s);
}

TEST(ExportCli, PlantedSymlinkIsRefusedAndItsTargetUntouched) {
  const testing::TempDir dir;
  const fs::path target = dir.path() / "precious";
  write_text(target, "keep me\n");
  fs::create_symlink(target, dir.path() / "r.csv");
  const testing::Ran ran = run_export((dir.path() / "r").string());
  EXPECT_EQ(ran.exit_code, 2) << ran.err;
  EXPECT_NE(ran.err.find((dir.path() / "r.csv").string() + " exists"), std::string::npos) << ran.err;
  EXPECT_NE(ran.err.find("--force"), std::string::npos) << ran.err;
  EXPECT_TRUE(ran.out.empty()) << "the run started:\n" << ran.out;
  EXPECT_EQ(testing::slurp(target), "keep me\n");
  EXPECT_FALSE(fs::exists(dir.path() / "r.cmd")) << "files written before the refusal";
}

TEST(ExportCli, ForceReplacesTheLinkNotItsTarget) {
  const testing::TempDir dir;
  const fs::path target = dir.path() / "precious";
  write_text(target, "keep me\n");
  fs::create_symlink(target, dir.path() / "r.csv");
  const testing::Ran ran = run_export((dir.path() / "r").string(), {"--force"});
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_EQ(testing::slurp(target), "keep me\n");
  EXPECT_FALSE(fs::is_symlink(dir.path() / "r.csv"));
  EXPECT_TRUE(testing::slurp(dir.path() / "r.csv").starts_with("gigabytes_per_second,"));
  for (const fs::directory_entry& entry : fs::directory_iterator(dir.path())) {
    EXPECT_FALSE(entry.path().filename().string().starts_with(".pipetop-")) << "left behind: " << entry.path();
  }
}

TEST(ExportCli, ExistingFileIsRefusedWithoutForceAndReplacedWithIt) {
  const testing::TempDir dir;
  const fs::path json = dir.path() / "r.json";
  write_text(json, "earlier\n");
  const testing::Ran refused = run_export((dir.path() / "r").string());
  EXPECT_EQ(refused.exit_code, 2) << refused.err;
  EXPECT_NE(refused.err.find(json.string() + " exists"), std::string::npos) << refused.err;
  EXPECT_EQ(testing::slurp(json), "earlier\n");

  const testing::Ran forced = run_export((dir.path() / "r").string(), {"--force"});
  EXPECT_EQ(forced.exit_code, 0) << forced.err;
  EXPECT_TRUE(testing::slurp(json).starts_with("{")) << testing::slurp(json);
  EXPECT_TRUE(fs::exists(dir.path() / "r.cmd"));
}

// A typo in the directory costs nothing: refused before any worker starts, not after a 60 s run.
TEST(ExportCli, MissingDirectoryFailsBeforeTheRun) {
  const testing::TempDir dir;
  const std::string prefix = (dir.path() / "no-such-dir" / "r").string();
  const auto start = Clock::now();
  const testing::Ran ran = run_export(prefix, {}, "60s");
  EXPECT_LT(Clock::now() - start, 10s);
  EXPECT_EQ(ran.exit_code, 3) << ran.err;
  EXPECT_NE(ran.err.find((dir.path() / "no-such-dir").string()), std::string::npos) << ran.err;
  EXPECT_NE(ran.err.find("No such file or directory"), std::string::npos) << ran.err;
  EXPECT_TRUE(ran.out.empty()) << ran.out;
}

TEST(ExportCli, CheckAndTuneTakeForceAndCheckTheirPrefixFirst) {
  const testing::TempDir dir;
  write_text(dir.path() / "m.cmd", "earlier\n");
  for (const char* command : {"check", "tune"}) {
    const testing::Ran ran = testing::run_binary({command, "-q", "--export", (dir.path() / "m").string()}, 30s);
    EXPECT_EQ(ran.exit_code, 2) << command << ": " << ran.err;
    EXPECT_NE(ran.err.find("m.cmd exists"), std::string::npos) << command << ": " << ran.err;
    EXPECT_TRUE(ran.out.empty()) << command << " ran:\n" << ran.out;
    const testing::Ran help = testing::run_binary({command, "--help"}, 30s);
    EXPECT_NE(help.out.find("--force"), std::string::npos) << command;
  }
}

// The folded stacks are files of the export too: a link planted there is refused before the run, not
// after it, when the other files are already written.
TEST(ExportCli, APlantedLinkAtAFoldedStackFileIsRefusedBeforeTheRun) {
  const testing::TempDir dir;
  const fs::path target = dir.path() / "precious";
  write_text(target, "keep me\n");
  fs::create_symlink(target, dir.path() / "r.reader.folded");
  const testing::Ran ran = run_export((dir.path() / "r").string(), {"--profile"});
  EXPECT_EQ(ran.exit_code, 2) << ran.err;
  EXPECT_NE(ran.err.find((dir.path() / "r.reader.folded").string() + " exists"), std::string::npos) << ran.err;
  EXPECT_TRUE(ran.out.empty()) << "the run started:\n" << ran.out;
  EXPECT_EQ(testing::slurp(target), "keep me\n");
  EXPECT_FALSE(fs::exists(dir.path() / "r.cmd")) << "files written before the refusal";

  fs::create_symlink(target, dir.path() / "m.3.writer.folded");  // check: a result per rung
  const testing::Ran check = testing::run_binary({"check", "-q", "--export", (dir.path() / "m").string()}, 30s);
  EXPECT_EQ(check.exit_code, 2) << check.err;
  EXPECT_NE(check.err.find("m.3.writer.folded exists"), std::string::npos) << check.err;
  EXPECT_TRUE(check.out.empty()) << "check ran:\n" << check.out;
}

// A prefix that cannot be what was meant is refused before anything runs: empty (it read as no
// --export, silently), a directory (dir/ wrote the hidden dir/.cmd), a control character.
TEST(ExportCli, APrefixThatNamesNoFileIsRefused) {
  const testing::TempDir dir;
  const std::string slash = dir.path().string() + "/";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "--export needs a PREFIX, and it is empty"},
      {slash, "a prefix names the files, not only their directory"},
      {slash + "a\nb", "the prefix holds a control character"}};
  for (const auto& [prefix, said] : cases) {
    const testing::Ran ran = run_export(prefix);
    EXPECT_EQ(ran.exit_code, 2) << "'" << prefix << "': " << ran.err;
    EXPECT_NE(ran.err.find(said), std::string::npos) << ran.err;
    EXPECT_TRUE(ran.out.empty()) << ran.out;
  }
  EXPECT_TRUE(fs::is_empty(dir.path())) << "nothing written";
}

}  // namespace
}  // namespace pipetop
