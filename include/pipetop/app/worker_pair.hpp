#pragma once
// The writer/reader pair as the commands see it: a configuration checked and completed once (rules,
// default pinning, counters encoded), then a Session — and, for the dashboard, a new Session whenever
// the configuration changes.

#include <memory>
#include <vector>

#include "pipetop/core/cpu_list.hpp"
#include "pipetop/core/error.hpp"
#include "pipetop/core/validate.hpp"
#include "pipetop/system/event_encoder.hpp"
#include "pipetop/system/session.hpp"

namespace pipetop {

struct WorkerPlan {
  RunConfig config;  // validated, default CPUs resolved
  MachineLimits limits;
  CpuPair separate;  // the default pair on separate physical cores
  std::vector<CounterRequest> counters;
};

// Validates `config` for this machine, resolves default pinning and encodes the counters. Errors are
// those of validate() and encode_events() (usage or environment).
[[nodiscard]] Result<WorkerPlan> plan_workers(const RunConfig& config);

class WorkerPair {
 public:
  // Starts the first session. On failure nothing is left running.
  [[nodiscard]] static Result<std::unique_ptr<WorkerPair>> start(WorkerPlan plan);

  [[nodiscard]] const RunConfig& config() const { return plan_.config; }
  [[nodiscard]] CpuPair separate_cpus() const { return plan_.separate; }
  // The running session; null only after a change whose configuration, and then the previous one,
  // could not be started (e.g. fork failing).
  [[nodiscard]] Session* session() { return session_.get(); }
  [[nodiscard]] const Session* session() const { return session_.get(); }

  // Replaces the running session with one for `next`. If `next` breaks a rule or the kernel refuses
  // it, returns why, and the previous configuration runs again.
  [[nodiscard]] Result<void> change(const RunConfig& next);

  // Ring drops over every session so far.
  [[nodiscard]] std::uint64_t dropped_samples() const;

 private:
  explicit WorkerPair(WorkerPlan plan) : plan_(std::move(plan)) {}
  WorkerPlan plan_;
  std::unique_ptr<Session> session_;
  std::uint64_t earlier_drops_ = 0;
};

}  // namespace pipetop
