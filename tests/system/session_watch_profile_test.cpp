// The parent's watch profiles a running pair when given a plan: both profiles start at the first
// look at the running session, and drain_profiles hands over what they recorded since the last call
// (a headless run's last samples, before its workers stop), and nothing else. Skipped, with the
// kernel's reason, where sampling is refused.

#include <gtest/gtest.h>

#include <chrono>
#include <thread>
#include <variant>

#include "pipetop/system/clock.hpp"
#include "pipetop/system/pair_profiler.hpp"
#include "pipetop/system/session_watch.hpp"
#include "session_runner.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;

TEST(SessionWatchProfiles, StartedOnceRunningThenDrainedUpToTheLastCall) {
  RunConfig config;
  config.busy_loop = true;  // on its CPU all the time: samples come at the full rate
  config.no_counters = true;
  config.writer_cpu = kUnpinned;
  config.reader_cpu = kUnpinned;
  Result<std::unique_ptr<Session>> started = testing::start_and_wait(config, testing::live_machine(), {});
  ASSERT_TRUE(started) << started.error().message;
  const SystemFiles files("/");
  const ProfilingPlan plan{&kernel_perf_api(), read_profile_environment(testing::live_machine(), files), {}};
  SessionWatch watch(files, testing::live_machine(), 0, &plan);
  std::vector<SessionEvent> events;
  watch.collect(**started, monotonic_ns(), events);
  int profiles = 0;
  std::string refused;
  for (const SessionEvent& e : events) {
    const auto* p = std::get_if<ProfileStarted>(&e);
    if (p == nullptr) continue;
    ++profiles;
    if (p->source.mode == ProfileMode::unavailable) refused = p->source.reason;
  }
  EXPECT_EQ(profiles, 2) << "one profile per worker";
  if (!refused.empty()) {
    (*started)->kill_now();
    GTEST_SKIP() << "the kernel refused to sample: " << refused;
  }
  std::this_thread::sleep_for(300ms);
  events.clear();
  watch.drain_profiles(monotonic_ns(), events);
  std::uint64_t samples = 0;
  for (const SessionEvent& e : events) {
    const auto* batch = std::get_if<ProfileBatch>(&e);
    ASSERT_NE(batch, nullptr) << "drain_profiles hands over profiles only, index " << e.index();
    samples += batch->samples.size();
  }
  EXPECT_GT(samples, 0U) << "300 ms of two spinning workers at 1 kHz";
  // The profiles start once: another look opens no new ones.
  events.clear();
  watch.collect(**started, monotonic_ns(), events);
  for (const SessionEvent& e : events) EXPECT_FALSE(std::holds_alternative<ProfileStarted>(e));
  // A watch without a plan has no profiles to drain.
  SessionWatch plain(files, testing::live_machine());
  events.clear();
  plain.drain_profiles(monotonic_ns(), events);
  EXPECT_TRUE(events.empty());
  (*started)->kill_now();
}

}  // namespace
}  // namespace pipetop
