#pragma once
// The real TrialRunner: each trial is a Session run headless for its duration.

#include "pipetop/core/machine_facts.hpp"
#include "pipetop/core/trial.hpp"

namespace pipetop {

class SessionTrialRunner final : public TrialRunner {
 public:
  // Plans every trial for `machine`, which must outlive the runner.
  explicit SessionTrialRunner(const MachineFacts& machine) : machine_(machine) {}

  // `config` is checked and completed like any command's (plan_workers): a refused one comes back as
  // a Trial with its error.
  [[nodiscard]] Trial run(const RunConfig& config, std::int64_t duration_ns) override;
  [[nodiscard]] std::int64_t now_ns() override;

 private:
  const MachineFacts& machine_;
};

}  // namespace pipetop
