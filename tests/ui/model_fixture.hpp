#pragma once
// A DashboardModel built from a synthetic History: workers that move a chosen number of GiB/s, one
// sample per 10 ms, with counters that count at chosen rates (multiplexed or not), split into
// segments as the dashboard splits them at every configuration change. And small helpers to read a
// TextCanvas back.

#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pipetop/core/config_change.hpp"
#include "pipetop/core/history.hpp"
#include "pipetop/core/key_table.hpp"
#include "pipetop/core/size.hpp"
#include "pipetop/core/strategies.hpp"
#include "pipetop/ui/dashboard_model.hpp"
#include "pipetop/ui/text_canvas.hpp"
#include "unit/profile_fixture.hpp"

namespace pipetop::uitest {

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

// Both workers of one session after another, feeding `history` as the dashboard's drain does.
class SyntheticRun {
 public:
  explicit SyntheticRun(History& history) : history_(history) {}

  // A new session at `t_ns`: a new segment, both workers count from zero. The label is what changed
  // since the previous configuration (or "write/read" for the first).
  void begin(std::int64_t t_ns, const RunConfig& config, std::vector<FakeCounter> counters = default_counters()) {
    const std::string label = started_
                                  ? describe_change(config_, config)
                                  : std::string(to_string(config.writer)) + "/" + std::string(to_string(config.reader));
    begin(t_ns, config, label, std::move(counters));
  }
  void begin(std::int64_t t_ns, const RunConfig& config, std::string label, std::vector<FakeCounter> counters) {
    started_ = true;
    config_ = config;
    counters_ = std::move(counters);
    history_.begin_segment(
        SegmentStart{t_ns, config, std::move(label), infos(counters_), infos(counters_), 128 * 1024, {}});
    t_ = t_ns;
    bytes_ = 0;
    times_ = {};
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

 private:
  void emit_times(WorkerRole role, std::size_t i) {
    if (!cpu_[i]) return;
    ProcessTimes& t = times_[i];
    const auto step = static_cast<double>(t_ - t.t_ns);
    if (t.t_ns != 0) {
      t.cpu.user_ns += static_cast<std::int64_t>(step * cpu_[i]->first / 100);
      t.cpu.system_ns += static_cast<std::int64_t>(step * cpu_[i]->second / 100);
      t.run_ns = t.cpu.user_ns + t.cpu.system_ns;
    }
    t.t_ns = t_;
    history_.add_times(role, t);
  }

  void emit() {
    Sample s{};
    s.t_ns = t_;
    s.bytes = static_cast<std::uint64_t>(std::llround(bytes_));
    s.syscalls = s.bytes / (128 * kKiB);
    s.pipe_fill = pipe_fill_;
    s.counter_count = static_cast<std::uint32_t>(counters_.size());
    for (std::size_t i = 0; i < counters_.size() && i < kMaxCounters; ++i) {
      if (counters_[i].state == CounterState::unavailable) continue;
      s.counters[i] = {static_cast<std::uint64_t>(std::llround(counts_[i])), static_cast<std::uint64_t>(enabled_),
                       static_cast<std::uint64_t>(std::llround(running_[i]))};
    }
    history_.add(WorkerRole::writer, s);
    history_.add(WorkerRole::reader, s);
    emit_times(WorkerRole::writer, 0);
    emit_times(WorkerRole::reader, 1);
  }

  History& history_;
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
};

// Everything a DashboardModel refers to, in one place that outlives it.
struct Scene {
  DashboardState state;
  History history;
  std::string machine = "Test CPU @ 3.0GHz · Linux 6.1.0";
  std::string problem;
  std::string message;
  bool message_is_error = false;
  std::uint64_t dropped = 0;
  std::optional<double> ui_cpu_percent = 1.5;
  bool live = true;
  std::int64_t now_ns = 0;
  std::int64_t window_ns = 60 * kSec;

