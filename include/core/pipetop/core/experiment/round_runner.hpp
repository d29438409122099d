#pragma once
// Paired rounds (paired_rounds.hpp) run through the TrialRunner seam: each slice a trial of its arm's
// configuration, long enough that the slice's steady part (after SegmentThroughput's warm-up) lasts
// as asked, with the machine's readings around it (the steal of its pinned CPUs from /proc/stat, its
// workers' run delay, and before each round's first slice the wake-up round trip between its pinned
// CPUs) kept for the stability summary. The real runner forks a Session per slice;
// tests use a fake runner with a fake clock and scripted ticks.

#include <cstdint>
#include <functional>
#include <optional>
#include <span>

#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/experiment/paired_rounds.hpp"
#include "pipetop/core/experiment/trial.hpp"
#include "pipetop/core/machine/cpu_ticks.hpp"

namespace pipetop {

// What the rounds read of the machine around their slices: the machine itself in the app
// (system/machine_gauge_reader.hpp), a script in tests.
class MachineGauge {
 public:
  virtual ~MachineGauge() = default;
  // /proc/stat's ticks now; nullopt when they cannot be read (the slices then carry no steal).
  [[nodiscard]] virtual std::optional<CpuTickTable> read_cpu_ticks() = 0;
  // The wake-up round trip between `config`'s writer's and reader's CPUs now, in microseconds
  // (system/wakeup_probe.hpp); nullopt when it cannot be measured (the rounds then carry none).
  [[nodiscard]] virtual std::optional<double> wakeup_round_trip_us(const RunConfig& config) = 0;
};

// How long to run a configuration so that `steady_ns` of it remain after the headline figure's
// warm-up (the first 200 ms, or the first 10% of a run shorter than 2 s): 111 ms for 100 ms.
[[nodiscard]] std::int64_t slice_run_ns(std::int64_t steady_ns);

// The CPUs `config` pins its workers to, each once; empty when neither is pinned (the whole machine).
[[nodiscard]] std::vector<int> pinned_cpus(const RunConfig& config);

// The slice of `arm` that `trial` ran: its figure, whether it was disturbed, its error, its workers'
// run delay; its time and steal are the caller's to add.
[[nodiscard]] Slice slice_of(std::size_t arm, const Trial& trial);

// Called after each completed round; it may retire arms (a tuner dropping a candidate).
using RoundObserver = std::function<void(PairedRounds& rounds)>;

// One arm of a race: the configuration its slices run and what runs them (a Session, or a command
// standing in for one: command_arm.hpp).
struct RoundArm {
  TrialRunner* runner = nullptr;
  RunConfig config;
  // Its runner stops after a count of bytes, not a time (a command that moves bytes_limit, as the seed
  // benchmark's reader does): each slice's config.bytes_limit is what fills the slice at the arm's last
  // figure that counted, or else the last one of any arm (command_slice_bytes).
  bool sized_by_bytes = false;
};

// Runs `rounds` until it stops: arm i's slices are `arms[i].config` (pinned alike by the caller) run by
// `arms[i].runner` for slice_run_ns(steady_ns); the race's clock is the first arm's runner's (all of
// them share one monotonic clock). `gauge` (may be null) reads the ticks before and after each slice, and
// the wake-up round trip before each round's first slice (between that slice's CPUs). Never
// throws; a slice that fails retires its arm (PairedRounds::record).
void run_rounds(PairedRounds& rounds, std::span<const RoundArm> arms, std::int64_t steady_ns, MachineGauge* gauge,
                const RoundObserver& on_round);

// The same with every arm's slices run by `runner`: arm i's configuration is `configs[i]`.
void run_rounds(PairedRounds& rounds, TrialRunner& runner, std::span<const RunConfig> configs, std::int64_t steady_ns,
                MachineGauge* gauge, const RoundObserver& on_round);

}  // namespace pipetop
