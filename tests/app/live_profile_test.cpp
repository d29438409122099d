// A real profile of real runs, end to end: drive_session profiles both workers of blocking and busy
// write/read on this machine, and what comes back — the profiles and the time shares — tells the two
// apart the way the article does: blocking waits and wakes and sleeps, the busy loop spins instead.
// Skipped, with the kernel's reason, where sampling or kernel frames are refused.

#include <gtest/gtest.h>

#include "pipetop/app/profile_options.hpp"
#include "pipetop/app/session_driver.hpp"
#include "pipetop/app/worker_plan.hpp"
#include "pipetop/core/figures/run_summary.hpp"
#include "pipetop/system/machine_reader.hpp"

namespace pipetop {
namespace {

struct Profiled {
  RunSummary summary;
  std::optional<std::string> skip;
};

Profiled profiled_run(bool busy, const ProfilingPlan& profiling, const MachineFacts& machine) {
  RunConfig config;
  config.busy_loop = busy;
  config.no_counters = true;
  config.duration_ns = 1500 * kNsPerMs;
  Profiled result;
  const Result<WorkerPlan> plan = plan_workers(config, machine);
  if (!plan) {
    ADD_FAILURE() << plan.error().message;
    return result;
  }
  const Result<DrivenRun> run = drive_session(*plan, nullptr, SystemFiles("/"), {}, &profiling);
  if (!run) {
    ADD_FAILURE() << run.error().message;
    return result;
  }
  const RunOutcome& outcome = run->outcome;
  EXPECT_EQ(outcome.end, EndReason::duration);
  for (const WorkerRole role : {WorkerRole::writer, WorkerRole::reader}) {
    const std::optional<WorkerProfile>& profile = outcome.segment.profile(role);
    if (!profile) {
      ADD_FAILURE() << "a worker was not profiled";
      result.skip = "not profiled";
    } else if (profile->source.mode != ProfileMode::kernel_and_user) {
      result.skip = std::string(to_string(profile->source.mode)) + ": " + profile->source.reason;
    } else if (profile->tally.too_few_samples()) {
      result.skip = "a worker ran too little to be profiled (" + std::to_string(profile->tally.samples()) + ")";
    }
  }
  result.summary = summarize(outcome);
  return result;
}

double wait_share(const WorkerSummary& worker) {
  return worker.profile->share(ProfileCategory::wait_wake).value_or(0);
}

TEST(LiveProfile, BlockingWaitsAndWakesAndSleepsWhereTheBusyLoopSpins) {
  const SystemFiles files("/");
  const MachineFacts machine = read_machine_facts(files);
  const std::optional<ProfilingPlan> profiling = plan_profiling({true, 1000}, machine, files);
  ASSERT_TRUE(profiling);
  const Profiled blocking = profiled_run(false, *profiling, machine);
  if (blocking.skip) GTEST_SKIP() << *blocking.skip;
  const Profiled busy = profiled_run(true, *profiling, machine);
  if (busy.skip) GTEST_SKIP() << *busy.skip;
  for (const Profiled* run : {&blocking, &busy}) {
    for (const WorkerSummary* worker : {&run->summary.writer, &run->summary.reader}) {
      ASSERT_TRUE(worker->profile);
      EXPECT_EQ(worker->profile->source.event.empty(), false);
      EXPECT_EQ(worker->profile->lost, 0U);
      ASSERT_TRUE(worker->time);
    }
  }
  std::printf("blocking: writer wait/wake %.0f%%, reader %.0f%%; busy: writer %.0f%%, reader %.0f%%\n",
              100 * wait_share(blocking.summary.writer), 100 * wait_share(blocking.summary.reader),
              100 * wait_share(busy.summary.writer), 100 * wait_share(busy.summary.reader));
  // Each side of the blocking pair waits and wakes more than the same side spinning.
  EXPECT_GT(wait_share(blocking.summary.writer), wait_share(busy.summary.writer));
  EXPECT_GT(wait_share(blocking.summary.reader), wait_share(busy.summary.reader));
  EXPECT_GT(wait_share(blocking.summary.writer) + wait_share(blocking.summary.reader), 0.2);
  // Blocking sleeps and never spins; the busy loop barely sleeps, and spins.
  const TimeShares& bw = *blocking.summary.writer.time;
  const TimeShares& br = *blocking.summary.reader.time;
  const TimeShares& sw = *busy.summary.writer.time;
  const TimeShares& sr = *busy.summary.reader.time;
  EXPECT_EQ(bw.spinning + br.spinning, 0.0);
  EXPECT_GT(sw.spinning + sr.spinning, 0.0);
  EXPECT_GT(bw.sleeping + br.sleeping, sw.sleeping + sr.sleeping);
  EXPECT_TRUE(bw.split_by_profile);
  // The reader looked at the pipe at every sample.
  EXPECT_FALSE(blocking.summary.pipe_fill.too_few_samples());
}

}  // namespace
}  // namespace pipetop
