#pragma once
// The real TrialRunner: each trial is a Session run headless for its duration.

#include "pipetop/core/experiment/pair_scaling.hpp"
#include "pipetop/core/experiment/trial.hpp"
#include "pipetop/core/machine/machine_facts.hpp"
#include "pipetop/system/pair_profiler.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

class SessionTrialRunner final : public TrialRunner, public PairGroupRunner {
 public:
  // Plans every trial for `machine` and watches it through `files`, profiling its workers when
  // `profiling` is not null; all must outlive the runner.
  SessionTrialRunner(const SystemFiles& files, const MachineFacts& machine, const ProfilingPlan* profiling = nullptr)
      : files_(files), machine_(machine), profiling_(profiling) {}

  // `config` is checked and completed like any command's (plan_workers): a refused one comes back as
  // a Trial with its error.
  [[nodiscard]] Trial run(const RunConfig& config, std::int64_t duration_ns) override;
  // The configurations at once, each a Session of its own (drive_sessions), each checked like run()'s;
  // their total from their samples as they came (PairsAggregate).
  [[nodiscard]] PairsRun run_together(const std::vector<RunConfig>& configs, std::int64_t duration_ns) override;
  [[nodiscard]] std::int64_t now_ns() override;

 private:
  const SystemFiles& files_;
  const MachineFacts& machine_;
  const ProfilingPlan* profiling_;
};

}  // namespace pipetop
