#pragma once
// A synthetic session, as the dashboard would have received it: workers that move a chosen number of
// GiB/s, one sample per 10 ms, with counters that count at chosen rates (multiplexed or not) and /proc
// times at chosen CPU use and context switches, split into segments as the dashboard splits them at
// every configuration change. Each event is applied to a History and, when asked, kept in a list (to
// record or replay it).

#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "pipetop/core/base/size.hpp"
#include "pipetop/core/config/config_change.hpp"
#include "pipetop/core/figures/session_event.hpp"
#include "pipetop/core/screen/history.hpp"

namespace pipetop::synthetic {

inline constexpr std::int64_t kMs = 1'000'000;
inline constexpr std::int64_t kSec = 1'000'000'000;
inline constexpr std::int64_t kTick = 10 * kMs;

// A counter a synthetic worker reports.
struct FakeCounter {
  std::string name;
  double per_second = 0;  // events per second of wall time (task-clock: ns per second)
  double running = 1.0;   // fraction of its enabled time on the PMU
  CounterState state = CounterState::counting;
  std::string reason;
  CounterProblem problem = CounterProblem::none;
};

// The default set, counting, at plausible rates (IPC 1.5, 3 GHz).
inline std::vector<FakeCounter> default_counters() {
  return {{"cycles", 3e9, 1.0, CounterState::counting, ""},
          {"instructions", 4.5e9, 1.0, CounterState::counting, ""},
          {"dTLB-load-misses", 2e5, 1.0, CounterState::counting, ""},
          {"page-faults", 40, 1.0, CounterState::counting, ""},
          {"context-switches", 5000, 1.0, CounterState::counting, ""},
          {"task-clock", 0.9e9, 1.0, CounterState::counting, ""}};
}

inline std::vector<CounterInfo> infos(const std::vector<FakeCounter>& counters) {
  std::vector<CounterInfo> out;
  for (const FakeCounter& c : counters) out.push_back({c.name, c.state, c.reason, c.problem});
  return out;
}

// Both workers of one session after another, feeding `history` as the dashboard's drain does, and
// keeping every event in `events` when given.
class SyntheticRun {
 public:
  explicit SyntheticRun(History& history, std::vector<SessionEvent>* events = nullptr)
      : history_(history), events_(events) {}

  // A new session at `t_ns`: a new segment, both workers count from zero. The label is what changed
  // since the previous configuration (or "write/read" for the first).
  void begin(std::int64_t t_ns, const RunConfig& config, std::vector<FakeCounter> counters = default_counters()) {
    const std::string label = started_ ? describe_change(config_, config) : describe_start(config);
    begin(t_ns, config, label, std::move(counters));
  }
  void begin(std::int64_t t_ns, const RunConfig& config, std::string label, std::vector<FakeCounter> counters) {
    started_ = true;
    config_ = config;
    counters_ = std::move(counters);
    apply(SegmentStart{t_ns, config, std::move(label), infos(counters_), infos(counters_), 128 * 1024, {}});
    t_ = t_ns;
    bytes_ = 0;
    times_ = {};
    switch_counts_ = {};
    counts_.assign(counters_.size(), 0.0);
    running_.assign(counters_.size(), 0.0);
    enabled_ = 0;
    emit();
  }

  // Both workers move `gib_per_s` for `duration_ns`, one sample every `step_ns`. The counters wobble a
  // little (a slow sine), so sparklines have something to show.
  void run(std::int64_t duration_ns, double gib_per_s, std::int64_t step_ns = kTick) {
    for (std::int64_t done = 0; done < duration_ns; done += step_ns) {
      t_ += step_ns;
      const double seconds = static_cast<double>(step_ns) / 1e9;
      bytes_ += gib_per_s * static_cast<double>(kGiB) * seconds;
      const double wobble = 1.0 + 0.2 * std::sin(static_cast<double>(t_) / 1.5e9);
      enabled_ += static_cast<double>(step_ns);
      for (std::size_t i = 0; i < counters_.size(); ++i) {
        counts_[i] += counters_[i].per_second * seconds * counters_[i].running * (i == 0 ? wobble : 1.0);
        running_[i] += static_cast<double>(step_ns) * counters_[i].running;
      }
      emit();
    }
  }

