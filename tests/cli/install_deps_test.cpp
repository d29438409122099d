// scripts/install-deps on machines it must explain itself on, with fake package tools on PATH (they
// log what they were asked): a fresh image whose package lists are empty (apt-get update first), a
// user who is not root and has no sudo (what to run, and no attempt), nothing missing (silence).

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>

#include "run_binary.hpp"
#include "temp_dir.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

struct FakeMachine {
  bool root = true;
  bool sudo = false;
  bool lists_know_packages = true;  // apt-cache show finds them
  bool all_installed = false;
};

class InstallDeps : public ::testing::Test {
 protected:
  // Runs the script with only the fakes (and grep) on PATH; returns what it did, apt-get and sudo
  // calls logged in log().
  testing::Ran run(const FakeMachine& machine) {
    const fs::path bin = dir_.path() / "bin";
    fs::create_directories(bin);
    const std::string log = (dir_.path() / "log").string();
    fake(bin / "dpkg-query", machine.all_installed ? "printf 'install ok installed'" : "exit 1");
    fake(bin / "id", machine.root ? "echo 0" : "echo 1000");
    fake(bin / "apt-cache", machine.lists_know_packages ? "exit 0" : "exit 100");
    fake(bin / "apt-get", "echo \"apt-get $*\" >> '" + log + "'");
    if (machine.sudo) fake(bin / "sudo", "echo sudo >> '" + log + "'; exec \"$@\"");
    fs::create_symlink("/bin/grep", bin / "grep");
    const std::string path = bin.string();
    return testing::run_program("/bin/bash", {std::string(PIPETOP_SOURCE_DIR) + "/scripts/install-deps"}, 30s, {},
                                [path] { setenv("PATH", path.c_str(), 1); });
  }
  [[nodiscard]] std::string log() const { return testing::slurp(dir_.path() / "log"); }

 private:
  static void fake(const fs::path& path, const std::string& body) {
    std::ofstream(path) << "#!/bin/sh\n" << body << "\n";
    chmod(path.c_str(), 0755);
  }
  testing::TempDir dir_;
};

TEST_F(InstallDeps, EmptyPackageListsAreUpdatedFirst) {
  const testing::Ran ran = run({.lists_know_packages = false});
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_TRUE(log().starts_with("apt-get update\napt-get install -y --no-install-recommends g++ ")) << log();
  EXPECT_NE(ran.err.find("apt-get update first"), std::string::npos) << ran.err;
}

TEST_F(InstallDeps, KnownPackagesAreInstalledWithoutAnUpdate) {
  const testing::Ran ran = run({});
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_TRUE(log().starts_with("apt-get install -y --no-install-recommends g++ ")) << log();
  EXPECT_EQ(log().find("update"), std::string::npos) << log();
}

TEST_F(InstallDeps, NotRootWithoutSudoSaysWhatToRunAndTriesNothing) {
  const testing::Ran ran = run({.root = false, .lists_know_packages = false});
  EXPECT_EQ(ran.exit_code, 1) << ran.err;
  EXPECT_NE(ran.err.find("needs root, and sudo is not installed"), std::string::npos) << ran.err;
  EXPECT_NE(ran.err.find("apt-get update && apt-get install -y --no-install-recommends g++ "), std::string::npos)
      << ran.err;
  EXPECT_EQ(log(), "") << "apt-get was run";
}

TEST_F(InstallDeps, NotRootWithSudoUsesIt) {
  const testing::Ran ran = run({.root = false, .sudo = true});
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_TRUE(log().starts_with("sudo\napt-get install")) << log();
}

TEST_F(InstallDeps, NothingMissingDoesNothing) {
  const testing::Ran ran = run({.all_installed = true});
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_EQ(ran.err, "");
  EXPECT_EQ(log(), "");
}

}  // namespace
}  // namespace pipetop
