#include "pipetop/core/counters/derived_figures.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/base/size.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kT0 = 7'000'000'000;  // an arbitrary CLOCK_MONOTONIC instant
constexpr std::int64_t kSecond = 1'000'000'000;

enum Index : std::size_t { kCycles, kInstructions, kDtlb, kItlb, kPageFaults, kSwitches, kTaskClock, kCount };

std::vector<CounterInfo> layout() {
  return {
      {"cycles", CounterState::counting, ""},           {"instructions", CounterState::counting, ""},
      {"dTLB-load-misses", CounterState::counting, ""}, {"iTLB-load-misses", CounterState::counting, ""},
      {"page-faults", CounterState::counting, ""},      {"context-switches", CounterState::counting, ""},
      {"task-clock", CounterState::counting, ""},
  };
}

// A sample at `t_ns` with `bytes` moved and every counter running the whole time since t = 0.
Sample sample_at(std::int64_t t_ns, std::uint64_t bytes) {
  Sample s;
  s.t_ns = t_ns;
  s.bytes = bytes;
  s.counter_count = kCount;
  const auto enabled = static_cast<std::uint64_t>(t_ns);
  for (std::size_t i = 0; i < kCount; ++i) s.counters[i] = CounterReading{0, enabled, enabled};
  return s;
}

void set(Sample& s, Index i, std::uint64_t value) {
  s.counters[i].value = value;
}

// Interval: 2 s, 4 GiB moved; deltas chosen so every figure is a round number.
struct Pair {
  Sample from;
  Sample to;
};