  [[nodiscard]] DashboardModel model() const {
    return DashboardModel{state,   history,        machine, problem, message,  message_is_error,
                          dropped, ui_cpu_percent, live,    now_ns,  window_ns};
  }
};

inline constexpr std::int64_t kStart = 1000 * kSec;

// About 70 s of a session as a user would drive it: write/read at 2 GiB/s for 25 s, "+vmsplice" at
// 8 GiB/s for 20 s, then "+splice" at 40 GiB/s for 25 s with one 10 ms stall in the middle. The chart's
// right edge is the last sample.
inline Scene standard_scene() {
  Scene s;
  SyntheticRun run(s.history);
  RunConfig c;
  c.writer_cpu = 0;
  c.reader_cpu = 1;
  run.begin(kStart, c);
  run.run(25 * kSec, 2.0);
  c.writer = WriterKind::vmsplice;
  run.begin(run.now() + 5 * kMs, c);
  run.run(20 * kSec, 8.0);
  c.reader = ReaderKind::splice;
  run.begin(run.now() + 5 * kMs, c);
  run.run(12 * kSec, 40.0);
  run.run(kTick, 0.0);
  run.run(13 * kSec, 40.0);
  s.state.config = c;
  s.state.pipe_bytes = s.history.pipe_bytes();
  s.now_ns = run.now();
  return s;
}

// Both workers of the current segment profiled at `t_ns` as the captured profiles `fixture`.writer
// and `fixture`.reader (tests/fixtures/profiles): cpu-clock at 1 kHz with kernel frames.
inline void profile_segment(History& history, std::int64_t t_ns, const std::string& fixture) {
  for (const WorkerRole role : {WorkerRole::writer, WorkerRole::reader}) {
    history.apply(ProfileStarted{t_ns, role, {"cpu-clock", ProfileMode::kernel_and_user, "", 1000}});
    ProfileBatch batch{t_ns, role, {}, 0};
    const std::string side = role == WorkerRole::writer ? ".writer" : ".reader";
    for (const testing::FoldedStack& stack : testing::parse_folded(testing::profile_fixture_text(fixture + side))) {
      for (std::uint64_t i = 0; i < stack.count; ++i) batch.samples.push_back(stack.sample);
    }
    history.apply(batch);
  }
}

// The standard scene's last segment profiled: both workers sampled as the captured blocking
// vmsplice/splice profiles (tests/fixtures/profiles), the reader finding the pipe full at 23 of every
// 25 looks ("reader-bound: the pipe is full 92% of the time").
inline Scene profiled_scene() {
  Scene s = standard_scene();
  s.history = History{};
  SyntheticRun run(s.history);
  RunConfig c = s.state.config;
  c.writer = WriterKind::write;
  c.reader = ReaderKind::read;
  run.begin(kStart, c);
  run.run(25 * kSec, 2.0);
  c.writer = WriterKind::vmsplice;
  c.reader = ReaderKind::splice;
  run.begin(run.now() + 5 * kMs, c);
  profile_segment(s.history, run.now(), "blocking-vmsplice-splice");
  for (int i = 0; i < 10; ++i) {
    run.set_pipe_fill(128 * 1024);
    run.run(2300 * kMs, 8.0);
    run.set_pipe_fill(0);
    run.run(200 * kMs, 8.0);
  }
  s.state.config = c;
  s.state.pipe_bytes = s.history.pipe_bytes();
  s.now_ns = run.now();
  return s;
}

// The same scene, built once: it is only read.
inline const Scene& shared_standard_scene() {
  static const Scene scene = standard_scene();
  return scene;
}

// ---- reading a TextCanvas back ----

// The glyphs of `w` cells of row `y` from `x`.
inline std::string cells(const TextCanvas& c, int x, int y, int w) {
  std::string out;
  for (int i = x; i < x + w; ++i) out += c.glyph_at(i, y);
  return out;
}

// The Unicode code point of a one-glyph UTF-8 string (0 when empty).
inline unsigned code_point(std::string_view g) {
  if (g.empty()) return 0;
  const auto b = [&](std::size_t i) { return static_cast<unsigned>(static_cast<unsigned char>(g[i])); };
  if (b(0) < 0x80) return b(0);
  if ((b(0) & 0xE0) == 0xC0 && g.size() >= 2) return ((b(0) & 0x1F) << 6) | (b(1) & 0x3F);
  if ((b(0) & 0xF0) == 0xE0 && g.size() >= 3) return ((b(0) & 0x0F) << 12) | ((b(1) & 0x3F) << 6) | (b(2) & 0x3F);
  if (g.size() >= 4) return ((b(0) & 0x07) << 18) | ((b(1) & 0x3F) << 12) | ((b(2) & 0x3F) << 6) | (b(3) & 0x3F);
  return 0;
}

inline bool is_braille(std::string_view g) {
  const unsigned cp = code_point(g);
  return cp >= 0x2800 && cp <= 0x28FF;
}

inline bool is_ascii(std::string_view text) {
  for (const char ch : text) {
    if (static_cast<unsigned char>(ch) >= 0x80) return false;
  }
  return true;
}

inline bool has(std::string_view haystack, std::string_view needle) {
  return haystack.find(needle) != std::string_view::npos;
}

// The cell column where `needle` starts on row `y`, or -1.
inline int column_of(const TextCanvas& c, int y, std::string_view needle) {
  for (int x = 0; x < c.width(); ++x) {
    if (cells(c, x, y, static_cast<int>(c.width() - x)).starts_with(needle)) return x;
  }
  return -1;
}

// The first row whose text contains `needle`, or -1.
inline int row_of(const TextCanvas& c, std::string_view needle) {
  for (int y = 0; y < c.height(); ++y) {
    if (has(c.line(y), needle)) return y;
  }
  return -1;
}

}  // namespace pipetop::uitest
