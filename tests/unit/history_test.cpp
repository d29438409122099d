#include "pipetop/core/screen/history.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "pipetop/core/base/size.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kMs = 1'000'000;
constexpr std::int64_t kSecond = 1'000'000'000;
constexpr auto kGiBd = static_cast<double>(kGiB);

Sample at(std::int64_t t_ns, std::uint64_t bytes) {
  Sample s{};
  s.t_ns = t_ns;
  s.bytes = bytes;
  return s;
}

// A new segment, as a SegmentStart event brings it.
void begin(History& h, std::int64_t t_ns, const RunConfig& config, std::string label,
           std::vector<CounterInfo> writer_counters, std::vector<CounterInfo> reader_counters) {
  h.begin_segment(
      SegmentStart{t_ns, config, std::move(label), std::move(writer_counters), std::move(reader_counters), 0, {}});
}

// Bytes moved in `ns` at `gib_per_s`.
std::uint64_t bytes_for(double gib_per_s, std::int64_t ns) {
  return static_cast<std::uint64_t>(std::llround(gib_per_s * kGiBd * static_cast<double>(ns) / 1e9));
}

// A worker session as the dashboard sees it: cumulative bytes from zero, one sample per step.
class Feed {
 public:
  explicit Feed(History& h) : h_(h) {}
  void begin(std::int64_t t_ns, std::string label, RunConfig config = {}, std::vector<CounterInfo> counters = {}) {
    pipetop::begin(h_, t_ns, config, std::move(label), counters, counters);
    t_ = t_ns;
    bytes_ = 0;
    h_.add(WorkerRole::reader, at(t_, 0));
  }
  void run(std::int64_t ns, double gib_per_s, std::int64_t step = 10 * kMs) {
    for (std::int64_t done = 0; done < ns; done += step) {
      t_ += step;
      bytes_ += bytes_for(gib_per_s, step);
      h_.add(WorkerRole::reader, at(t_, bytes_));
    }
  }
  [[nodiscard]] std::int64_t now() const { return t_; }

 private:
  History& h_;
  std::int64_t t_ = 0;
  std::uint64_t bytes_ = 0;
};

TEST(History, RatesFromConsecutiveReaderSamples) {
  History h;
  begin(h, 0, {}, "write/read", {}, {});
  h.add(WorkerRole::reader, at(0, 0));
  h.add(WorkerRole::reader, at(20 * kMs, kGiB / 50));
  h.add(WorkerRole::reader, at(40 * kMs, kGiB / 50 + kGiB / 10));
  ASSERT_EQ(h.rates().size(), 2U);
  EXPECT_EQ(h.rates()[0].t0_ns, 0);
  EXPECT_EQ(h.rates()[0].t1_ns, 20 * kMs);
  EXPECT_NEAR(h.rates()[0].gib_per_s, 1.0, 1e-6);
  EXPECT_EQ(h.rates()[1].t0_ns, 20 * kMs);
  EXPECT_EQ(h.rates()[1].t1_ns, 40 * kMs);
  EXPECT_NEAR(h.rates()[1].gib_per_s, 5.0, 1e-6);
  EXPECT_EQ(h.latest_ns(), 40 * kMs);
}

// Shorter intervals are merged into stretches of 20 ms with their lowest and highest rate, so the
// chart's work per frame does not depend on the sampling interval.
TEST(History, ShortIntervalsMergeIntoStretchesThatKeepTheirExtremes) {
  History h;
  begin(h, 0, {}, "x", {}, {});
  h.add(WorkerRole::reader, at(0, 0));
  std::uint64_t bytes = 0;
  for (int k = 1; k <= 40; ++k) {  // 1 ms intervals alternating 1 and 3 GiB/s
    bytes += bytes_for(k % 2 == 1 ? 1.0 : 3.0, kMs);
    h.add(WorkerRole::reader, at(k * kMs, bytes));
  }
  ASSERT_EQ(h.rates().size(), 2U);
  for (const RatePoint& p : h.rates()) {
    EXPECT_EQ(p.t1_ns - p.t0_ns, 20 * kMs);
    EXPECT_NEAR(p.gib_per_s, 2.0, 1e-6);
    EXPECT_NEAR(p.lo, 1.0, 1e-6);
    EXPECT_NEAR(p.hi, 3.0, 1e-6);
  }
}

