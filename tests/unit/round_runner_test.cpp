// Paired rounds run through a fake TrialRunner on a fake clock: the VM's slow and fast phases cancel
// in each round's ratio, outliers leave the median alone, disturbed rounds are dropped and counted, the
// race stops early once precise or when the budget would be overrun, more than two arms race at once,
// a failing arm ends it, and each slice carries the steal of its pinned CPUs and its workers' run
// delay, which the machine's stability sums up.

#include "pipetop/core/experiment/round_runner.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "fake_noise.hpp"
#include "fake_trial_runner.hpp"
#include "pipetop/core/experiment/machine_stability.hpp"

namespace pipetop {
namespace {

// The slices these scenarios were written for (half a second), whatever pipetop ab's default.
constexpr std::int64_t kSliceNs = 500 * kNsPerMs;

using testing::FakeTrialRunner;
using testing::Noise;

constexpr std::int64_t kOverheadNs = 40 * kNsPerMs;  // a restart: fork, pre-fault

// The VM's phases: fast (speed 1) and slow (speed `slow`) in turn, each 2 to 10 s long, in a fixed
// pseudo-random sequence; a slice's speed is the mean over its time, so one that straddles a change
// gets a blend (an outlier of its round).
class Phases {
 public:
  explicit Phases(std::int64_t origin_ns, double slow = 0.55, std::uint32_t seed = 7) : slow_(slow) {
    std::int64_t t = origin_ns;
    for (int i = 0; i < 400; ++i) {
      seed = seed * 1664525u + 1013904223u;
      t += 2 * kNsPerS + static_cast<std::int64_t>(seed % 8001u) * kNsPerMs;
      ends_.push_back(t);
    }
  }
  [[nodiscard]] double mean_speed(std::int64_t from_ns, std::int64_t to_ns) const {
    double sum = 0;
    const std::int64_t step = 10 * kNsPerMs;
    int n = 0;
    for (std::int64_t t = from_ns; t < to_ns; t += step, ++n) sum += speed_at(t);
    return n == 0 ? speed_at(from_ns) : sum / n;
  }

