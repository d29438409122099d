#include "pipetop/app/worker_pair.hpp"

#include "pipetop/core/machine_limits.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kChangeGraceNs = 2 * kNsPerS;

}  // namespace

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

Result<std::unique_ptr<WorkerPair>> WorkerPair::start(WorkerPlan plan) {
  std::unique_ptr<WorkerPair> pair(new WorkerPair(std::move(plan)));
  Result<std::unique_ptr<Session>> session =
      Session::start(pair->plan_.config, pair->plan_.machine, pair->plan_.counters);
  if (!session) return std::unexpected(session.error());
  pair->session_ = std::move(*session);
  return pair;
}

Result<void> WorkerPair::change(const RunConfig& next) {
  if (Result<void> valid = validate(next, plan_.limits); !valid) return valid;
  earlier_drops_ += session_ ? session_->dropped_samples() : 0;
  session_.reset();  // stops and reaps the running pair
  Result<std::unique_ptr<Session>> started = Session::start(next, plan_.machine, plan_.counters);
  if (started) {
    session_ = std::move(*started);
    plan_.config = next;
    return {};
  }
  Result<std::unique_ptr<Session>> previous = Session::start(plan_.config, plan_.machine, plan_.counters);
  if (previous) session_ = std::move(*previous);
  return std::unexpected(started.error());
}

std::uint64_t WorkerPair::dropped_samples() const {
  return earlier_drops_ + (session_ ? session_->dropped_samples() : 0);
}

}  // namespace pipetop