TEST(History, WriterSamplesGiveNoRate) {
  History h;
  begin(h, 0, {}, "x", {}, {});
  h.add(WorkerRole::writer, at(0, 0));
  h.add(WorkerRole::writer, at(10 * kMs, kGiB));
  EXPECT_TRUE(h.rates().empty());
  EXPECT_EQ(h.latest_ns(), 10 * kMs);
}

TEST(History, NothingBeforeTheFirstSegmentNorOutOfOrder) {
  History h;
  EXPECT_FALSE(h.latest_ns().has_value());
  EXPECT_FALSE(h.current_gib_per_s().has_value());
  EXPECT_FALSE(h.current_segment_stats().mean.has_value());
  begin(h, 0, {}, "x", {}, {});
  h.add(WorkerRole::reader, at(100 * kMs, 1000));
  h.add(WorkerRole::reader, at(100 * kMs, 2000));  // same instant: ignored
  h.add(WorkerRole::reader, at(50 * kMs, 3000));   // backwards: ignored
  EXPECT_TRUE(h.rates().empty());
  h.add(WorkerRole::reader, at(110 * kMs, 1000 + kGiB / 100));
  ASSERT_EQ(h.rates().size(), 1U);  // the out-of-order samples left no stretch
  EXPECT_NEAR(h.rates()[0].gib_per_s, 1.0, 1e-6);
}

TEST(History, NoRateAcrossASegmentBoundary) {
  History h;
  Feed f(h);
  f.begin(0, "write/read");
  f.run(1 * kSecond, 2.0);
  const std::size_t before = h.rates().size();
  EXPECT_EQ(before, 50U);  // 10 ms samples in stretches of 20 ms
  // The new session counts from zero: a rate across would be negative or absurd.
  const std::int64_t change = f.now() + 5 * kMs;
  f.begin(change, "+vmsplice");
  EXPECT_EQ(h.rates().size(), before);
  f.run(1 * kSecond, 8.0);
  ASSERT_EQ(h.rates().size(), before + 50);
  for (std::size_t i = before; i < h.rates().size(); ++i) {
    EXPECT_GE(h.rates()[i].t0_ns, change);
    EXPECT_NEAR(h.rates()[i].gib_per_s, 8.0, 1e-6);
  }
  for (const RatePoint& p : h.rates()) {
    EXPECT_GE(p.gib_per_s, 0);
    EXPECT_LE(p.gib_per_s, 8.0 + 1e-6);
  }
  ASSERT_EQ(h.segments().size(), 2U);
  EXPECT_EQ(h.segments()[1].start_ns, change);
  EXPECT_EQ(h.segments()[1].label, "+vmsplice");
  EXPECT_EQ(h.segments()[0].label, "write/read");
}

TEST(History, SegmentMeanIsBytesOverTimeAfterTheWarmupNotMeanOfRates) {
  History h;
  begin(h, 0, {}, "x", {}, {});
  h.add(WorkerRole::reader, at(0, 0));
  // The warm-up: 200 ms at 50 GiB/s, left out. Then 0.3 s at 1 GiB/s and 2.7 s at 9 GiB/s: 8.2 GiB/s
  // over the 3 s (the mean of the two rates is 5).
  const std::uint64_t warmup = bytes_for(50, 200 * kMs);
  const std::uint64_t first = warmup + bytes_for(1, 300 * kMs);
  h.add(WorkerRole::reader, at(200 * kMs, warmup));
  h.add(WorkerRole::reader, at(500 * kMs, first));
  h.add(WorkerRole::reader, at(3200 * kMs, first + bytes_for(9, 2700 * kMs)));
  const SegmentStats s = h.current_segment_stats();
  ASSERT_TRUE(s.mean.has_value());
  EXPECT_NEAR(*s.mean, 8.2, 1e-6);
  ASSERT_TRUE(s.speedup.has_value());
  EXPECT_NEAR(*s.speedup, 1.0, 1e-12);  // the first segment against itself
}

