#include "pipetop/app/worker_plan.hpp"

#include "pipetop/system/machine_facts.hpp"

namespace pipetop {

Result<WorkerPlan> plan_workers(const RunConfig& config) {
  WorkerPlan plan;
  plan.limits = read_machine_limits();
  if (Result<void> valid = validate(config, plan.limits); !valid) return std::unexpected(valid.error());
  const std::vector<CpuCore> topology = read_cpu_topology(plan.limits.online_cpus);
  plan.separate = choose_default_cpus(topology, std::nullopt, std::nullopt);
  const CpuPair cpus = choose_default_cpus(topology, config.writer_cpu, config.reader_cpu);
  plan.config = config;
  plan.config.writer_cpu = cpus.writer;
  plan.config.reader_cpu = cpus.reader;
  Result<std::vector<CounterRequest>> counters = encode_events(counter_names(config), config.user_only);
  if (!counters) return std::unexpected(counters.error());
  plan.counters = std::move(*counters);
  return plan;
}

}  // namespace pipetop