  [[nodiscard]] std::int64_t now() const { return t_; }
  [[nodiscard]] const RunConfig& config() const { return config_; }

  // Each worker's CPU use from now on (percent of one CPU, user and kernel), as the parent reads it
  // from /proc; none when absent.
  void set_cpu(std::optional<std::pair<double, double>> writer, std::optional<std::pair<double, double>> reader) {
    cpu_ = {writer, reader};
  }
  // What the reader finds in the pipe at each sample from now on (-1: not looked at).
  void set_pipe_fill(std::int64_t bytes) { pipe_fill_ = bytes; }

  // Each worker's context switches per second from now on (voluntary: it slept on the pipe).
  void set_switches(double writer_voluntary_per_s, double reader_voluntary_per_s, double involuntary_per_s = 0) {
    switches_ = {std::pair{writer_voluntary_per_s, involuntary_per_s},
                 std::pair{reader_voluntary_per_s, involuntary_per_s}};
  }

  // The share of the calls that return EAGAIN from now on (a busy loop spinning).
  void set_eagain_share(double share) { eagain_share_ = share; }

 private:
  void apply(SessionEvent event) {
    history_.apply(event);
    if (events_ != nullptr) events_->push_back(std::move(event));
  }

  void emit_times(WorkerRole role, std::size_t i) {
    if (!cpu_[i]) return;
    ProcessTimes& t = times_[i];
    const auto step = static_cast<double>(t_ - t.t_ns);
    if (t.t_ns != 0) {
      t.cpu.user_ns += static_cast<std::int64_t>(step * cpu_[i]->first / 100);
      t.cpu.system_ns += static_cast<std::int64_t>(step * cpu_[i]->second / 100);
      t.run_ns = t.cpu.user_ns + t.cpu.system_ns;
      switch_counts_[i].first += step / 1e9 * switches_[i].first;
      switch_counts_[i].second += step / 1e9 * switches_[i].second;
      t.voluntary_switches = static_cast<std::uint64_t>(switch_counts_[i].first);
      t.involuntary_switches = static_cast<std::uint64_t>(switch_counts_[i].second);
    }
    t.t_ns = t_;
    apply(WorkerTimes{role, t});
  }

  void emit() {
    Sample s{};
    s.t_ns = t_;
    s.bytes = static_cast<std::uint64_t>(std::llround(bytes_));
    s.syscalls = s.bytes / (128 * kKiB);
    s.pipe_fill = pipe_fill_;
    s.eagain = static_cast<std::uint64_t>(static_cast<double>(s.syscalls) * eagain_share_);
    s.counter_count = static_cast<std::uint32_t>(counters_.size());
    for (std::size_t i = 0; i < counters_.size() && i < kMaxCounters; ++i) {
      if (counters_[i].state == CounterState::unavailable) continue;
      s.counters[i] = {static_cast<std::uint64_t>(std::llround(counts_[i])), static_cast<std::uint64_t>(enabled_),
                       static_cast<std::uint64_t>(std::llround(running_[i]))};
    }
    apply(WorkerSample{WorkerRole::writer, s});
    apply(WorkerSample{WorkerRole::reader, s});
    emit_times(WorkerRole::writer, 0);
    emit_times(WorkerRole::reader, 1);
  }

  History& history_;
  std::vector<SessionEvent>* events_;
  bool started_ = false;
  RunConfig config_;
  std::vector<FakeCounter> counters_;
  std::int64_t t_ = 0;
  double bytes_ = 0;
  std::vector<double> counts_;
  std::vector<double> running_;
  double enabled_ = 0;
  std::array<std::optional<std::pair<double, double>>, 2> cpu_{std::pair{45.0, 30.0}, std::pair{20.0, 60.0}};
  std::array<ProcessTimes, 2> times_{};
  std::int64_t pipe_fill_ = -1;
  std::array<std::pair<double, double>, 2> switches_{std::pair{5000.0, 0.0}, std::pair{5000.0, 0.0}};
  std::array<std::pair<double, double>, 2> switch_counts_{};
  double eagain_share_ = 0;
};

}  // namespace pipetop::synthetic
