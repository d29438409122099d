#include "pipetop/core/experiment/round_runner.hpp"

#include <algorithm>
#include <cmath>

#include "pipetop/core/experiment/command_arm.hpp"
#include "pipetop/core/figures/segment_throughput.hpp"

namespace pipetop {

std::int64_t slice_run_ns(std::int64_t steady_ns) {
  // The warm-up is kWarmupFraction of the run while that is below kWarmupNs, then kWarmupNs.
  const auto fraction_limit = static_cast<std::int64_t>(static_cast<double>(kWarmupNs) / kWarmupFraction) - kWarmupNs;
  if (steady_ns > fraction_limit) return steady_ns + kWarmupNs;
  return static_cast<std::int64_t>(std::ceil(static_cast<double>(steady_ns) / (1.0 - kWarmupFraction)));
}

std::vector<int> pinned_cpus(const RunConfig& config) {
  std::vector<int> cpus;
  for (const std::optional<int>& cpu : {config.writer_cpu, config.reader_cpu}) {
    if (cpu && *cpu != kUnpinned && std::find(cpus.begin(), cpus.end(), *cpu) == cpus.end()) cpus.push_back(*cpu);
  }
  return cpus;
}

Slice slice_of(std::size_t arm, const Trial& trial) {
  Slice slice;
  slice.arm = arm;
  slice.gib_per_s = trial.gib_per_s();
  slice.disturbed = trial.disturbed();
  slice.error = trial.error;
  for (const std::optional<double>& wait : trial.summary.cpu_waits()) {
    if (wait) slice.run_delay = std::max(slice.run_delay.value_or(0.0), *wait);
  }
  return slice;
}

void run_rounds(PairedRounds& rounds, std::span<const RoundArm> arms, std::int64_t steady_ns, MachineGauge* gauge,
                const RoundObserver& on_round) {
  const std::int64_t run_ns = slice_run_ns(steady_ns);
  TrialRunner& clock = *arms.front().runner;
  std::vector<std::optional<double>> last_figure(arms.size());  // of each arm's slices that counted
  std::optional<double> race_last_figure;
  std::optional<std::size_t> probed_round;  // the last round whose wake-up round trip was read
  while (const std::optional<std::size_t> arm = rounds.next(clock.now_ns())) {
    RunConfig config = arms[*arm].config;
    if (arms[*arm].sized_by_bytes) {
      config.bytes_limit = command_slice_bytes(last_figure[*arm] ? last_figure[*arm] : race_last_figure, run_ns);
    }
    const std::size_t completed = rounds.rounds().size();
    std::optional<double> wakeup_us;
    if (gauge && probed_round != completed) {
      wakeup_us = gauge->wakeup_round_trip_us(config);
      probed_round = completed;
    }
    const std::optional<CpuTickTable> before = gauge ? gauge->read_cpu_ticks() : std::nullopt;
    const std::int64_t started_ns = clock.now_ns();
    const Trial trial = arms[*arm].runner->run(config, run_ns);
    Slice slice = slice_of(*arm, trial);
    slice.started_ns = started_ns;
    slice.ended_ns = clock.now_ns();
    slice.wakeup_us = wakeup_us;
    const std::optional<CpuTickTable> after = gauge ? gauge->read_cpu_ticks() : std::nullopt;
    if (before && after) slice.steal = steal_fraction(*before, *after, pinned_cpus(config));
    if (slice.counts()) last_figure[*arm] = race_last_figure = slice.gib_per_s;
    rounds.record(std::move(slice));
    if (rounds.rounds().size() > completed && on_round) on_round(rounds);
  }
}

void run_rounds(PairedRounds& rounds, TrialRunner& runner, std::span<const RunConfig> configs, std::int64_t steady_ns,
                MachineGauge* gauge, const RoundObserver& on_round) {
  std::vector<RoundArm> arms;
  for (const RunConfig& config : configs) arms.push_back({&runner, config, false});
  run_rounds(rounds, arms, steady_ns, gauge, on_round);
}

}  // namespace pipetop
