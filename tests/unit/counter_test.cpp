#include "pipetop/core/counters/counter.hpp"

#include <gtest/gtest.h>

#include <optional>

#include "pipetop/core/counters/counter_info.hpp"

namespace pipetop {
namespace {

// ---------------------------------------------------------------- scaled_delta

TEST(ScaledDelta, PlainDeltaWhenRunningTheWholeTime) {
  const CounterReading from{1000, 5000, 5000};
  const CounterReading to{4500, 9000, 9000};
  const std::optional<double> d = scaled_delta(from, to);
  ASSERT_TRUE(d.has_value());
  EXPECT_DOUBLE_EQ(*d, 3500.0);
}

TEST(ScaledDelta, FromZeroIsTheCumulativeValue) {
  const std::optional<double> d = scaled_delta(CounterReading{}, CounterReading{777, 100, 100});
  ASSERT_TRUE(d.has_value());
  EXPECT_DOUBLE_EQ(*d, 777.0);
}

TEST(ScaledDelta, ScaledByEnabledOverRunningWhenMultiplexed) {
  // 630 counted while on a counter for 63 of the 100 ns it was enabled: about 1000 in all.
  const std::optional<double> d = scaled_delta(CounterReading{0, 0, 0}, CounterReading{630, 100, 63});
  ASSERT_TRUE(d.has_value());
  EXPECT_NEAR(*d, 1000.0, 1e-9);
}

TEST(ScaledDelta, ScalingUsesTheIntervalsTimesNotTheCumulativeOnes) {
  // Before: 1000 counted, enabled 2000, running 2000 (never multiplexed).
  // Interval: +500 counted, enabled +1000, running +250 → 500 * 1000/250 = 2000.
  const CounterReading from{1000, 2000, 2000};
  const CounterReading to{1500, 3000, 2250};
  const std::optional<double> d = scaled_delta(from, to);
  ASSERT_TRUE(d.has_value());
  EXPECT_NEAR(*d, 2000.0, 1e-9);
}

TEST(ScaledDelta, ZeroCountWhileRunningIsZeroNotAbsent) {
  const std::optional<double> d = scaled_delta(CounterReading{42, 100, 100}, CounterReading{42, 200, 150});
  ASSERT_TRUE(d.has_value());
  EXPECT_DOUBLE_EQ(*d, 0.0);
}

TEST(ScaledDelta, NothingWhenItNeverRanInTheInterval) {
  // Enabled for 1000 ns but never scheduled on a counter: no honest number.
  EXPECT_FALSE(scaled_delta(CounterReading{0, 0, 0}, CounterReading{0, 1000, 0}).has_value());
  EXPECT_FALSE(scaled_delta(CounterReading{50, 400, 300}, CounterReading{50, 900, 300}).has_value());
  // Not even enabled.
  EXPECT_FALSE(scaled_delta(CounterReading{}, CounterReading{}).has_value());
}

TEST(ScaledDelta, NothingWhenReadingsGoBackwards) {
  const CounterReading later{1000, 2000, 2000};
  const CounterReading earlier{500, 1000, 1000};
  EXPECT_FALSE(scaled_delta(later, earlier).has_value());
  // Only the value went back.
  EXPECT_FALSE(scaled_delta(CounterReading{1000, 100, 100}, CounterReading{999, 200, 200}).has_value());
  // Only the running time went back.
  EXPECT_FALSE(scaled_delta(CounterReading{10, 100, 100}, CounterReading{20, 200, 50}).has_value());
  // Only the enabled time went back.
  EXPECT_FALSE(scaled_delta(CounterReading{10, 300, 100}, CounterReading{20, 200, 150}).has_value());
}

TEST(ScaledDelta, LargeCountsStayExactEnough) {
  const CounterReading from{1'000'000'000'000ULL, 1'000'000'000ULL, 1'000'000'000ULL};
  const CounterReading to{1'003'000'000'000ULL, 2'000'000'000ULL, 2'000'000'000ULL};
  const std::optional<double> d = scaled_delta(from, to);
  ASSERT_TRUE(d.has_value());
  EXPECT_DOUBLE_EQ(*d, 3e9);
}

// ---------------------------------------------------------------- running_fraction

TEST(RunningFraction, OneWhenRunningTheWholeTime) {
  const std::optional<double> f = running_fraction(CounterReading{0, 100, 100}, CounterReading{50, 600, 600});
  ASSERT_TRUE(f.has_value());
  EXPECT_DOUBLE_EQ(*f, 1.0);
}

TEST(RunningFraction, TheShareOfTheIntervalOnACounter) {
  const std::optional<double> f = running_fraction(CounterReading{0, 0, 0}, CounterReading{630, 100, 63});
  ASSERT_TRUE(f.has_value());
  EXPECT_NEAR(*f, 0.63, 1e-12);
  // Of the interval, not of all time: +1000 enabled, +250 running.
  const std::optional<double> g = running_fraction(CounterReading{1000, 2000, 2000}, CounterReading{1500, 3000, 2250});
  ASSERT_TRUE(g.has_value());
  EXPECT_NEAR(*g, 0.25, 1e-12);
}

TEST(RunningFraction, ZeroWhenEnabledButNeverRunning) {
  const std::optional<double> f = running_fraction(CounterReading{0, 0, 0}, CounterReading{0, 1000, 0});
  ASSERT_TRUE(f.has_value());
  EXPECT_DOUBLE_EQ(*f, 0.0);
}

TEST(RunningFraction, NeverAboveOne) {
  // Running more than enabled cannot happen, but a reading that says so stays within [0, 1].
  const std::optional<double> f = running_fraction(CounterReading{0, 0, 0}, CounterReading{10, 100, 150});
  ASSERT_TRUE(f.has_value());
  EXPECT_GE(*f, 0.0);
  EXPECT_LE(*f, 1.0);
}

TEST(RunningFraction, NothingWhenNotEnabledInTheInterval) {
  EXPECT_FALSE(running_fraction(CounterReading{}, CounterReading{}).has_value());
  EXPECT_FALSE(running_fraction(CounterReading{5, 500, 400}, CounterReading{5, 500, 400}).has_value());
  // Enabled time going backwards is no interval either.
  EXPECT_FALSE(running_fraction(CounterReading{5, 500, 400}, CounterReading{9, 400, 400}).has_value());
}

TEST(RunningFraction, NothingWhenRunningTimeGoesBackwards) {
  EXPECT_FALSE(running_fraction(CounterReading{5, 500, 400}, CounterReading{9, 900, 300}).has_value());
}

// ---------------------------------------------------------------- CounterState

TEST(CounterStateNames, EveryStateHasAName) {
  EXPECT_EQ(to_string(CounterState::counting), "counting");
  EXPECT_EQ(to_string(CounterState::user_only), "user-only");
  EXPECT_EQ(to_string(CounterState::unavailable), "unavailable");
}

TEST(CounterStateNames, DefaultInfoIsUnavailable) {
  const CounterInfo info;
  EXPECT_EQ(info.state, CounterState::unavailable);
}

}  // namespace
}  // namespace pipetop
