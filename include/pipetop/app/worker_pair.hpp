#pragma once
// The writer/reader pair as the commands see it: a configuration checked and completed once against
// the machine facts (rules, default pinning, counters encoded), then a Session — and, for the
// dashboard, a new Session whenever the configuration changes.

#include <memory>
#include <vector>

#include "pipetop/core/cpu_list.hpp"
#include "pipetop/core/default_pinning.hpp"
#include "pipetop/core/error.hpp"
#include "pipetop/core/machine_facts.hpp"
#include "pipetop/core/validate.hpp"
#include "pipetop/system/event_encoder.hpp"
#include "pipetop/system/session.hpp"

namespace pipetop {

struct WorkerPlan {
  RunConfig config;  // validated, default CPUs resolved
  MachineFacts machine;
  MachineLimits limits;
  PinningChoice pinning;  // config's CPUs and why they were chosen
  CpuPair separate;       // the default pair: separate physical cores where the allowed CPUs have two
  std::vector<CounterRequest> counters;
};

// Validates `config` for `machine` (read_machine_facts), resolves default pinning from the CPUs this
// process may use and encodes the counters. Errors are those of validate() and encode_events() (usage
// or environment: a CPU that is offline or outside the allowed set names the allowed ones).
[[nodiscard]] Result<WorkerPlan> plan_workers(const RunConfig& config, const MachineFacts& machine);

class WorkerPair {
 public:
  // Starts the first session. On failure nothing is left running.
  [[nodiscard]] static Result<std::unique_ptr<WorkerPair>> start(WorkerPlan plan);

  [[nodiscard]] const RunConfig& config() const { return plan_.config; }
  [[nodiscard]] CpuPair separate_cpus() const { return plan_.separate; }
  [[nodiscard]] const MachineFacts& machine() const { return plan_.machine; }
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