Pair two_samples() {
  Pair p{sample_at(kT0, 10 * kGiB), sample_at(kT0 + 2 * kSecond, 14 * kGiB)};
  set(p.from, kCycles, 1'000'000);
  set(p.from, kInstructions, 2'000'000);
  set(p.from, kDtlb, 100);
  set(p.from, kItlb, 10);
  set(p.from, kPageFaults, 5);
  set(p.from, kSwitches, 7);
  set(p.from, kTaskClock, 3 * static_cast<std::uint64_t>(kSecond));
  // Deltas: 8 Mi cycles, 12 Mi instructions, 8192 dTLB, 2048 iTLB, 40 faults, 1000 switches, 1.5 s task.
  set(p.to, kCycles, 1'000'000 + 8 * kMiB);
  set(p.to, kInstructions, 2'000'000 + 12 * kMiB);
  set(p.to, kDtlb, 100 + 8192);
  set(p.to, kItlb, 10 + 2048);
  set(p.to, kPageFaults, 5 + 40);
  set(p.to, kSwitches, 7 + 1000);
  set(p.to, kTaskClock, 3 * static_cast<std::uint64_t>(kSecond) + 1'500'000'000);
  return p;
}

constexpr double kBytes = 4.0 * static_cast<double>(kGiB);
constexpr double kSeconds = 2.0;

TEST(DeriveFigures, EveryFigureFromTheIntervalsDeltas) {
  const Pair p = two_samples();
  const DerivedFigures f = derive_figures(layout(), p.from, p.to);
  ASSERT_TRUE(f.ipc.has_value());
  EXPECT_DOUBLE_EQ(*f.ipc, 12.0 / 8.0);
  ASSERT_TRUE(f.cycles_per_kib.has_value());
  EXPECT_DOUBLE_EQ(*f.cycles_per_kib, 8.0 * kMiB / (kBytes / kKiB));
  ASSERT_TRUE(f.instructions_per_kib.has_value());
  EXPECT_DOUBLE_EQ(*f.instructions_per_kib, 12.0 * kMiB / (kBytes / kKiB));
  ASSERT_TRUE(f.dtlb_misses_per_mib.has_value());
  EXPECT_DOUBLE_EQ(*f.dtlb_misses_per_mib, 8192.0 / (kBytes / kMiB));  // 2 per MiB
  ASSERT_TRUE(f.itlb_misses_per_mib.has_value());
  EXPECT_DOUBLE_EQ(*f.itlb_misses_per_mib, 0.5);
  ASSERT_TRUE(f.page_faults_per_gib.has_value());
  EXPECT_DOUBLE_EQ(*f.page_faults_per_gib, 10.0);
  ASSERT_TRUE(f.context_switches_per_s.has_value());
  EXPECT_DOUBLE_EQ(*f.context_switches_per_s, 1000.0 / kSeconds);
  ASSERT_TRUE(f.context_switches_per_gib.has_value());
  EXPECT_DOUBLE_EQ(*f.context_switches_per_gib, 250.0);
  ASSERT_TRUE(f.cpu_utilisation.has_value());
  EXPECT_DOUBLE_EQ(*f.cpu_utilisation, 0.75);
}

TEST(DeriveFigures, CyclesPerKibIsExact) {
  // 8 Mi cycles over 4 GiB = 4 Mi KiB: 2 cycles per KiB.
  const Pair p = two_samples();
  const DerivedFigures f = derive_figures(layout(), p.from, p.to);
  ASSERT_TRUE(f.cycles_per_kib.has_value());
  EXPECT_DOUBLE_EQ(*f.cycles_per_kib, 2.0);
  ASSERT_TRUE(f.instructions_per_kib.has_value());
  EXPECT_DOUBLE_EQ(*f.instructions_per_kib, 3.0);
}

TEST(DeriveFigures, LayoutOrderDoesNotMatterOnlyNames) {
  // The same counters in another order (and an unrelated one in between): figures are found by name.
  const Pair p = two_samples();
  std::vector<CounterInfo> shuffled = layout();
  Pair q = p;
  std::swap(shuffled[kCycles], shuffled[kTaskClock]);
  std::swap(q.from.counters[kCycles], q.from.counters[kTaskClock]);
  std::swap(q.to.counters[kCycles], q.to.counters[kTaskClock]);
  const DerivedFigures a = derive_figures(layout(), p.from, p.to);
  const DerivedFigures b = derive_figures(shuffled, q.from, q.to);
  for (const DerivedField& field : kDerivedFields) {
    EXPECT_EQ(a.*field.member, b.*field.member) << field.key;
  }
}

TEST(DeriveFigures, MultiplexedCountersAreScaled) {
  Pair p = two_samples();
  // cycles on a counter only 25% of the interval: the 2 Mi counted stand for 8 Mi.
  const std::uint64_t interval = 2 * static_cast<std::uint64_t>(kSecond);
  p.to.counters[kCycles].value = p.from.counters[kCycles].value + 2 * kMiB;
  p.to.counters[kCycles].time_running = p.from.counters[kCycles].time_running + interval / 4;
  const DerivedFigures f = derive_figures(layout(), p.from, p.to);
  ASSERT_TRUE(f.ipc.has_value());
  EXPECT_DOUBLE_EQ(*f.ipc, 1.5);
  ASSERT_TRUE(f.cycles_per_kib.has_value());
  EXPECT_DOUBLE_EQ(*f.cycles_per_kib, 2.0);
}

TEST(DeriveFigures, UnavailableCounterGivesNoFigure) {
  const Pair p = two_samples();
  std::vector<CounterInfo> infos = layout();
  infos[kCycles].state = CounterState::unavailable;
  infos[kCycles].reason = "no hardware PMU (virtual machines often expose none)";
  const DerivedFigures f = derive_figures(infos, p.from, p.to);
  EXPECT_FALSE(f.ipc.has_value());
  EXPECT_FALSE(f.cycles_per_kib.has_value());
  EXPECT_TRUE(f.instructions_per_kib.has_value()) << "other figures are unaffected";
  EXPECT_TRUE(f.cpu_utilisation.has_value());

  infos = layout();
  infos[kDtlb].state = CounterState::unavailable;
  infos[kItlb].state = CounterState::unavailable;
  infos[kPageFaults].state = CounterState::unavailable;
  infos[kSwitches].state = CounterState::unavailable;
  infos[kTaskClock].state = CounterState::unavailable;
  const DerivedFigures g = derive_figures(infos, p.from, p.to);
  EXPECT_FALSE(g.dtlb_misses_per_mib.has_value());
  EXPECT_FALSE(g.itlb_misses_per_mib.has_value());
  EXPECT_FALSE(g.page_faults_per_gib.has_value());
  EXPECT_FALSE(g.context_switches_per_s.has_value());
  EXPECT_FALSE(g.context_switches_per_gib.has_value());
  EXPECT_FALSE(g.cpu_utilisation.has_value());
  EXPECT_TRUE(g.ipc.has_value());
}

TEST(DeriveFigures, UserOnlyCountersStillCount) {
  const Pair p = two_samples();
  std::vector<CounterInfo> infos = layout();
  for (CounterInfo& c : infos) c.state = CounterState::user_only;
  const DerivedFigures f = derive_figures(infos, p.from, p.to);
  ASSERT_TRUE(f.ipc.has_value());
  EXPECT_DOUBLE_EQ(*f.ipc, 1.5);
  EXPECT_TRUE(f.cpu_utilisation.has_value());
}

TEST(DeriveFigures, MissingCounterGivesNoFigure) {
  // A layout without instructions or task-clock at all.
  const Pair p = two_samples();
  std::vector<CounterInfo> infos = layout();
  infos[kInstructions].name = "cache-misses";
  infos[kTaskClock].name = "cpu-migrations";
  const DerivedFigures f = derive_figures(infos, p.from, p.to);
  EXPECT_FALSE(f.ipc.has_value());
  EXPECT_FALSE(f.instructions_per_kib.has_value());
  EXPECT_FALSE(f.cpu_utilisation.has_value());
  EXPECT_TRUE(f.cycles_per_kib.has_value());
  // And no layout at all: nothing.
  const DerivedFigures none = derive_figures({}, p.from, p.to);
  for (const DerivedField& field : kDerivedFields) EXPECT_FALSE((none.*field.member).has_value()) << field.key;
}

TEST(DeriveFigures, CounterThatDidNotRunGivesNoFigure) {
  Pair p = two_samples();
  // Enabled the whole interval but never on a counter.
  p.to.counters[kInstructions] = p.from.counters[kInstructions];
  p.to.counters[kInstructions].time_enabled += 2 * static_cast<std::uint64_t>(kSecond);
  p.to.counters[kTaskClock] = p.from.counters[kTaskClock];
  p.to.counters[kTaskClock].time_enabled += 2 * static_cast<std::uint64_t>(kSecond);
  p.to.counters[kSwitches] = p.from.counters[kSwitches];
  p.to.counters[kSwitches].time_enabled += 2 * static_cast<std::uint64_t>(kSecond);
  const DerivedFigures f = derive_figures(layout(), p.from, p.to);
  EXPECT_FALSE(f.ipc.has_value());
  EXPECT_FALSE(f.instructions_per_kib.has_value());
  EXPECT_FALSE(f.cpu_utilisation.has_value());
  EXPECT_FALSE(f.context_switches_per_s.has_value());
  EXPECT_FALSE(f.context_switches_per_gib.has_value());
  EXPECT_TRUE(f.cycles_per_kib.has_value());
}

TEST(DeriveFigures, ZeroCyclesGivesNoIpc) {
  Pair p = two_samples();
  p.to.counters[kCycles].value = p.from.counters[kCycles].value;
  const DerivedFigures f = derive_figures(layout(), p.from, p.to);
  EXPECT_FALSE(f.ipc.has_value()) << "no division by zero";
  ASSERT_TRUE(f.cycles_per_kib.has_value());
  EXPECT_DOUBLE_EQ(*f.cycles_per_kib, 0.0) << "zero counted is a real zero";
}

TEST(DeriveFigures, NoBytesMovedGivesNoPerByteFigures) {
  Pair p = two_samples();
  p.to.bytes = p.from.bytes;
  const DerivedFigures f = derive_figures(layout(), p.from, p.to);
  EXPECT_FALSE(f.cycles_per_kib.has_value());
  EXPECT_FALSE(f.instructions_per_kib.has_value());
  EXPECT_FALSE(f.dtlb_misses_per_mib.has_value());
  EXPECT_FALSE(f.itlb_misses_per_mib.has_value());
  EXPECT_FALSE(f.page_faults_per_gib.has_value());
  EXPECT_FALSE(f.context_switches_per_gib.has_value());
  // Figures that do not depend on bytes are still there.
  ASSERT_TRUE(f.ipc.has_value());
  EXPECT_DOUBLE_EQ(*f.ipc, 1.5);
  ASSERT_TRUE(f.context_switches_per_s.has_value());
  EXPECT_DOUBLE_EQ(*f.context_switches_per_s, 500.0);
  ASSERT_TRUE(f.cpu_utilisation.has_value());
  EXPECT_DOUBLE_EQ(*f.cpu_utilisation, 0.75);
}

TEST(DeriveFigures, TimeNotAdvancingGivesNoPerSecondFigures) {
  Pair p = two_samples();
  p.to.t_ns = p.from.t_ns;
  const DerivedFigures same = derive_figures(layout(), p.from, p.to);
  EXPECT_FALSE(same.context_switches_per_s.has_value());
  EXPECT_FALSE(same.cpu_utilisation.has_value());
  p.to.t_ns = p.from.t_ns - kSecond;  // backwards
  const DerivedFigures back = derive_figures(layout(), p.from, p.to);
  EXPECT_FALSE(back.context_switches_per_s.has_value());
  EXPECT_FALSE(back.cpu_utilisation.has_value());
}

TEST(DeriveFigures, SamplesInTheWrongOrderGiveNothing) {
  const Pair p = two_samples();
  const DerivedFigures f = derive_figures(layout(), p.to, p.from);
  for (const DerivedField& field : kDerivedFields) EXPECT_FALSE((f.*field.member).has_value()) << field.key;
}

TEST(DeriveFigures, CountersBeyondTheSamplesReadingsAreNotUsed) {
  Pair p = two_samples();
  p.from.counter_count = kInstructions;  // only cycles read in the first sample
  p.to.counter_count = kInstructions;
  const DerivedFigures f = derive_figures(layout(), p.from, p.to);
  EXPECT_TRUE(f.cycles_per_kib.has_value());
  EXPECT_FALSE(f.ipc.has_value());
  EXPECT_FALSE(f.instructions_per_kib.has_value());
  EXPECT_FALSE(f.cpu_utilisation.has_value());
}

// ---------------------------------------------------------------- counter_delta

TEST(CounterDelta, ByName) {
  const Pair p = two_samples();
  const std::optional<double> d = counter_delta(layout(), "dTLB-load-misses", p.from, p.to);
  ASSERT_TRUE(d.has_value());
  EXPECT_DOUBLE_EQ(*d, 8192.0);
  const std::optional<double> t = counter_delta(layout(), "task-clock", p.from, p.to);
  ASSERT_TRUE(t.has_value());
  EXPECT_DOUBLE_EQ(*t, 1.5e9);
}

TEST(CounterDelta, ScaledWhenMultiplexed) {
  Pair p = two_samples();
  p.to.counters[kPageFaults].value = p.from.counters[kPageFaults].value + 63;
  p.to.counters[kPageFaults].time_running =
      p.from.counters[kPageFaults].time_running + 63 * (2 * static_cast<std::uint64_t>(kSecond)) / 100;
  const std::optional<double> d = counter_delta(layout(), "page-faults", p.from, p.to);
  ASSERT_TRUE(d.has_value());
  EXPECT_NEAR(*d, 100.0, 1e-9);
}

TEST(CounterDelta, AbsentWhenUnknownUnavailableOrCaseDiffers) {
  const Pair p = two_samples();
  EXPECT_FALSE(counter_delta(layout(), "cache-misses", p.from, p.to).has_value());
  EXPECT_FALSE(counter_delta(layout(), "CYCLES", p.from, p.to).has_value()) << "names match exactly";
  std::vector<CounterInfo> infos = layout();
  infos[kSwitches].state = CounterState::unavailable;
  EXPECT_FALSE(counter_delta(infos, "context-switches", p.from, p.to).has_value());
}

// ---------------------------------------------------------------- kDerivedFields

TEST(DerivedFields, KeysAndLabelsAreUniqueAndMembersDistinct) {
  std::set<std::string_view> keys;
  std::set<std::string_view> labels;
  for (const DerivedField& field : kDerivedFields) {
    EXPECT_TRUE(keys.insert(field.key).second) << "duplicate key " << field.key;
    EXPECT_TRUE(labels.insert(field.label).second) << "duplicate label " << field.label;
    EXPECT_FALSE(field.key.empty());
    EXPECT_GE(field.decimals, 0);
  }
  EXPECT_EQ(keys.size(), 9u);
  // Each field reads its own member: set one at a time and only that field sees it.
  for (std::size_t i = 0; i < kDerivedFields.size(); ++i) {
    DerivedFigures f;
    f.*kDerivedFields[i].member = static_cast<double>(i + 1);
    for (std::size_t j = 0; j < kDerivedFields.size(); ++j) {
      EXPECT_EQ((f.*kDerivedFields[j].member).has_value(), i == j) << kDerivedFields[i].key;
    }
  }
}

TEST(DerivedFields, KeysAreJsonFriendly) {
  for (const DerivedField& field : kDerivedFields) {
    for (const char c : field.key) {
      EXPECT_TRUE((c >= 'a' && c <= 'z') || c == '_') << field.key;
    }
  }
  EXPECT_EQ(kDerivedFields.front().key, "ipc");
}

}  // namespace
}  // namespace pipetop
