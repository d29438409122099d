#include "pipetop/app/session_driver.hpp"

#include "pipetop/system/clock.hpp"

namespace pipetop {
namespace {

constexpr int kTickMs = 50;
constexpr std::int64_t kStopGraceNs = 5 * kNsPerS;

}  // namespace

DrivenRun drive_session(Session& session, const SignalWatch* signals,
                        const std::function<void(WorkerRole, const Sample&)>& on_sample) {
  const RunConfig& config = session.config();
  DrivenRun run;
  RunOutcome& outcome = run.outcome;
  outcome.config = config;
  outcome.pipe_bytes = session.pipe_bytes();
  outcome.pipe_bytes_asked = session.pipe_bytes_asked();
  outcome.writer_counters = session.counters(WorkerRole::writer);
  outcome.reader_counters = session.counters(WorkerRole::reader);
  const auto collect = [&](WorkerRole role, const Sample& sample) {
    (role == WorkerRole::writer ? outcome.writer : outcome.reader).push_back(sample);
    if (on_sample) on_sample(role, sample);
  };
  const std::int64_t deadline = monotonic_ns() + config.duration_ns;
  for (;;) {
    if (signals != nullptr) {
      run.signal = signals->wait(kTickMs);
    } else {
      sleep_ns(static_cast<std::int64_t>(kTickMs) * kNsPerMs);
    }
    session.drain(collect);
    if (run.signal) {
      outcome.end = EndReason::interrupted;
      break;
    }
    if (session.failure()) break;
    if (session.poll_exited()) {
      outcome.end = EndReason::bytes;
      break;
    }
    if (!config.bytes_limit && monotonic_ns() >= deadline) break;
  }
  session.finish(kStopGraceNs);
  session.drain(collect);
  if (std::optional<Error> failure = session.failure()) {
    outcome.end = EndReason::worker_failed;
    outcome.failure = format_error(*failure);
  }
  outcome.dropped_samples = session.dropped_samples();
  outcome.huge_pages = session.huge_pages();
  outcome.verify = session.verify();
  outcome.writer_cpu = session.cpu_time(WorkerRole::writer);
  outcome.reader_cpu = session.cpu_time(WorkerRole::reader);
  return run;
}

}  // namespace pipetop