 private:
  [[nodiscard]] double speed_at(std::int64_t t) const {
    const auto phase = static_cast<std::size_t>(std::upper_bound(ends_.begin(), ends_.end(), t) - ends_.begin());
    return phase % 2 == 0 ? 1.0 : slow_;
  }
  double slow_;
  std::vector<std::int64_t> ends_;
};

RunConfig arm_config(std::uint64_t buffer_kib) {
  RunConfig c;
  c.buffer_bytes = buffer_kib * kKiB;
  c.writer_cpu = 0;
  c.reader_cpu = 1;
  return c;
}

// Arm i's configuration differs by its buffer; its base figure is `base[i]` GiB/s.
struct Race {
  std::vector<RunConfig> configs;
  std::vector<double> base;
  [[nodiscard]] std::size_t arm_of(const RunConfig& c) const {
    return static_cast<std::size_t>(std::find(configs.begin(), configs.end(), c) - configs.begin());
  }
};

Race two_arms(double a_gib, double b_gib) {
  return {{arm_config(256), arm_config(1024)}, {a_gib, b_gib}};
}

// The figure of the slice the runner just ran: the arm's base × the machine's speed over the slice ×
// noise.
FakeTrialRunner::Script on_machine(const Race& race, FakeTrialRunner& runner, const Phases* phases, Noise* noise) {
  return [&race, &runner, phases, noise](const RunConfig& c, std::int64_t) -> std::optional<double> {
    const FakeTrialRunner::Call& call = runner.calls.back();
    const double speed = phases ? phases->mean_speed(call.started_ns, call.started_ns + call.duration_ns) : 1.0;
    return race.base[race.arm_of(c)] * speed * (noise ? noise->next() : 1.0);
  };
}

// `runner` on the fake machine: each arm's base figure × the phases' speed × noise (when given).
void on_fake_machine(FakeTrialRunner& runner, const Race& race, const Phases* phases = nullptr,
                     Noise* noise = nullptr) {
  runner = FakeTrialRunner(on_machine(race, runner, phases, noise));
}

// The race of `plan` over `race`'s arms through `runner`, until it stops.
PairedRounds race_until_stopped(FakeTrialRunner& runner, const Race& race, RoundsPlan plan,
                                MachineGauge* gauge = nullptr, const RoundObserver& on_round = {}) {
  Result<PairedRounds> r = PairedRounds::start(std::move(plan), runner.now_ns());
  EXPECT_TRUE(r) << r.error().message;
  run_rounds(*r, runner, race.configs, kSliceNs, gauge, on_round);
  return std::move(*r);
}

TEST(RoundRunner, SlicesRunLongEnoughForTheirSteadyPart) {
  EXPECT_EQ(slice_run_ns(500 * kNsPerMs), 555'555'556);  // the warm-up is 10% below 2 s
  EXPECT_EQ(slice_run_ns(1800 * kNsPerMs), 2 * kNsPerS);
  EXPECT_EQ(slice_run_ns(3 * kNsPerS), 3200 * kNsPerMs);  // then 200 ms
}

TEST(RoundRunner, PhasesCancelInEachRoundsRatio) {
  const Race race = two_arms(40, 20);
  FakeTrialRunner runner;
  const Phases phases(runner.now_ns());
  Noise noise(0.005);
  on_fake_machine(runner, race, &phases, &noise);
  runner.overhead(kOverheadNs);
  PairedRounds r = race_until_stopped(runner, race, {2, {{0, 1}}, 60 * kNsPerS, 0.02});
  const RatioEstimate e = r.estimate({0, 1});
  ASSERT_TRUE(e.interval);
  EXPECT_EQ(r.stopped(), StopReason::precise);
  EXPECT_LE(e.interval->low, 2.0);
  EXPECT_GE(e.interval->high, 2.0);
  EXPECT_NEAR(*e.median, 2.0, 0.02);
  EXPECT_LE(*e.precision(), 0.02);
  // Each side on its own swung with the phases by almost 1/0.55.
  EXPECT_GT(*r.arm_figures(0).spread(), 1.6);
  EXPECT_GT(*r.arm_figures(1).spread(), 1.6);
  EXPECT_GT(machine_stability(r).spread.value_or(0), 1.6);
}

TEST(RoundRunner, OrderAlternatesAbba) {
  const Race race = two_arms(40, 20);
  FakeTrialRunner runner;
  on_fake_machine(runner, race);
  PairedRounds r = race_until_stopped(runner, race, {2, {{0, 1}}, 60 * kNsPerS, 0.02});
  ASSERT_GE(runner.calls.size(), 8u);
  std::vector<std::size_t> arms;
  for (std::size_t i = 0; i < 8; ++i) arms.push_back(race.arm_of(runner.calls[i].config));
  EXPECT_EQ(arms, (std::vector<std::size_t>{0, 1, 1, 0, 0, 1, 1, 0}));
  for (const FakeTrialRunner::Call& call : runner.calls) EXPECT_EQ(call.duration_ns, slice_run_ns(kSliceNs));
}

TEST(RoundRunner, StopsAtTheFirstPreciseInterval) {
  const Race race = two_arms(30, 10);
  FakeTrialRunner runner;
  on_fake_machine(runner, race);
  runner.overhead(kOverheadNs);
  int observed = 0;
  PairedRounds r =
      race_until_stopped(runner, race, {2, {{0, 1}}, 30 * kNsPerS, 0.02}, nullptr, [&](PairedRounds&) { ++observed; });
  EXPECT_EQ(r.stopped(), StopReason::precise);
  EXPECT_EQ(r.rounds().size(), 6u);
  EXPECT_EQ(observed, 6);
  EXPECT_EQ(runner.calls.size(), 12u);
  EXPECT_DOUBLE_EQ(*r.estimate({0, 1}).median, 3.0);
  EXPECT_LT(runner.elapsed_ns(), 10 * kNsPerS);
}

TEST(RoundRunner, TheBudgetEndsARaceTooNoisyForThePrecision) {
  const Race race = two_arms(30, 30);
  FakeTrialRunner runner;
  Noise noise(0.10);
  on_fake_machine(runner, race, nullptr, &noise);
  runner.overhead(kOverheadNs);
  const std::int64_t budget = 10 * kNsPerS;
  PairedRounds r = race_until_stopped(runner, race, {2, {{0, 1}}, budget, 0.02});
  EXPECT_EQ(r.stopped(), StopReason::budget);
  const std::int64_t per_round = 2 * (slice_run_ns(kSliceNs) + kOverheadNs);
  EXPECT_LE(runner.elapsed_ns(), budget);
  EXPECT_GT(runner.elapsed_ns() + per_round, budget) << "it stopped only when another round would not fit";
  const RatioEstimate e = r.estimate({0, 1});
  ASSERT_TRUE(e.interval);
  EXPECT_GT(*e.precision(), 0.02);
  EXPECT_LE(e.interval->low, 1.0);
  EXPECT_GE(e.interval->high, 1.0);
}

TEST(RoundRunner, DisturbedRoundsAreDroppedAndCounted) {
  const Race race = two_arms(40, 20);
  FakeTrialRunner runner;
  // The disturbed slices are slow too: kept, they would pull the ratio far from 2.
  runner = FakeTrialRunner([&](const RunConfig& c, std::int64_t) -> std::optional<double> {
    const std::size_t call = runner.calls.size() - 1;
    return race.base[race.arm_of(c)] * (call == 3 || call == 10 ? 0.2 : 1.0);
  });
  runner.disturb_when([](const RunConfig&, std::size_t call) { return call == 3 || call == 10; }, 0.3);
  PairedRounds r = race_until_stopped(runner, race, {2, {{0, 1}}, 60 * kNsPerS, 0.02});
  const RatioEstimate e = r.estimate({0, 1});
  EXPECT_EQ(e.dropped, 2u);
  EXPECT_TRUE(r.rounds()[1].dropped_for({0, 1}));
  EXPECT_TRUE(r.rounds()[5].dropped_for({0, 1}));
  EXPECT_EQ(e.rounds, r.rounds().size() - 2);
  EXPECT_DOUBLE_EQ(*e.median, 2.0);
  EXPECT_EQ(r.stopped(), StopReason::precise);
  const MachineStability s = machine_stability(r);
  EXPECT_DOUBLE_EQ(*s.run_delay_max, 0.3) << "the disturbed slices' wait shows in the stability";
  EXPECT_NEAR(*s.run_delay, 0.3 * 2 / static_cast<double>(s.slices), 1e-12);
}

TEST(RoundRunner, OutliersLeaveTheMedianAlone) {
  const Race race = two_arms(40, 20);
  FakeTrialRunner runner;
  runner = FakeTrialRunner([&](const RunConfig& c, std::int64_t) -> std::optional<double> {
    const std::size_t call = runner.calls.size() - 1;
    const double outlier = call == 4 ? 0.25 : call == 9 ? 3.0 : 1.0;  // undisturbed, just wrong
    return race.base[race.arm_of(c)] * outlier * (1.0 + 0.002 * static_cast<double>(call % 5));
  });
  PairedRounds r = race_until_stopped(runner, race, {2, {{0, 1}}, 60 * kNsPerS, 0.02});
  const RatioEstimate e = r.estimate({0, 1});
  ASSERT_TRUE(e.interval);
  EXPECT_EQ(e.dropped, 0u);
  EXPECT_NEAR(*e.median, 2.0, 0.02);
  EXPECT_LE(e.interval->low, 2.0);
  EXPECT_GE(e.interval->high, 2.0);
  EXPECT_EQ(r.stopped(), StopReason::precise);
  EXPECT_GT(r.rounds().size(), 6u) << "the outliers widened the first intervals";
}

TEST(RoundRunner, ThreeArmsRaceAgainstTheFirst) {
  const Race race{{arm_config(256), arm_config(1024), arm_config(64)}, {20, 40, 10}};
  FakeTrialRunner runner;
  const Phases phases(runner.now_ns());
  Noise noise(0.004);
  on_fake_machine(runner, race, &phases, &noise);
  runner.overhead(kOverheadNs);
  PairedRounds r = race_until_stopped(runner, race, {3, {{1, 0}, {2, 0}}, 90 * kNsPerS, 0.02});
  EXPECT_EQ(r.stopped(), StopReason::precise);
  EXPECT_NEAR(*r.estimate({1, 0}).median, 2.0, 0.02);
  EXPECT_NEAR(*r.estimate({2, 0}).median, 0.5, 0.005);
  std::vector<std::size_t> first_two;
  for (std::size_t i = 0; i < 6; ++i) first_two.push_back(race.arm_of(runner.calls[i].config));
  EXPECT_EQ(first_two, (std::vector<std::size_t>{0, 1, 2, 2, 1, 0}));
}

TEST(RoundRunner, TheObserverRetiresALosingArm) {
  const Race race{{arm_config(256), arm_config(1024), arm_config(64)}, {20, 21, 10}};
  FakeTrialRunner runner;
  Noise noise(0.02);  // arm 1 against arm 0 needs more than 6 rounds to be known within 2%
  on_fake_machine(runner, race, nullptr, &noise);
  // A tuner's rule: a candidate whose whole interval lies below the incumbent (ratio < 1) is dropped.
  PairedRounds r =
      race_until_stopped(runner, race, {3, {{1, 0}, {2, 0}}, 90 * kNsPerS, 0.02}, nullptr, [](PairedRounds& rounds) {
        const RatioEstimate e = rounds.estimate({2, 0});
        if (rounds.live(2) && e.interval && e.interval->high < 1) rounds.retire(2);
      });
  EXPECT_FALSE(r.live(2));
  EXPECT_EQ(r.estimate({2, 0}).rounds, 6u) << "retired at its first interval";
  ASSERT_GT(r.rounds().size(), 6u) << "the race went on without it";
  for (std::size_t i = 6; i < r.rounds().size(); ++i) {
    EXPECT_EQ(r.rounds()[i].slices.size(), 2u);
    EXPECT_EQ(r.rounds()[i].slice_of(2), nullptr);
  }
  EXPECT_EQ(r.stopped(), StopReason::precise);
  EXPECT_NEAR(*r.estimate({1, 0}).median, 1.05, 0.02);
}

TEST(RoundRunner, AFailingArmEndsTheRaceWithItsError) {
  const Race race = two_arms(40, 20);
  FakeTrialRunner runner;
  on_fake_machine(runner, race);
  runner.fail_when([&](const RunConfig& c) { return c == race.configs[1]; }, "worker failed: splice: EINVAL");
  PairedRounds r = race_until_stopped(runner, race, {2, {{0, 1}}, 60 * kNsPerS, 0.02});
  EXPECT_EQ(r.stopped(), StopReason::failed);
  EXPECT_EQ(runner.calls.size(), 2u);
  ASSERT_TRUE(r.failure(1));
  EXPECT_EQ(r.failure(1)->message, "worker failed: splice: EINVAL");
}

// /proc/stat as the fake clock advances: 100 ticks a second on each of 4 CPUs, with `steal_share` of
// CPU 1's and CPU 3's time stolen; the wake-up round trip 15 µs, and 25 µs from `slow_from_ns` of the
// fake clock on.
class ScriptedTicks final : public MachineGauge {
 public:
  ScriptedTicks(FakeTrialRunner& runner, double steal_share,
                std::int64_t slow_from_ns = std::numeric_limits<std::int64_t>::max())
      : runner_(runner), share_(steal_share), slow_from_ns_(slow_from_ns) {}
  std::optional<CpuTickTable> read_cpu_ticks() override {
    ++reads;
    const auto ticks = static_cast<std::uint64_t>(runner_.elapsed_ns() / (10 * kNsPerMs));
    const auto stolen = static_cast<std::uint64_t>(static_cast<double>(ticks) * share_);
    CpuTickTable table;
    for (int cpu = 0; cpu < 4; ++cpu) {
      CpuTicks t;
      t.steal = cpu % 2 == 1 ? stolen : 0;
      t.user = ticks - t.steal;
      table.cpus.emplace_back(cpu, t);
      table.all.user += t.user;
      table.all.steal += t.steal;
    }
    return table;
  }
  std::optional<double> wakeup_round_trip_us(const RunConfig& config) override {
    probes.push_back({runner_.elapsed_ns(), config});
    return runner_.elapsed_ns() < slow_from_ns_ ? 15.0 : 25.0;
  }
  int reads = 0;
  struct Probe {
    std::int64_t at_ns;
    RunConfig config;
  };
  std::vector<Probe> probes;

