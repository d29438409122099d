#include "pipetop/app/worker_plan.hpp"

#include "pipetop/core/machine/machine_limits.hpp"

namespace pipetop {

Result<WorkerPlan> plan_workers(const RunConfig& config, const MachineFacts& machine) {
  WorkerPlan plan;
  plan.machine = machine;
  plan.limits = machine_limits(machine);
  if (Result<void> valid = validate(config, plan.limits); !valid) return std::unexpected(valid.error());
  plan.separate = default_pinning(machine).cpus;
  plan.pinning = default_pinning(machine, config.writer_cpu, config.reader_cpu);
  plan.config = config;
  plan.config.writer_cpu = plan.pinning.cpus.writer;
  plan.config.reader_cpu = plan.pinning.cpus.reader;
  Result<std::vector<CounterRequest>> counters = encode_events(counter_names(config), config.user_only);
  if (!counters) return std::unexpected(counters.error());
  plan.counters = std::move(*counters);
  return plan;
}

Result<std::vector<WorkerPlan>> plan_pairs(const RunConfig& config, const MachineFacts& machine,
                                           const PairPlacement& placement) {
  std::vector<WorkerPlan> plans;
  for (const PlacedPair& p : placement.pairs) {
    RunConfig pair = config;
    pair.writer_cpu = p.cpus.writer;
    pair.reader_cpu = p.cpus.reader;
    Result<WorkerPlan> plan = plan_workers(pair, machine);
    if (!plan) return std::unexpected(plan.error());
    plans.push_back(std::move(*plan));
  }
  return plans;
}

}  // namespace pipetop
