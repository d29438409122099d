#include "pipetop/core/counters/perf_open_error.hpp"

#include <gtest/gtest.h>

#include <cerrno>
#include <set>
#include <string>

namespace pipetop {
namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

PerfOpenContext hardware_event() {
  PerfOpenContext c;
  c.hardware = true;
  c.user_only = false;
  c.paranoid = 2;
  c.privileged = false;
  c.hardware_pmu_present = true;
  return c;
}

PerfOpenContext software_event() {
  PerfOpenContext c = hardware_event();
  c.hardware = false;
  return c;
}

// ---------------------------------------------------------------- ENOENT / ENODEV

TEST(ExplainPerfOpenError, HardwareEventWithoutAPmuBlamesTheMissingPmu) {
  PerfOpenContext c = hardware_event();
  c.hardware_pmu_present = false;
  for (const int err : {ENOENT, ENODEV}) {
    const PerfOpenVerdict v = explain_perf_open_error(err, c);
    EXPECT_FALSE(v.retry_user_only) << err;
    EXPECT_EQ(v.reason, "no hardware PMU (virtual machines often expose none)") << err;
  }
}

TEST(ExplainPerfOpenError, HardwareEventWithAPmuIsNotSupported) {
  for (const int err : {ENOENT, ENODEV}) {
    const PerfOpenVerdict v = explain_perf_open_error(err, hardware_event());
    EXPECT_FALSE(v.retry_user_only) << err;
    EXPECT_TRUE(contains(v.reason, "not supported")) << v.reason;
    EXPECT_FALSE(contains(v.reason, "PMU (virtual")) << v.reason;
  }
}

TEST(ExplainPerfOpenError, SoftwareEventNeverBlamesAMissingPmu) {
  PerfOpenContext c = software_event();
  c.hardware_pmu_present = false;  // no PMU, but a software event does not need one
  const PerfOpenVerdict v = explain_perf_open_error(ENOENT, c);
  EXPECT_FALSE(v.retry_user_only);
  EXPECT_TRUE(contains(v.reason, "not supported")) << v.reason;
  EXPECT_FALSE(contains(v.reason, "no hardware PMU")) << v.reason;
}

// ---------------------------------------------------------------- EACCES / EPERM

TEST(ExplainPerfOpenError, ParanoidTwoUnprivilegedRetriesUserOnly) {
  for (const int err : {EACCES, EPERM}) {
    const PerfOpenVerdict v = explain_perf_open_error(err, hardware_event());
    EXPECT_TRUE(v.retry_user_only) << err;
    EXPECT_TRUE(contains(v.reason, "perf_event_paranoid=2")) << v.reason;
    EXPECT_EQ(v.problem, CounterProblem::not_permitted);
  }
  // Software events too: paranoid 2 forbids counting the kernel whatever the event.
  const PerfOpenVerdict sw = explain_perf_open_error(EACCES, software_event());
  EXPECT_TRUE(sw.retry_user_only);
  EXPECT_TRUE(contains(sw.reason, "perf_event_paranoid=2")) << sw.reason;
}

TEST(ExplainPerfOpenError, AlreadyUserOnlyIsDeniedNotRetried) {
  PerfOpenContext c = hardware_event();
  c.user_only = true;
  const PerfOpenVerdict v = explain_perf_open_error(EACCES, c);
  EXPECT_FALSE(v.retry_user_only);
  EXPECT_TRUE(contains(v.reason, "denied")) << v.reason;
  EXPECT_TRUE(contains(v.reason, "perf_event_paranoid=2")) << v.reason;
}

// perf_event_paranoid=3: mainline kernels treat it as 2 (user-only counting works), Debian's forbid
// every perf event. The first refusal is retried user-only, as at 2; only when that fails too is it
// called a ban on all perf events. Before, a kernel that treats 3 as 2 was told "forbids all".
TEST(ExplainPerfOpenError, ParanoidThreeRetriesUserOnlyThenSaysAllAreForbidden) {
  PerfOpenContext c = hardware_event();
  c.paranoid = 3;
  const PerfOpenVerdict first = explain_perf_open_error(EACCES, c);
  EXPECT_TRUE(first.retry_user_only) << "a kernel that treats 3 as 2 counts user space";
  EXPECT_EQ(first.reason, "perf_event_paranoid=3 forbids counting the kernel; run as root or set it to 1");
  c.user_only = true;
  const PerfOpenVerdict retried = explain_perf_open_error(EACCES, c);
  EXPECT_FALSE(retried.retry_user_only);
  EXPECT_TRUE(contains(retried.reason, "denied: perf_event_paranoid=3 forbids all perf events on this kernel"))
      << retried.reason;
  EXPECT_TRUE(contains(retried.reason, "root")) << "says how to get past it: " << retried.reason;
}

TEST(ExplainPerfOpenError, PrivilegedIsDeniedNotRetried) {
  PerfOpenContext c = hardware_event();
  c.privileged = true;
  const PerfOpenVerdict v = explain_perf_open_error(EACCES, c);
  EXPECT_FALSE(v.retry_user_only);
  EXPECT_TRUE(contains(v.reason, "denied")) << v.reason;
  EXPECT_FALSE(contains(v.reason, "run as root")) << "already privileged: " << v.reason;
}

TEST(ExplainPerfOpenError, LowerParanoiaIsDeniedNotRetried) {
  for (const int paranoid : {-1, 0, 1}) {
    PerfOpenContext c = hardware_event();
    c.paranoid = paranoid;
    const PerfOpenVerdict v = explain_perf_open_error(EACCES, c);
    EXPECT_FALSE(v.retry_user_only) << paranoid;
    EXPECT_TRUE(contains(v.reason, "denied")) << v.reason;
    EXPECT_TRUE(contains(v.reason, "perf_event_paranoid=" + std::to_string(paranoid))) << v.reason;
  }
}

// ---------------------------------------------------------------- the others

TEST(ExplainPerfOpenError, EachOtherErrnoHasItsOwnActionableReason) {
  const PerfOpenVerdict busy = explain_perf_open_error(EBUSY, hardware_event());
  const PerfOpenVerdict unsupported = explain_perf_open_error(EOPNOTSUPP, hardware_event());
  const PerfOpenVerdict files = explain_perf_open_error(EMFILE, hardware_event());
  const PerfOpenVerdict invalid = explain_perf_open_error(EINVAL, hardware_event());
  EXPECT_TRUE(contains(busy.reason, "busy")) << busy.reason;
  EXPECT_TRUE(contains(busy.reason, "another tool")) << busy.reason;
  EXPECT_TRUE(contains(unsupported.reason, "not supported")) << unsupported.reason;
  EXPECT_TRUE(contains(files.reason, "too many open files")) << files.reason;
  EXPECT_TRUE(contains(files.reason, "ulimit -n")) << files.reason;
  EXPECT_TRUE(contains(invalid.reason, "invalid")) << invalid.reason;
  const std::set<std::string> distinct{busy.reason, unsupported.reason, files.reason, invalid.reason,
                                       explain_perf_open_error(ENOENT, hardware_event()).reason};
  EXPECT_EQ(distinct.size(), 5u);
  for (const PerfOpenVerdict* v : {&busy, &unsupported, &files, &invalid}) {
    EXPECT_FALSE(v->retry_user_only) << v->reason;
  }
  EXPECT_EQ(explain_perf_open_error(ENFILE, hardware_event()).reason, files.reason);
}

TEST(ExplainPerfOpenError, AnOddErrnoNamesIt) {
  const PerfOpenVerdict v = explain_perf_open_error(E2BIG, hardware_event());
  EXPECT_FALSE(v.retry_user_only);
  EXPECT_TRUE(contains(v.reason, "[E2BIG]")) << v.reason;
  const PerfOpenVerdict w = explain_perf_open_error(ESRCH, software_event());
  EXPECT_TRUE(contains(w.reason, "[ESRCH]")) << w.reason;
  EXPECT_NE(v.reason, w.reason);
}

TEST(ExplainPerfOpenError, ReasonIsNeverEmpty) {
  for (const int err :
       {0, ENOENT, ENODEV, EACCES, EPERM, EBUSY, EOPNOTSUPP, EMFILE, ENFILE, EINVAL, E2BIG, ESRCH, EFAULT, 12345}) {
    for (const bool hardware : {false, true}) {
      for (const bool user_only : {false, true}) {
        for (const int paranoid : {-1, 0, 1, 2, 3, 4}) {
          for (const bool privileged : {false, true}) {
            for (const bool pmu : {false, true}) {
              const PerfOpenContext c{hardware, user_only, paranoid, privileged, pmu};
              const PerfOpenVerdict v = explain_perf_open_error(err, c);
              EXPECT_FALSE(v.reason.empty()) << "errno " << err;
              // Retrying user-only only makes sense when the kernel was counted and excluding it helps.
              if (v.retry_user_only) {
                EXPECT_FALSE(user_only) << "errno " << err;
                EXPECT_FALSE(privileged) << "errno " << err;
              }
            }
          }
        }
      }
    }
  }
}

TEST(ExplainPerfOpenError, AnotherUsersProcessIsNotRetriedUserOnly) {
  PerfOpenContext theirs = software_event();
  theirs.other_users_process = true;
  const PerfOpenVerdict v = explain_perf_open_error(EACCES, theirs);
  EXPECT_FALSE(v.retry_user_only);
  EXPECT_TRUE(contains(v.reason, "another user's process")) << v.reason;
  EXPECT_EQ(v.problem, CounterProblem::not_permitted);
  theirs.privileged = true;  // root may: a refusal then is the paranoia's, said as before
  EXPECT_FALSE(contains(explain_perf_open_error(EACCES, theirs).reason, "another user's")) << "privileged";
  // One's own other process (same user) at paranoid 2 is retried user-only, as a worker's counters are.
  EXPECT_TRUE(explain_perf_open_error(EACCES, software_event()).retry_user_only);
}

}  // namespace
}  // namespace pipetop