TEST(History, PercentilesOfTheCurrentSegment) {
  History h;
  begin(h, 0, {}, "x", {}, {});
  h.add(WorkerRole::reader, at(0, 0));
  // The warm-up (200 ms at 1000 GiB/s), then two intervals each at 1, 2, ... 100 GiB/s.
  std::uint64_t bytes = bytes_for(1000, 200 * kMs);
  h.add(WorkerRole::reader, at(200 * kMs, bytes));
  std::int64_t t = 200 * kMs;
  for (int k = 1; k <= 200; ++k) {
    t += 10 * kMs;
    bytes += bytes_for((k + 1) / 2, 10 * kMs);
    h.add(WorkerRole::reader, at(t, bytes));
  }
  const SegmentStats s = h.current_segment_stats();
  ASSERT_TRUE(s.p5 && s.p95);
  // The closest ranks of 200 values: the 11th (6) and the 190th (95), to the distribution's 0.05%.
  EXPECT_NEAR(*s.p5, 6.0, 6.0 * 5e-4);
  EXPECT_NEAR(*s.p95, 95.0, 95.0 * 5e-4);
  EXPECT_NEAR(*s.mean, 50.5, 1e-6);
  EXPECT_EQ(s.samples, 202U);
  EXPECT_NEAR(s.seconds, 2.2, 1e-9);
}

TEST(History, PercentilesIgnoreEarlierSegments) {
  History h;
  Feed f(h);
  f.begin(0, "a");
  f.run(2 * kSecond, 1.0);
  f.begin(f.now(), "b");
  f.run(2 * kSecond, 30.0);
  const SegmentStats s = h.current_segment_stats();
  EXPECT_NEAR(*s.p5, 30.0, 1e-6);
  EXPECT_NEAR(*s.p95, 30.0, 1e-6);
}

TEST(History, SpeedupAgainstTheFirstSegment) {
  History h;
  Feed f(h);
  f.begin(0, "write/read");
  f.run(2 * kSecond, 2.0);
  f.begin(f.now() + kMs, "+vmsplice");
  f.run(2 * kSecond, 8.0);
  SegmentStats s = h.current_segment_stats();
  EXPECT_NEAR(*s.mean, 8.0, 1e-6);
  EXPECT_NEAR(*s.speedup, 4.0, 1e-6);
  f.begin(f.now() + kMs, "+splice");
  // Before the new session's second sample: no mean, no speed-up yet.
  s = h.current_segment_stats();
  EXPECT_FALSE(s.mean.has_value());
  EXPECT_FALSE(s.speedup.has_value());
  EXPECT_FALSE(s.p5.has_value());
  f.run(1 * kSecond, 40.0);
  s = h.current_segment_stats();
  EXPECT_NEAR(*s.speedup, 20.0, 1e-6);
}

TEST(History, ResetKeepsOnlyTheCurrentSegmentAsTheFirst) {
  History h;
  Feed f(h);
  RunConfig vm;
  vm.writer = WriterKind::vmsplice;
  f.begin(0, "write/read");
  f.run(2 * kSecond, 2.0);
  f.begin(f.now(), "+vmsplice", vm);
  f.run(2 * kSecond, 8.0);
  const std::int64_t reset_at = f.now();
  h.reset(reset_at);
  EXPECT_TRUE(h.rates().empty());
  ASSERT_EQ(h.segments().size(), 1U);
  EXPECT_EQ(h.segments()[0].label, "+vmsplice");
  EXPECT_EQ(h.segments()[0].start_ns, reset_at);
  EXPECT_EQ(h.segments()[0].config.writer, WriterKind::vmsplice);
  EXPECT_FALSE(h.current_segment_stats().mean.has_value());
  f.run(1 * kSecond, 8.0);
  const SegmentStats s = h.current_segment_stats();
  EXPECT_NEAR(*s.mean, 8.0, 1e-6);
  EXPECT_NEAR(*s.speedup, 1.0, 1e-6);  // the baseline is now the current segment
  EXPECT_EQ(h.rates().size(), 50U);
  EXPECT_GE(h.rates().front().t0_ns, reset_at);
}

