#include "pipetop/system/new_file.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "cli/temp_dir.hpp"

namespace pipetop {
namespace {

namespace fs = std::filesystem;

class NewFile : public ::testing::Test {
 protected:
  [[nodiscard]] std::string at(const std::string& name) const { return (dir_.path() / name).string(); }
  static std::string text_of(const std::string& path) { return testing::slurp(path); }
  testing::TempDir dir_;
};

TEST_F(NewFile, CreatesANewFile) {
  ASSERT_EQ(check_creatable(at("a")).value(), AtPath::nothing);
  ASSERT_TRUE(write_new_file(at("a"), "hello\n", Overwrite::refuse));
  EXPECT_EQ(text_of(at("a")), "hello\n");
  EXPECT_EQ(check_creatable(at("a")).value(), AtPath::file);
}

TEST_F(NewFile, RefusesAnExistingFileOrLinkWithoutFollowingIt) {
  std::ofstream(at("target")) << "keep\n";
  fs::create_symlink(at("target"), at("link"));
  fs::create_symlink(at("nowhere"), at("dangling"));
  EXPECT_EQ(check_creatable(at("link")).value(), AtPath::file);
  EXPECT_EQ(check_creatable(at("dangling")).value(), AtPath::file);
  for (const char* name : {"target", "link", "dangling"}) {
    const Result<void> written = write_new_file(at(name), "overwritten\n", Overwrite::refuse);
    ASSERT_FALSE(written) << name;
    EXPECT_NE(written.error().message.find("[EEXIST]"), std::string::npos) << written.error().message;
  }
  EXPECT_EQ(text_of(at("target")), "keep\n");
  EXPECT_FALSE(fs::exists(at("nowhere"))) << "a dangling link was followed";
}

TEST_F(NewFile, ReplaceSwapsTheNameAndLeavesALinksTargetAlone) {
  std::ofstream(at("target")) << "keep\n";
  fs::create_symlink(at("target"), at("link"));
  ASSERT_TRUE(write_new_file(at("link"), "new\n", Overwrite::replace));
  EXPECT_FALSE(fs::is_symlink(at("link")));
  EXPECT_EQ(text_of(at("link")), "new\n");
  EXPECT_EQ(text_of(at("target")), "keep\n");
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir_.path())) ++entries;
  EXPECT_EQ(entries, 2U) << "a temporary file was left behind";
}

TEST_F(NewFile, MissingOrNonDirectoryParentIsAnEnvironmentError) {
  const Result<AtPath> missing = check_creatable(at("none/a"));
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().kind, ExitCode::environment);
  EXPECT_NE(missing.error().message.find(at("none")), std::string::npos) << missing.error().message;
  std::ofstream(at("file")) << "x";
  const Result<AtPath> under_file = check_creatable(at("file/a"));
  ASSERT_FALSE(under_file);
  EXPECT_NE(under_file.error().message.find("is not a directory"), std::string::npos) << under_file.error().message;
}

TEST_F(NewFile, ADirectoryIsSaidToBeOne) {
  fs::create_directories(dir_.path() / "sub");
  EXPECT_EQ(check_creatable(at("sub")).value(), AtPath::directory);
  EXPECT_EQ(check_creatable("relative-name-in-cwd-" + std::to_string(getpid())).value(), AtPath::nothing);
}

TEST_F(NewFile, UnwritableDirectoryIsRefusedUpFront) {
  if (geteuid() == 0) GTEST_SKIP() << "root may write in any directory: run as another user to see the refusal";
  fs::create_directories(at("ro"));
  chmod(at("ro").c_str(), 0555);
  const Result<AtPath> refused = check_creatable(at("ro/a"));
  chmod(at("ro").c_str(), 0755);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("[EACCES]"), std::string::npos) << refused.error().message;
}

}  // namespace
}  // namespace pipetop
