// Where a worker's wall time went, from two /proc readings, its spin time and the user/kernel split:
// disjoint shares that add up to one, whichever source splits running time.

#include "pipetop/core/figures/time_shares.hpp"

#include <gtest/gtest.h>

#include "profile_fixture.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kSec = 1'000'000'000;

ProcessTimes reading(std::int64_t t_ns, std::int64_t run_ns, std::int64_t wait_ns, CpuTime cpu = {},
                     std::uint64_t voluntary = 0, std::uint64_t involuntary = 0) {
  return {t_ns, run_ns, wait_ns, cpu, voluntary, involuntary};
}

double total(const TimeShares& t) {
  double sum = 0;
  for (const TimeShareField& field : kTimeShareFields) sum += t.*field.member;
  return sum;
}

TEST(TimeShares, ABlockingWorkerRunsSleepsAndWaitsForItsCpu) {
  // Two seconds: 0.8 s on a CPU (a quarter in user space by its ticks), 0.1 s runnable, the rest asleep.
  const ProcessTimes from = reading(10 * kSec, 5 * kSec, kSec, {1 * kSec, 3 * kSec}, 100, 7);
  const ProcessTimes to = reading(12 * kSec, 5 * kSec + 800'000'000, kSec + 100'000'000,
                                  {1 * kSec + 200'000'000, 3 * kSec + 600'000'000}, 10'100, 17);
  const CpuTime cpu{to.cpu.user_ns - from.cpu.user_ns, to.cpu.system_ns - from.cpu.system_ns};
  const std::optional<TimeShares> t = time_shares(from, to, 0.0, user_fraction(cpu, nullptr));
  ASSERT_TRUE(t);
  EXPECT_DOUBLE_EQ(t->seconds, 2.0);
  EXPECT_NEAR(t->user, 0.1, 1e-12);
  EXPECT_NEAR(t->kernel, 0.3, 1e-12);
  EXPECT_NEAR(t->cpu_wait, 0.05, 1e-12);
  EXPECT_NEAR(t->sleeping, 0.55, 1e-12);
  EXPECT_EQ(t->spinning, 0.0);
  EXPECT_NEAR(total(*t), 1.0, 1e-12);
  EXPECT_FALSE(t->split_by_profile);
  ASSERT_TRUE(t->voluntary_per_s && t->involuntary_per_s);
  EXPECT_DOUBLE_EQ(*t->voluntary_per_s, 5000.0);
  EXPECT_DOUBLE_EQ(*t->involuntary_per_s, 5.0);
}

TEST(TimeShares, SpinningIsCarvedOutOfTheRunningTime) {
  // A busy loop: always on its CPU, 60% of it in calls that found the pipe full.
  const std::optional<TimeShares> t =
      time_shares(reading(0, 0, 0), reading(kSec, kSec, 0), 0.6, UserFraction{0.5, false});
  ASSERT_TRUE(t);
  EXPECT_NEAR(t->spinning, 0.6, 1e-12);
  EXPECT_NEAR(t->user, 0.2, 1e-12);
  EXPECT_NEAR(t->kernel, 0.2, 1e-12);
  EXPECT_EQ(t->sleeping, 0.0);
  EXPECT_NEAR(total(*t), 1.0, 1e-12);
  // Spin time beyond the running time (readings not taken at one instant) is held to it.
  const std::optional<TimeShares> held =
      time_shares(reading(0, 0, 0), reading(kSec, kSec / 2, 0), 0.9, UserFraction{0.5, false});
  ASSERT_TRUE(held);
  EXPECT_NEAR(held->spinning, 0.5, 1e-12);
  EXPECT_NEAR(held->user + held->kernel, 0.0, 1e-12);
  EXPECT_NEAR(total(*held), 1.0, 1e-12);
  // On a crowded machine: on its CPU a fifth of the time, waiting for it the rest. The worker's
  // clock counted 90% of the wall time in spinning calls, preemptions included: a fifth of that
  // time was on the CPU.
  const std::optional<TimeShares> crowded =
      time_shares(reading(0, 0, 0), reading(kSec, kSec / 5, 4 * kSec / 5), 0.9, UserFraction{0.5, false});
  ASSERT_TRUE(crowded);
  EXPECT_NEAR(crowded->spinning, 0.18, 1e-12);
  EXPECT_NEAR(crowded->cpu_wait, 0.8, 1e-12);
  EXPECT_NEAR(crowded->user, 0.01, 1e-12);
  EXPECT_NEAR(crowded->kernel, 0.01, 1e-12);
  EXPECT_NEAR(total(*crowded), 1.0, 1e-12);
}

TEST(TimeShares, RunningAndWaitingBeyondTheWallTimeAreScaledToFit) {
  const std::optional<TimeShares> t =
      time_shares(reading(0, 0, 0), reading(kSec, 900'000'000, 300'000'000), std::nullopt, std::nullopt);
  ASSERT_TRUE(t);
  EXPECT_NEAR(t->kernel, 0.75, 1e-12);  // no split known: running counts as the kernel's
  EXPECT_NEAR(t->cpu_wait, 0.25, 1e-12);
  EXPECT_EQ(t->sleeping, 0.0);
  EXPECT_NEAR(total(*t), 1.0, 1e-12);
}

TEST(TimeShares, NoTimeOrReadingsGoingBackwardsGiveNothing) {
  EXPECT_FALSE(time_shares(reading(kSec, 0, 0), reading(kSec, 10, 0), 0.0, std::nullopt));
  EXPECT_FALSE(time_shares(reading(0, 5, 0), reading(kSec, 4, 0), 0.0, std::nullopt));
  EXPECT_FALSE(time_shares(reading(0, 0, 5), reading(kSec, 0, 4), 0.0, std::nullopt));
  // Switch counts going backwards (another process) leave only the rates unknown.
  const std::optional<TimeShares> t =
      time_shares(reading(0, 0, 0, {}, 10, 10), reading(kSec, 0, 0, {}, 5, 5), std::nullopt, std::nullopt);
  ASSERT_TRUE(t);
  EXPECT_FALSE(t->voluntary_per_s);
  EXPECT_FALSE(t->involuntary_per_s);
}

TEST(TimeShares, TheProfileSplitsRunningTimeWhenItSeesTheKernel) {
  // The captured blocking write/read writer: most samples in the kernel.
  WorkerProfile profile = testing::worker_profile_fixture("blocking-write-read.writer");
  const double user = testing::share_of(profile.tally, ProfileCategory::user);
  const std::optional<UserFraction> split = user_fraction({kSec, kSec}, &profile);
  ASSERT_TRUE(split);
  EXPECT_TRUE(split->from_profile);
  EXPECT_DOUBLE_EQ(split->fraction, user);
  EXPECT_NE(split->fraction, 0.5);  // not the ticks' half and half
  // User space only, or too few samples: the kernel's ticks decide.
  profile.source.mode = ProfileMode::user_only;
  EXPECT_FALSE(user_fraction({kSec, kSec}, &profile)->from_profile);
  EXPECT_DOUBLE_EQ(user_fraction({kSec, 3 * kSec}, &profile)->fraction, 0.25);
  WorkerProfile few{{"cpu-clock", ProfileMode::kernel_and_user, "", 1000}, {}};
  few.tally.add(ProfileSample{{ProfileFrame{"main", false}}});
  EXPECT_FALSE(user_fraction({kSec, kSec}, &few)->from_profile);
  EXPECT_FALSE(user_fraction({0, 0}, &few));
}

TEST(TimeShares, SpinShareIsSpinTimeOverTheSamplesWallTime) {
  Sample a;
  a.t_ns = kSec;
  a.spin_ns = 100;
  Sample b = a;
  b.t_ns = 3 * kSec;
  b.spin_ns = 100 + kSec / 2;
  EXPECT_DOUBLE_EQ(*spin_share(a, b), 0.25);
  EXPECT_FALSE(spin_share(b, a));
  EXPECT_FALSE(spin_share(a, a));
}

TEST(TimeShares, WordsNameEveryShareInBarOrder) {
  TimeShares t;
  t.user = 0.12;
  t.kernel = 0.41;
  t.cpu_wait = 0.01;
  t.sleeping = 0.46;
  EXPECT_EQ(time_shares_words(t), "user 12% · kernel 41% · cpu wait 1% · sleep 46% · spin 0%");
  EXPECT_EQ(switches_words(t), "");
  t.voluntary_per_s = 5210;
  t.involuntary_per_s = 3;
  EXPECT_EQ(switches_words(t), "5.21 k voluntary/s · 3 involuntary/s");
}

}  // namespace
}  // namespace pipetop
