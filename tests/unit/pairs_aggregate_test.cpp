#include "pipetop/core/figures/pairs_aggregate.hpp"

#include <gtest/gtest.h>

#include <variant>

#include "pipetop/core/base/size.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kMs = 1'000'000;

SegmentStart start_at(std::int64_t t_ns, int cpu) {
  SegmentStart s;
  s.t_ns = t_ns;
  s.config.writer_cpu = cpu;
  s.config.reader_cpu = cpu + 1;
  s.pipe_bytes = 64 * kKiB;
  return s;
}

// Pair `pair`'s reader sample at `t_ns`, `gib_per_s` since its start at `from_ns`.
WorkerSample reader_at(std::int64_t t_ns, std::int64_t from_ns, double gib_per_s) {
  const auto bytes =
      static_cast<std::uint64_t>(gib_per_s * static_cast<double>(kGiB) * static_cast<double>(t_ns - from_ns) / 1e9);
  return WorkerSample{WorkerRole::reader, Sample{t_ns, bytes, 0, 0, 0, 32 * static_cast<std::int64_t>(kKiB)}};
}

// Two pairs at 2 and 3 GiB/s, the second started 3 ms later and sampling 3 ms after the first: their
// total is 5 GiB/s, from the time both ran.
TEST(PairsAggregate, TheTotalIsThePairsSamplesSummedOverTheTimeTheyAllRan) {
  PairsAggregate total(2, true);
  total.start(0, start_at(0, 0));
  EXPECT_FALSE(total.started());
  EXPECT_TRUE(total.take_events().empty()) << "nothing until every pair runs";
  total.start(1, start_at(3 * kMs, 2));
  EXPECT_TRUE(total.started());
  for (std::int64_t i = 0; i <= 300; ++i) {
    total.add(0, reader_at(i * 10 * kMs, 0, 2.0));
    total.add(1, reader_at(3 * kMs + i * 10 * kMs, 3 * kMs, 3.0));
  }
  const std::vector<SessionEvent> events = total.take_events();
  ASSERT_FALSE(events.empty());
  const auto* start = std::get_if<SegmentStart>(&events.front());
  ASSERT_NE(start, nullptr) << "the total's segment starts first";
  EXPECT_EQ(start->t_ns, 3 * kMs) << "when the last pair started";
  EXPECT_EQ(start->config.writer_cpu, 0) << "with the first pair's configuration";
  EXPECT_EQ(events.size(), 1U + 300U) << "a sum at each of the first pair's instants both pairs reached";
  ASSERT_TRUE(total.total().throughput().gib_per_s());
  EXPECT_NEAR(*total.total().throughput().gib_per_s(), 5.0, 1e-3);
  EXPECT_EQ(total.pairs(), 2U);
  ASSERT_TRUE(total.pair_gib_per_s(1));
  EXPECT_NEAR(*total.pair_gib_per_s(1), 3.0, 1e-3);
  EXPECT_TRUE(total.take_events().empty()) << "each event is taken once";
}

TEST(PairsAggregate, ReadingsAreTheMeanOfEveryPairsReadingOfOneTick) {
  PairsAggregate total(2, true);
  total.start(0, start_at(0, 0));
  total.start(1, start_at(0, 2));
  static_cast<void>(total.take_events());
  total.add(0, WorkerTimes{WorkerRole::writer, ProcessTimes{100 * kMs, 40 * kMs, 10 * kMs, {}, 4, 0}});
  EXPECT_TRUE(total.take_events().empty()) << "until every pair was read";
  total.add(1, WorkerTimes{WorkerRole::writer, ProcessTimes{100 * kMs, 60 * kMs, 30 * kMs, {}, 8, 2}});
  const std::vector<SessionEvent> events = total.take_events();
  ASSERT_EQ(events.size(), 1U);
  const auto& times = std::get<WorkerTimes>(events.front());
  EXPECT_EQ(times.times.run_ns, 50 * kMs);
  EXPECT_EQ(times.times.wait_ns, 20 * kMs);
  EXPECT_EQ(times.times.voluntary_switches, 6U);
}

TEST(PairsAggregate, ARestartForgetsThePreviousSegmentAndAPairStartingAgainChangesNothing) {
  PairsAggregate total(2, false);
  total.start(0, start_at(0, 0));
  total.start(1, start_at(0, 2));
  total.start(1, start_at(50 * kMs, 2));
  EXPECT_TRUE(total.started());
  EXPECT_TRUE(total.take_events().empty()) << "without forwarding, only folded in";
  total.restart();
  EXPECT_FALSE(total.started());
  EXPECT_FALSE(total.started(0));
  EXPECT_FALSE(total.pair_gib_per_s(0));
  EXPECT_FALSE(total.total().throughput().gib_per_s());
}

}  // namespace
}  // namespace pipetop
