// A worker that fails says why, through the control block; one that dies says how; none is left.

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include "session_runner.hpp"

namespace pipetop {
namespace {

bool process_exists(pid_t pid) {
  return kill(pid, 0) == 0 || errno != ESRCH;
}

TEST(WorkerFailure, SetupFailureIsReportedWithTheCallAndErrno) {
  RunConfig config;  // CPU 4095 passes no validate(): this is what the worker reports if it gets one
  config.writer_cpu = 4095;
  config.reader_cpu = kUnpinned;
  const testing::Finished run = testing::run_to_end(config);
  ASSERT_TRUE(run.start_error);
  EXPECT_EQ(run.start_error->kind, ExitCode::environment);
  EXPECT_NE(run.start_error->message.find("writer: sched_setaffinity(cpu 4095)"), std::string::npos)
      << run.start_error->message;
  EXPECT_NE(run.start_error->message.find("[EINVAL]"), std::string::npos) << run.start_error->message;
}

TEST(WorkerFailure, KilledWorkerIsReportedAndBothAreReaped) {
  RunConfig config;
  config.duration_ns = 60 * kNsPerS;
  config.writer_cpu = kUnpinned;
  config.reader_cpu = kUnpinned;
  Result<std::unique_ptr<Session>> started = testing::start_and_wait(config, testing::live_machine(), {});
  ASSERT_TRUE(started) << started.error().message;
  Session& session = **started;
  const pid_t writer = session.pid(WorkerRole::writer);
  const pid_t reader = session.pid(WorkerRole::reader);
  ASSERT_EQ(kill(reader, SIGUSR2), 0);  // not SIGSEGV (sanitizers catch it), not SIGUSR1 (kWakeSignal)
  const std::int64_t deadline = monotonic_ns() + 10 * kNsPerS;
  while (!session.failure() && monotonic_ns() < deadline) {
    (void)session.poll();
    sleep_ns(kNsPerMs);
  }
  std::optional<Error> failure = session.failure();
  ASSERT_TRUE(failure);
  EXPECT_NE(failure->message.find("reader was killed by signal " + std::to_string(SIGUSR2)), std::string::npos)
      << failure->message;
  session.finish(5 * kNsPerS);
  EXPECT_FALSE(process_exists(writer)) << "the writer ends with EPIPE once the reader is gone";
  EXPECT_FALSE(process_exists(reader));
}

TEST(WorkerFailure, DestroyingASessionLeavesNoWorker) {
  RunConfig config;
  config.busy_loop = true;
  config.duration_ns = 60 * kNsPerS;
  config.writer_cpu = kUnpinned;
  config.reader_cpu = kUnpinned;
  pid_t writer = -1;
  pid_t reader = -1;
  {
    Result<std::unique_ptr<Session>> started = testing::start_and_wait(config, testing::live_machine(), {});
    ASSERT_TRUE(started) << started.error().message;
    writer = (*started)->pid(WorkerRole::writer);
    reader = (*started)->pid(WorkerRole::reader);
    EXPECT_TRUE(process_exists(writer));
    EXPECT_TRUE(process_exists(reader));
  }
  EXPECT_FALSE(process_exists(writer));
  EXPECT_FALSE(process_exists(reader));
}

TEST(Sampling, SamplesComeAtTheIntervalWithNondecreasingCounts) {
  RunConfig config;
  config.duration_ns = kNsPerS;
  config.interval_ns = 20 * kNsPerMs;
  config.writer_cpu = kUnpinned;
  config.reader_cpu = kUnpinned;
  const testing::Finished run = testing::run_to_end(config);
  ASSERT_FALSE(run.start_error) << run.start_error->message;
  ASSERT_FALSE(run.failure) << run.failure->message;
  EXPECT_EQ(run.dropped, 0U);
  // ~50 samples in a second at 20 ms; generous bounds for a loaded 2-core machine.
  EXPECT_GE(run.reader.size(), 20U);
  EXPECT_LE(run.reader.size(), 60U);
  for (std::size_t i = 1; i < run.reader.size(); ++i) {
    EXPECT_GT(run.reader[i].t_ns, run.reader[i - 1].t_ns);
    EXPECT_GE(run.reader[i].bytes, run.reader[i - 1].bytes);
    EXPECT_GE(run.reader[i].syscalls, run.reader[i - 1].syscalls);
  }
  EXPECT_EQ(run.reader_bytes(), run.writer_bytes()) << "the reader drains the pipe to end of file";
  EXPECT_GT(run.reader_bytes(), 0U);
}

}  // namespace
}  // namespace pipetop