TEST(History, CurrentRateOverTheLastHalfSecond) {
  History h;
  Feed f(h);
  f.begin(0, "x");
  EXPECT_FALSE(h.current_gib_per_s().has_value());  // one sample: no rate yet
  f.run(2 * kSecond, 1.0);
  EXPECT_NEAR(*h.current_gib_per_s(), 1.0, 1e-6);
  f.run(500 * kMs, 4.0);
  // The last 0.5 s were all at 4 GiB/s: the earlier second does not dilute it.
  EXPECT_NEAR(*h.current_gib_per_s(), 4.0, 1e-6);
  // A longer window mixes both.
  EXPECT_NEAR(*h.current_gib_per_s(1 * kSecond), 2.5, 1e-6);
  f.run(250 * kMs, 0.0);
  EXPECT_NEAR(*h.current_gib_per_s(), 2.0, 1e-6);
}

TEST(History, FiguresAboutEveryHalfSecondWithRunningFractions) {
  const std::vector<CounterInfo> counters{{"cycles", CounterState::counting, ""},
                                          {"instructions", CounterState::counting, ""},
                                          {"context-switches", CounterState::counting, ""}};
  History h;
  begin(h, 0, {}, "x", counters, counters);
  std::uint64_t cycles = 0;
  std::uint64_t instructions = 0;
  std::uint64_t switches = 0;
  std::uint64_t enabled = 0;
  std::uint64_t running = 0;
  std::uint64_t bytes = 0;
  for (std::int64_t t = 0; t <= 3 * kSecond; t += 10 * kMs) {
    Sample s = at(t, bytes);
    s.counter_count = 3;
    s.counters[0] = {cycles, enabled, running};
    s.counters[1] = {instructions, enabled, enabled};
    s.counters[2] = {switches, enabled, enabled};
    h.add(WorkerRole::writer, s);
    bytes += kGiB / 100;
    cycles += 30'000'000;        // 3e9 cycles/s...
    instructions += 45'000'000;  // ...at IPC 1.5
    switches += 50;              // 5000/s
    enabled += 10'000'000;
    running += 6'300'000;  // cycles multiplexed: on the PMU 63% of the time
  }
  const std::deque<FigurePoint>& points = h.figures(WorkerRole::writer);
  EXPECT_TRUE(h.figures(WorkerRole::reader).empty());
  // From the second sample (10 ms), then every 500 ms: 10, 510, ..., 2510 ms.
  ASSERT_EQ(points.size(), 6U);
  EXPECT_EQ(points[0].t_ns, 10 * kMs);
  for (std::size_t i = 1; i < points.size(); ++i) {
    EXPECT_EQ(points[i].t_ns - points[i - 1].t_ns, 500 * kMs);
  }
  const FigurePoint& last = points.back();
  // Cycles scaled up by 1/0.63: IPC over the scaled count is 1.5 * 0.63.
  ASSERT_TRUE(last.figures.ipc.has_value());
  EXPECT_NEAR(*last.figures.ipc, 1.5 * 0.63, 1e-6);
  ASSERT_TRUE(last.figures.context_switches_per_s.has_value());
  EXPECT_NEAR(*last.figures.context_switches_per_s, 5000, 1e-6);
  ASSERT_TRUE(last.running[0].has_value());
  EXPECT_NEAR(*last.running[0], 0.63, 1e-9);
  ASSERT_TRUE(last.running[1].has_value());
  EXPECT_NEAR(*last.running[1], 1.0, 1e-12);
  EXPECT_FALSE(last.running[3].has_value());
  // The figures cover about the last second, not the whole run.
  EXPECT_EQ(h.counters(WorkerRole::writer).size(), 3U);
  EXPECT_EQ(h.counters(WorkerRole::writer)[0].name, "cycles");
}

