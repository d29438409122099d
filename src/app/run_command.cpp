#include "pipetop/app/run_command.hpp"

#include <cstdio>
#include <string>

#include "pipetop/app/signals.hpp"
#include "pipetop/app/worker_pair.hpp"
#include "pipetop/system/clock.hpp"
#include "pipetop/system/session.hpp"

namespace pipetop {
namespace {

constexpr int kTickMs = 50;
constexpr std::int64_t kStopGraceNs = 5 * kNsPerS;

int print_error(const Error& error) {
  std::fprintf(stderr, "pipetop: %s\n", format_error(error).c_str());
  return static_cast<int>(error.kind);
}

void emit(const std::string& text) {
  if (text.empty()) return;
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
}

}  // namespace

int run_headless(const RunCommand& command) {
  Result<WorkerPlan> plan = plan_workers(command.config);
  if (!plan) return print_error(plan.error());
  const RunConfig config = plan->config;

  Result<SignalWatch> signals = SignalWatch::install();
  if (!signals) return print_error(signals.error());
  Result<std::unique_ptr<Session>> started = Session::start(config, plan->limits, plan->counters);
  if (!started) return print_error(started.error());
  Session& session = **started;

  std::unique_ptr<Report> report = make_report(command.format);
  RunOutcome outcome;
  outcome.config = config;
  outcome.pipe_bytes = session.pipe_bytes();
  outcome.writer_counters = session.counters(WorkerRole::writer);
  outcome.reader_counters = session.counters(WorkerRole::reader);
  auto collect = [&](WorkerRole role, const Sample& sample) {
    (role == WorkerRole::writer ? outcome.writer : outcome.reader).push_back(sample);
    emit(report->sample(role, sample));
  };

  emit(report->header(outcome.writer_counters));
  const std::int64_t deadline = monotonic_ns() + config.duration_ns;
  std::optional<int> signal;
  for (;;) {
    signal = signals->wait(kTickMs);
    session.drain(collect);
    if (signal) {
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
  emit(report->summary(outcome));

  if (outcome.end == EndReason::worker_failed) {
    std::fprintf(stderr, "pipetop: %s\n", outcome.failure.c_str());
    return static_cast<int>(ExitCode::runtime);
  }
  return signal ? 128 + *signal : 0;
}

}  // namespace pipetop
