#pragma once
// Test helper: run one Session to its natural end (byte limit or duration) and keep what it produced.

#include <optional>
#include <vector>

#include "pipetop/core/figures/run_outcome.hpp"
#include "pipetop/system/clock.hpp"
#include "pipetop/system/machine_reader.hpp"
#include "pipetop/system/session.hpp"

namespace pipetop::testing {

// This machine's facts, read once through the live SystemFiles (as main does).
inline const MachineFacts& live_machine() {
  static const MachineFacts facts = read_machine_facts(SystemFiles("/"));
  return facts;
}

struct Finished {
  std::optional<Error> start_error;
  std::optional<Error> failure;
  std::vector<Sample> writer;
  std::vector<Sample> reader;
  HugePageResult huge;
  std::optional<VerifyResult> verify;
  std::uint64_t dropped = 0;
  std::vector<CounterInfo> writer_counters;
  std::vector<CounterInfo> reader_counters;
  CpuTime writer_cpu;
  CpuTime reader_cpu;

  [[nodiscard]] std::uint64_t writer_bytes() const { return writer.empty() ? 0 : writer.back().bytes; }
  [[nodiscard]] std::uint64_t reader_bytes() const { return reader.empty() ? 0 : reader.back().bytes; }
};

// Launches a session and polls it until its workers run (or it ended: a set-up failure is the error).
inline Result<std::unique_ptr<Session>> start_and_wait(const RunConfig& config, const MachineFacts& machine,
                                                       const std::vector<CounterRequest>& counters) {
  Result<std::unique_ptr<Session>> launched = Session::launch(config, machine, counters);
  if (!launched) return launched;
  while ((*launched)->poll() == Session::Phase::setting_up) sleep_ns(200'000);
  if ((*launched)->phase() == Session::Phase::ended) {
    if (std::optional<Error> failure = (*launched)->failure()) return std::unexpected(*failure);
    return std::unexpected(runtime_error("the workers ended while setting up"));
  }
  return launched;
}

inline Finished run_to_end(const RunConfig& config, std::int64_t timeout_ns = 30 * kNsPerS) {
  Finished result;
  Result<std::vector<CounterRequest>> counters = encode_events(counter_names(config), config.user_only);
  if (!counters) {
    result.start_error = counters.error();
    return result;
  }
  Result<std::unique_ptr<Session>> started = start_and_wait(config, live_machine(), *counters);
  if (!started) {
    result.start_error = started.error();
    return result;
  }
  Session& session = **started;
  auto collect = [&](WorkerRole role, const Sample& s) {
    (role == WorkerRole::writer ? result.writer : result.reader).push_back(s);
  };
  const std::int64_t deadline = monotonic_ns() + (config.bytes_limit ? timeout_ns : config.duration_ns);
  while (session.poll() != Session::Phase::ended && !session.failure() && monotonic_ns() < deadline) {
    session.drain(collect);
    sleep_ns(kNsPerMs);
  }
  session.finish(5 * kNsPerS);
  session.drain(collect);
  result.failure = session.failure();
  result.huge = session.huge_pages();
  result.verify = session.verify();
  result.dropped = session.dropped_samples();
  result.writer_counters = session.counters(WorkerRole::writer);
  result.reader_counters = session.counters(WorkerRole::reader);
  result.writer_cpu = session.cpu_time(WorkerRole::writer);
  result.reader_cpu = session.cpu_time(WorkerRole::reader);
  return result;
}

}  // namespace pipetop::testing
