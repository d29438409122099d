// What profiles rely on, read from fixture machines by the machine reader: the facts, the verdict on
// kernel frames, and the kernel symbols loaded only when they may be used.

#include "pipetop/system/profile_environment.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "pipetop/core/machine/machine_limits.hpp"
#include "pipetop/system/machine_reader.hpp"
#include "profile_machine_fixture.hpp"

namespace pipetop {
namespace {

using testing::profile_machine;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The facts as the one machine reader reads them from `files`.
ProfileFacts read_profile_facts(const SystemFiles& files) {
  return profile_facts(read_machine_facts(files));
}

ProfileEnvironment read_profile_environment(const SystemFiles& files) {
  return pipetop::read_profile_environment(read_machine_facts(files), files);
}

TEST(ProfileEnvironment, RootOnThisVm) {
  const ProfileFacts facts = read_profile_facts(profile_machine("root-vm"));
  EXPECT_EQ(facts.paranoid, 2);
  EXPECT_EQ(facts.kptr_restrict, 0);
  EXPECT_TRUE(facts.perfmon);
  EXPECT_TRUE(facts.syslog);
  EXPECT_FALSE(facts.hardware_pmu);
  EXPECT_EQ(facts.max_sample_rate_hz, 100000);
  EXPECT_EQ(facts.max_stack_frames, 127);
  const ProfileEnvironment environment = read_profile_environment(profile_machine("root-vm"));
  EXPECT_TRUE(environment.kernel_frames.allowed) << environment.kernel_frames.reason;
  ASSERT_NE(environment.kernel_symbols, nullptr);
  EXPECT_EQ(environment.kernel_symbols->size(), 28U);
}

TEST(ProfileEnvironment, AnUnprivilegedUserAtParanoiaTwoGetsUserSpaceAndIsToldWhy) {
  const ProfileFacts facts = read_profile_facts(profile_machine("user-paranoid2"));
  EXPECT_FALSE(facts.perfmon);
  EXPECT_FALSE(facts.syslog);
  EXPECT_TRUE(facts.hardware_pmu);
  EXPECT_EQ(facts.max_sample_rate_hz, 25000);
  const ProfileEnvironment environment = read_profile_environment(profile_machine("user-paranoid2"));
  EXPECT_FALSE(environment.kernel_frames.allowed);
  EXPECT_TRUE(contains(environment.kernel_frames.reason, "perf_event_paranoid <= 1 (it is 2)"))
      << environment.kernel_frames.reason;
  ASSERT_NE(environment.kernel_symbols, nullptr);
  EXPECT_EQ(environment.kernel_symbols->size(), 0U);  // not read: it could not be used
}

TEST(ProfileEnvironment, AnUnprivilegedUserAtParanoiaOneGetsKernelFrames) {
  const ProfileEnvironment environment = read_profile_environment(profile_machine("user-paranoid1"));
  EXPECT_TRUE(environment.kernel_frames.allowed) << environment.kernel_frames.reason;
  EXPECT_EQ(environment.kernel_symbols->size(), 28U);
}

TEST(ProfileEnvironment, KptrRestrictTwoHidesTheKernelEvenFromRoot) {
  const ProfileFacts facts = read_profile_facts(profile_machine("root-kptr2"));
  EXPECT_EQ(facts.kptr_restrict, 2);
  EXPECT_EQ(facts.max_sample_rate_hz, 500);
  EXPECT_EQ(facts.max_stack_frames, 32);
  const ProfileEnvironment environment = read_profile_environment(profile_machine("root-kptr2"));
  EXPECT_FALSE(environment.kernel_frames.allowed);
  EXPECT_TRUE(contains(environment.kernel_frames.reason, "kptr_restrict=2")) << environment.kernel_frames.reason;
  EXPECT_EQ(environment.kernel_symbols->size(), 0U);
}

TEST(ProfileEnvironment, NothingReadableKeepsTheCautiousDefaults) {
  const ProfileEnvironment environment = read_profile_environment(SystemFiles("/nonexistent-root"));
  EXPECT_EQ(environment.facts.paranoid, 2);
  EXPECT_EQ(environment.facts.kptr_restrict, 1);
  EXPECT_FALSE(environment.facts.perfmon);
  EXPECT_FALSE(environment.facts.hardware_pmu);
  EXPECT_FALSE(environment.kernel_frames.allowed);
  EXPECT_FALSE(environment.kernel_frames.reason.empty());
  ASSERT_NE(environment.kernel_symbols, nullptr);
}

// A /proc of its own in a temporary directory: perf_event_paranoid 1, kptr_restrict 0, and a kallsyms
// with `kallsyms` in it, or none.
class TempProc {
 public:
  explicit TempProc(const std::optional<std::string>& kallsyms)
      : root_(std::filesystem::temp_directory_path() / ("pipetop-profile-" + std::to_string(getpid()))) {
    std::filesystem::create_directories(root_ / "proc/sys/kernel");
    std::ofstream(root_ / "proc/sys/kernel/perf_event_paranoid") << "1\n";
    std::ofstream(root_ / "proc/sys/kernel/kptr_restrict") << "0\n";
    if (kallsyms) std::ofstream(root_ / "proc/kallsyms") << *kallsyms;
  }
  TempProc(const TempProc&) = delete;
  TempProc& operator=(const TempProc&) = delete;
  ~TempProc() { std::filesystem::remove_all(root_); }
  [[nodiscard]] SystemFiles files() const { return SystemFiles(root_.string()); }

 private:
  std::filesystem::path root_;
};

TEST(ProfileEnvironment, AllowedButUnreadableOrEmptyKallsymsSaysWhy) {
  {
    const TempProc proc(std::nullopt);
    const ProfileEnvironment environment = read_profile_environment(proc.files());
    EXPECT_FALSE(environment.kernel_frames.allowed);
    EXPECT_TRUE(contains(environment.kernel_frames.reason, "could not be named: open("))
        << environment.kernel_frames.reason;
  }
  {
    const TempProc proc(std::string("ffffffff82400000 D __start_rodata\n"));
    const ProfileEnvironment environment = read_profile_environment(proc.files());
    EXPECT_FALSE(environment.kernel_frames.allowed);
    EXPECT_TRUE(contains(environment.kernel_frames.reason, "/proc/kallsyms lists no kernel function"))
        << environment.kernel_frames.reason;
  }
}

TEST(ProfileEnvironment, ThisMachine) {
  const ProfileEnvironment environment = read_profile_environment(SystemFiles("/"));
  if (environment.kernel_frames.allowed) {
    EXPECT_GT(environment.kernel_symbols->size(), 1000U);
    EXPECT_FALSE(environment.kernel_symbols->hidden());
  } else {
    EXPECT_TRUE(contains(environment.kernel_frames.reason, "user space only")) << environment.kernel_frames.reason;
  }
}

}  // namespace
}  // namespace pipetop
