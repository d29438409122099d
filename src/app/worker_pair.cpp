#include "pipetop/app/worker_pair.hpp"

#include "pipetop/system/machine_facts.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kChangeGraceNs = 2 * kNsPerS;

}  // namespace

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

Result<std::unique_ptr<WorkerPair>> WorkerPair::start(WorkerPlan plan) {
  std::unique_ptr<WorkerPair> pair(new WorkerPair(std::move(plan)));
  Result<std::unique_ptr<Session>> session = Session::start(pair->plan_.config, pair->plan_.limits, pair->plan_.counters);
  if (!session) return std::unexpected(session.error());
  pair->session_ = std::move(*session);
  return pair;
}

Result<void> WorkerPair::change(const RunConfig& next) {
  if (Result<void> valid = validate(next, plan_.limits); !valid) return valid;
  earlier_drops_ += session_ ? session_->dropped_samples() : 0;
  session_.reset();  // stops and reaps the running pair
  Result<std::unique_ptr<Session>> started = Session::start(next, plan_.limits, plan_.counters);
  if (started) {
    session_ = std::move(*started);
    plan_.config = next;
    return {};
  }
  Result<std::unique_ptr<Session>> previous = Session::start(plan_.config, plan_.limits, plan_.counters);
  if (previous) session_ = std::move(*previous);
  return std::unexpected(started.error());
}

std::uint64_t WorkerPair::dropped_samples() const {
  return earlier_drops_ + (session_ ? session_->dropped_samples() : 0);
}

}  // namespace pipetop