TEST(History, FiguresCoverAboutTheLastSecond) {
  const std::vector<CounterInfo> counters{{"context-switches", CounterState::counting, ""}};
  History h;
  begin(h, 0, {}, "x", counters, counters);
  std::uint64_t switches = 0;
  for (std::int64_t t = 0; t <= 4 * kSecond; t += 10 * kMs) {
    Sample s = at(t, static_cast<std::uint64_t>(t));
    s.counter_count = 1;
    s.counters[0] = {switches, static_cast<std::uint64_t>(t), static_cast<std::uint64_t>(t)};
    h.add(WorkerRole::reader, s);
    switches += t < 2 * kSecond ? 10 : 100;  // 1000/s, then 10000/s for the last two seconds
  }
  const FigurePoint& last = h.figures(WorkerRole::reader).back();
  ASSERT_TRUE(last.figures.context_switches_per_s.has_value());
  EXPECT_NEAR(*last.figures.context_switches_per_s, 10000, 1e-6);  // not diluted by the first two seconds
}

TEST(History, BeginSegmentReplacesTheCounterLayouts) {
  History h;
  begin(h, 0, {}, "a", {{"cycles", CounterState::counting, ""}}, {{"cycles", CounterState::counting, ""}});
  begin(h, kSecond, {}, "b", {{"page-faults", CounterState::user_only, "why"}}, {});
  ASSERT_EQ(h.counters(WorkerRole::writer).size(), 1U);
  EXPECT_EQ(h.counters(WorkerRole::writer)[0].name, "page-faults");
  EXPECT_EQ(h.counters(WorkerRole::writer)[0].state, CounterState::user_only);
  EXPECT_TRUE(h.counters(WorkerRole::reader).empty());
}

TEST(History, RetentionTrimsOldPoints) {
  History h(5 * kSecond);
  const std::vector<CounterInfo> counters{{"context-switches", CounterState::counting, ""}};
  begin(h, 0, {}, "x", counters, counters);
  for (std::int64_t t = 0; t <= 20 * kSecond; t += 10 * kMs) {
    Sample s = at(t, static_cast<std::uint64_t>(t) * 4);
    s.counter_count = 1;
    s.counters[0] = {static_cast<std::uint64_t>(t / kMs), static_cast<std::uint64_t>(t), static_cast<std::uint64_t>(t)};
    h.add(WorkerRole::reader, s);
    h.add(WorkerRole::writer, s);
  }
  ASSERT_FALSE(h.rates().empty());
  EXPECT_GE(h.rates().front().t1_ns, 15 * kSecond);
  EXPECT_LE(h.rates().front().t1_ns, 15 * kSecond + 10 * kMs);
  EXPECT_EQ(h.rates().back().t1_ns, 20 * kSecond);
  for (const WorkerRole role : {WorkerRole::writer, WorkerRole::reader}) {
    ASSERT_FALSE(h.figures(role).empty());
    EXPECT_GE(h.figures(role).front().t_ns, 15 * kSecond);
    EXPECT_LE(h.figures(role).front().t_ns, 15 * kSecond + 500 * kMs);
  }
  // The segment's mean keeps every byte, trimmed or not.
  EXPECT_NEAR(*h.current_segment_stats().mean, 4e9 / kGiBd, 1e-6);
}

