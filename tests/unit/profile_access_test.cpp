// Honest when it cannot: kernel frames need perf_event_paranoid <= 1 or CAP_PERFMON, and named
// kernel addresses need kallsyms to show them (kptr_restrict with paranoia or CAP_SYSLOG). Each
// refusal names the setting or capability that would lift it.

#include "pipetop/core/profile/profile_access.hpp"

#include <gtest/gtest.h>

#include <string>

namespace pipetop {
namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

ProfileFacts facts(int paranoid, int kptr_restrict, bool perfmon, bool syslog) {
  ProfileFacts f;
  f.paranoid = paranoid;
  f.kptr_restrict = kptr_restrict;
  f.perfmon = perfmon;
  f.syslog = syslog;
  return f;
}

TEST(ProfileAccess, RootGetsKernelFramesAtAnyParanoia) {
  for (int paranoid : {-1, 0, 1, 2, 3}) {
    const KernelFramesVerdict v = kernel_frames_verdict(facts(paranoid, 1, true, true), false);
    EXPECT_TRUE(v.allowed) << paranoid;
    EXPECT_EQ(v.reason, "");
  }
}

TEST(ProfileAccess, AnUnprivilegedUserNeedsParanoiaOneAndOpenKallsyms) {
  EXPECT_TRUE(kernel_frames_verdict(facts(1, 0, false, false), false).allowed);
  EXPECT_TRUE(kernel_frames_verdict(facts(-1, 0, false, false), false).allowed);
  const KernelFramesVerdict paranoid = kernel_frames_verdict(facts(2, 0, false, false), false);
  EXPECT_FALSE(paranoid.allowed);
  EXPECT_TRUE(contains(paranoid.reason, "user space only")) << paranoid.reason;
  EXPECT_TRUE(contains(paranoid.reason, "perf_event_paranoid <= 1 (it is 2)")) << paranoid.reason;
  EXPECT_TRUE(contains(paranoid.reason, "CAP_PERFMON")) << paranoid.reason;
}

TEST(ProfileAccess, HiddenKernelAddressesNameWhatWouldShowThem) {
  // kptr_restrict=1 without CAP_SYSLOG (CAP_PERFMON alone lets perf sample, not kallsyms show).
  const KernelFramesVerdict one = kernel_frames_verdict(facts(2, 1, true, false), false);
  EXPECT_FALSE(one.allowed);
  EXPECT_TRUE(contains(one.reason, "kptr_restrict=1 without CAP_SYSLOG")) << one.reason;
  EXPECT_TRUE(kernel_frames_verdict(facts(2, 1, true, true), false).allowed);
  // kptr_restrict=2 hides them even from CAP_SYSLOG.
  const KernelFramesVerdict two = kernel_frames_verdict(facts(1, 2, true, true), false);
  EXPECT_FALSE(two.allowed);
  EXPECT_TRUE(contains(two.reason, "kptr_restrict=2 hides them from everyone")) << two.reason;
  // kptr_restrict=0 shows them only at paranoia <= 1, or with CAP_SYSLOG.
  const KernelFramesVerdict zero = kernel_frames_verdict(facts(2, 0, true, false), false);
  EXPECT_FALSE(zero.allowed);
  EXPECT_TRUE(contains(zero.reason, "perf_event_paranoid <= 1 (it is 2) or CAP_SYSLOG")) << zero.reason;
}

TEST(ProfileAccess, KallsymsShowingZerosWinsOverTheSettings) {
  const KernelFramesVerdict v = kernel_frames_verdict(facts(1, 0, true, true), true);
  EXPECT_FALSE(v.allowed);
  EXPECT_TRUE(contains(v.reason, "/proc/kallsyms shows every kernel address as zero")) << v.reason;
}

TEST(ProfileAccess, ModeNames) {
  EXPECT_EQ(to_string(ProfileMode::kernel_and_user), "kernel+user");
  EXPECT_EQ(to_string(ProfileMode::user_only), "user only");
  EXPECT_EQ(to_string(ProfileMode::unavailable), "unavailable");
}

}  // namespace
}  // namespace pipetop