 private:
  FakeTrialRunner& runner_;
  double share_;
  std::int64_t slow_from_ns_;
};

TEST(RoundRunner, EachSliceCarriesTheStealOfItsPinnedCpus) {
  Race race = two_arms(40, 20);
  race.configs[1].writer_cpu = kUnpinned;  // B unpinned: the whole machine's steal
  race.configs[1].reader_cpu = kUnpinned;
  FakeTrialRunner runner;
  on_fake_machine(runner, race);
  ScriptedTicks ticks(runner, 0.04);
  PairedRounds r = race_until_stopped(runner, race, {2, {{0, 1}}, 60 * kNsPerS, 0.02}, &ticks);
  EXPECT_EQ(ticks.reads, static_cast<int>(2 * runner.calls.size()));
  for (const Round& round : r.rounds()) {
    // Ticks are whole: a slice of 55 or 56 of them steals 2 or 3 on CPU 1 (and 3).
    EXPECT_NEAR(round.slice_of(0)->steal.value_or(-1), 0.02, 0.01) << "CPUs 0 and 1: half the CPUs lose 4%";
    EXPECT_NEAR(round.slice_of(1)->steal.value_or(-1), 0.02, 0.01) << "all four CPUs";
    EXPECT_EQ(round.slice_of(0)->run_delay, 0.0);
    EXPECT_GT(round.slice_of(0)->ended_ns, round.slice_of(0)->started_ns);
  }
  const MachineStability s = machine_stability(r);
  EXPECT_NEAR(*s.steal, 0.02, 0.002);
  EXPECT_EQ(stability_words(s).find("a fixed configuration varied 1.00× between rounds; steal "), 0u)
      << stability_words(s);
  EXPECT_NE(stability_words(s).find("% of a slice); run delay 0%"), std::string::npos) << stability_words(s);
}

TEST(RoundRunner, EachRoundReadsTheWakeupOnceBeforeItsFirstSlice) {
  const Race race = two_arms(40, 20);
  FakeTrialRunner runner;
  Noise noise(0.05);  // so the interval never gets precise enough to stop the race early
  on_fake_machine(runner, race, nullptr, &noise);
  ScriptedTicks gauge(runner, 0, 10 * kNsPerS);
  PairedRounds r = race_until_stopped(runner, race, {2, {{0, 1}}, 20 * kNsPerS, 0.001}, &gauge);
  EXPECT_EQ(r.stopped(), StopReason::budget);
  ASSERT_EQ(gauge.probes.size(), r.rounds().size());
  const std::int64_t origin_ns = runner.now_ns() - runner.elapsed_ns();  // the fake clock's elapsed 0
  for (std::size_t i = 0; i < r.rounds().size(); ++i) {
    const Round& round = r.rounds()[i];
    EXPECT_EQ(round.slices.front().wakeup_us, round.wakeup_us());
    EXPECT_FALSE(round.slices.back().wakeup_us) << "one reading a round, before it";
    EXPECT_LE(gauge.probes[i].at_ns, round.slices.front().started_ns - origin_ns);
    if (i > 0) {
      EXPECT_GE(gauge.probes[i].at_ns, r.rounds()[i - 1].slices.back().ended_ns - origin_ns);
    }
    EXPECT_EQ(gauge.probes[i].config, race.configs[round.slices.front().arm]) << "between the slice's CPUs";
  }
  EXPECT_EQ(r.rounds().front().wakeup_us(), 15.0);
  EXPECT_EQ(r.rounds().back().wakeup_us(), 25.0);
  const MachineStability s = machine_stability(r);
  EXPECT_EQ(s.wakeup_min_us, 15.0);
  EXPECT_EQ(s.wakeup_max_us, 25.0);
  ASSERT_TRUE(s.wakeup_us);
  EXPECT_TRUE(*s.wakeup_us == 15.0 || *s.wakeup_us == 20.0 || *s.wakeup_us == 25.0) << *s.wakeup_us;
  EXPECT_NE(stability_words(s).find("; wake-up round trip "), std::string::npos) << stability_words(s);
  EXPECT_NE(stability_words(s).find(" µs (15.0–25.0 between rounds)"), std::string::npos) << stability_words(s);
}

TEST(RoundRunner, WithoutTicksTheSlicesHaveNoSteal) {
  const Race race = two_arms(40, 20);
  FakeTrialRunner runner;
  on_fake_machine(runner, race);
  PairedRounds r = race_until_stopped(runner, race, {2, {{0, 1}}, 60 * kNsPerS, 0.02});
  const MachineStability s = machine_stability(r);
  EXPECT_FALSE(s.steal);
  EXPECT_FALSE(s.wakeup_us);
  EXPECT_FALSE(r.rounds().front().wakeup_us());
  EXPECT_EQ(stability_words(s).find("steal"), std::string::npos) << stability_words(s);
  EXPECT_EQ(stability_words(s).find("wake-up"), std::string::npos) << stability_words(s);
  EXPECT_EQ(pinned_cpus(race.configs[0]), (std::vector<int>{0, 1}));
  RunConfig same_core = race.configs[0];
  same_core.reader_cpu = 0;
  EXPECT_EQ(pinned_cpus(same_core), (std::vector<int>{0}));
  EXPECT_TRUE(pinned_cpus(RunConfig{}).empty());
}

TEST(RoundRunner, NothingMeasuredHasNoWords) {
  EXPECT_EQ(stability_words(MachineStability{}), "nothing measured yet");
}

}  // namespace
}  // namespace pipetop