// The user's program at the writer's end: its counters read by the parent (OtherCounts), with the
// bytes pipetop's reader had moved. They give the writer's figures, never a rate or calls.
TEST(History, TheOtherProgramsCountersGiveItsFiguresButNoRateOrCalls) {
  const std::vector<CounterInfo> counters{{"context-switches", CounterState::counting, ""}};
  History h;
  begin(h, 0, {}, "producer", counters, counters);
  std::uint64_t bytes = 0;
  for (std::int64_t t = 0; t <= 2 * kSecond; t += 10 * kMs) {
    h.add(WorkerRole::reader, at(t, bytes));
    if (t % (250 * kMs) == 0) {
      Sample theirs = at(t + kMs, bytes);
      theirs.counter_count = 1;
      theirs.counters[0] = {static_cast<std::uint64_t>(t / kMs) * 3, static_cast<std::uint64_t>(t),
                            static_cast<std::uint64_t>(t)};  // 3000 switches a second
      h.apply(OtherCounts{WorkerRole::writer, theirs});
    }
    bytes += kGiB / 100;  // 1 GiB/s
  }
  ASSERT_FALSE(h.figures(WorkerRole::writer).empty());
  const DerivedFigures& f = h.figures(WorkerRole::writer).back().figures;
  ASSERT_TRUE(f.context_switches_per_s.has_value());
  EXPECT_NEAR(*f.context_switches_per_s, 3000, 1e-6);
  ASSERT_TRUE(f.context_switches_per_gib.has_value());
  EXPECT_NEAR(*f.context_switches_per_gib, 3000, 40) << "per GiB of what went through the pipe";
  EXPECT_FALSE(h.calls(WorkerRole::writer).per_s.has_value()) << "the program's calls are not seen";
  EXPECT_TRUE(h.calls(WorkerRole::reader).per_s.has_value());
  ASSERT_TRUE(h.current_gib_per_s().has_value());
  EXPECT_NEAR(*h.current_gib_per_s(), 1.0, 0.01) << "the rate is the reader's alone";
}

TEST(History, ANewSegmentForgetsThatTheCountersCameFromOutside) {
  const std::vector<CounterInfo> counters{{"context-switches", CounterState::counting, ""}};
  History h;
  begin(h, 0, {}, "producer", counters, counters);
  Sample theirs = at(kMs, 0);
  h.add_other_counts(WorkerRole::writer, theirs);
  h.add_other_counts(WorkerRole::writer, at(600 * kMs, kGiB));
  EXPECT_FALSE(h.calls(WorkerRole::writer).per_s.has_value());
  begin(h, kSecond, {}, "own pair", counters, counters);
  h.add(WorkerRole::writer, at(kSecond + kMs, 0));
  Sample later = at(kSecond + 600 * kMs, kGiB);
  later.syscalls = 100;
  h.add(WorkerRole::writer, later);
  ASSERT_TRUE(h.calls(WorkerRole::writer).per_s.has_value());
}

// A headless run reads the workers' /proc times once a second, and once more as it ends, a moment
// after the last tick: the "last second" was the few milliseconds between those two, with no
// context switch in them (the headless tour's "0 context switches/s"). It spans a second at least.
TEST(History, TimeUseSpansTheWholeWindowWhenTheLastReadingsAreClose) {
  History h;
  begin(h, 0, RunConfig{}, "write/read", {}, {});
  const auto times = [](std::int64_t t_ns, std::uint64_t switches) {
    ProcessTimes t;
    t.t_ns = t_ns;
    t.voluntary_switches = switches;
    return t;
  };
  h.add_times(WorkerRole::writer, times(0, 0));
  h.add_times(WorkerRole::writer, times(kSecond, 6000));
  h.add_times(WorkerRole::writer, times(2 * kSecond, 12000));
  h.add_times(WorkerRole::writer, times(2 * kSecond + 5 * kMs, 12000));  // the final reading
  const WorkerTimeUse use = h.time_use(WorkerRole::writer);
  ASSERT_TRUE(use.voluntary_per_s);
  EXPECT_NEAR(*use.voluntary_per_s, 6000.0 / 1.005, 1.0);
}

}  // namespace
}  // namespace pipetop
