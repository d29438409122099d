#include "pipetop/app/dashboard_command.hpp"

#include <poll.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <ctime>

#include "pipetop/app/export_files.hpp"
#include "pipetop/app/print_error.hpp"
#include "pipetop/app/signals.hpp"
#include "pipetop/app/worker_pair.hpp"
#include "pipetop/core/config_change.hpp"
#include "pipetop/core/history.hpp"
#include "pipetop/core/key_table.hpp"
#include "pipetop/system/clock.hpp"
#include "pipetop/system/machine_reader.hpp"
#include "pipetop/system/proc_pid_stat.hpp"
#include "pipetop/ui/terminal.hpp"
#include "pipetop/ui/widgets.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kCpuEveryNs = kNsPerS;
constexpr std::int64_t kMessageNs = 6 * kNsPerS;

// CPU use of a process over the last interval, from successive readings.
class CpuMeter {
 public:
  WorkerCpuUse update(std::optional<CpuTime> now, std::int64_t t_ns) {
    WorkerCpuUse use;
    if (now && last_ && t_ns > last_t_ns_) {
      const auto wall = static_cast<double>(t_ns - last_t_ns_);
      use.user_percent = 100.0 * static_cast<double>(now->user_ns - last_->user_ns) / wall;
      use.system_percent = 100.0 * static_cast<double>(now->system_ns - last_->system_ns) / wall;
    }
    last_ = now;
    last_t_ns_ = t_ns;
    return use;
  }

 private:
  std::optional<CpuTime> last_;
  std::int64_t last_t_ns_ = 0;
};

class Dashboard {
 public:
  Dashboard(const DashboardCommand& command, const SystemFiles& files, Terminal& terminal, WorkerPair& pair)
      : files_(files),
        terminal_(terminal),
        pair_(pair),
        frame_ns_(static_cast<std::int64_t>(1e9 / command.refresh_hz)) {
    state_.config = pair.config();
    state_.separate = pair.separate_cpus();
    machine_ = machine_summary(pair.machine());
    begin_segment(describe_start(state_.config));
  }

  // The loop: returns when asked to quit.
  void run(const SignalWatch& signals) {
    std::int64_t next_frame = monotonic_ns();
    for (;;) {
      const auto wait_ms = static_cast<int>(std::max<std::int64_t>(0, next_frame - monotonic_ns()) / kNsPerMs);
      pollfd fds[2] = {{terminal_.input_fd(), POLLIN, 0}, {signals.fd(), POLLIN, 0}};
      poll(fds, 2, wait_ms);
      if (signals.take()) return;
      while (const std::optional<InputEvent> input = terminal_.read_input()) {
        if (handle(*input) == KeyEffect::quit) return;
      }
      if (monotonic_ns() < next_frame) continue;
      next_frame = monotonic_ns() + frame_ns_;
      tick();
      draw();
    }
  }

 private:
  static std::string describe_start(const RunConfig& c) {
    return std::string(to_string(c.writer)) + "/" + std::string(to_string(c.reader));
  }

  void begin_segment(std::string label) {
    const Session* session = pair_.session();
    if (session == nullptr) return;
    history_.begin_segment(monotonic_ns(), state_.config, std::move(label), session->counters(WorkerRole::writer),
                           session->counters(WorkerRole::reader));
    segment_ends_ = {};
    state_.pipe_bytes = session->pipe_bytes();
  }

  KeyEffect handle(const InputEvent& input) {
    int key = input.key;
    if (key == kKeyResize) return KeyEffect::redraw;
    if (key == kKeyEscape && state_.help) key = '?';
    if (key == kMouseClick) {
      const auto span = std::find_if(spans_.begin(), spans_.end(),
                                     [&](const HeaderSpan& s) { return s.area.contains(input.mouse_x, input.mouse_y); });
      if (span == spans_.end()) return KeyEffect::redraw;
      key = span->key;
    }
    const KeyBinding* binding = find_key(key);
    if (binding == nullptr) return KeyEffect::redraw;
    DashboardState next = state_;
    const KeyEffect effect = binding->apply(next);
    if (effect == KeyEffect::restart) {
      restart(next);
    } else {
      state_ = next;
    }
    return effect;
  }

  void restart(const DashboardState& next) {
    const RunConfig before = state_.config;
    const Result<void> changed = pair_.change(next.config);
    if (!changed) {
      // The gist ("--gift needs --writer vmsplice"); the whole explanation is in the help and the CLI.
      const std::string& why = changed.error().message;
      show("refused: " + why.substr(0, why.find(": ")), true);
      return;
    }
    state_ = next;
    const std::string label = describe_change(before, next.config);
    show("now: " + label, false);
    begin_segment(label);
  }

  void tick() {
    Session* session = pair_.session();
    if (session != nullptr) {
      session->drain([this](WorkerRole role, const Sample& s) {
        history_.add(role, s);
        auto& [first, last] = segment_ends_[role == WorkerRole::writer ? 0 : 1];
        if (!first) first = s;
        last = s;
      });
    }
    if (state_.export_requested) {
      state_.export_requested = false;
      export_segment();
    }
    if (state_.reset_requested) {
      history_.reset(monotonic_ns());
      state_.reset_requested = false;
    }
    if (!state_.frozen) now_ns_ = history_.latest_ns().value_or(monotonic_ns());
    const std::int64_t t = monotonic_ns();
    if (t >= message_until_ns_) message_.clear();
    if (t >= next_cpu_ns_) {
      next_cpu_ns_ = t + kCpuEveryNs;
      ui_cpu_ = ui_meter_.update(process_cpu_time(), t);
      const auto cpu_of = [this, session](WorkerRole role) {
        return session != nullptr ? read_process_cpu_time(files_, session->pid(role)) : std::nullopt;
      };
      writer_cpu_ = writer_meter_.update(cpu_of(WorkerRole::writer), t);
      reader_cpu_ = reader_meter_.update(cpu_of(WorkerRole::reader), t);
    }
  }

  // The current segment as a run: its first and last samples carry every cumulative figure.
  void export_segment() {
    const Session* session = pair_.session();
    const auto& [writer_first, writer_last] = segment_ends_[0];
    const auto& [reader_first, reader_last] = segment_ends_[1];
    if (session == nullptr || !reader_first || !reader_last || !writer_first || !writer_last) {
      show("export: no samples in this segment yet", true);
      return;
    }
    RunOutcome outcome;
    outcome.config = state_.config;
    outcome.pipe_bytes = session->pipe_bytes();
    outcome.writer = {*writer_first, *writer_last};
    outcome.reader = {*reader_first, *reader_last};
    outcome.writer_counters = session->counters(WorkerRole::writer);
    outcome.reader_counters = session->counters(WorkerRole::reader);
    outcome.huge_pages = session->huge_pages();
    std::array<char, 32> stamp{};
    const std::time_t now = std::time(nullptr);
    std::strftime(stamp.data(), stamp.size(), "pipetop-%Y%m%d-%H%M%S", std::localtime(&now));
    const Result<std::string> written = export_results(stamp.data(), {make_trial(std::move(outcome))}, files_);
    show(written ? "exported " + *written : "export failed: " + written.error().message, !written);
  }

  void show(std::string message, bool error) {
    message_ = std::move(message);
    message_is_error_ = error;
    message_until_ns_ = monotonic_ns() + kMessageNs;
  }

  std::string problem() const {
    const Session* session = pair_.session();
    if (session == nullptr) return "no workers running: the last change could not be started";
    if (std::optional<Error> failure = session->failure()) return failure->message;
    const HugePageResult huge = session->huge_pages();
    if (huge.requested && !huge.verified) return "huge pages not verified: " + huge.detail;
    return {};
  }

  void draw() {
    DashboardModel model{.state = state_,
                         .history = history_,
                         .machine = machine_,
                         .huge = HugePageResult{},
                         .pipe_bytes = 0,
                         .problem = problem(),
                         .message = message_,
                         .message_is_error = message_is_error_,
                         .dropped = 0,
                         .ui_cpu_percent = std::nullopt,
                         .writer_cpu = {},
                         .reader_cpu = {},
                         .now_ns = 0,
                         .window_ns = 60 * kNsPerS};
    if (const Session* session = pair_.session()) {
      model.huge = session->huge_pages();
      model.pipe_bytes = session->pipe_bytes();
    }
    model.message_is_error = message_is_error_;
    model.dropped = pair_.dropped_samples();
    if (ui_cpu_.user_percent && ui_cpu_.system_percent) model.ui_cpu_percent = *ui_cpu_.user_percent + *ui_cpu_.system_percent;
    model.writer_cpu = writer_cpu_;
    model.reader_cpu = reader_cpu_;
    model.now_ns = now_ns_;
    spans_ = draw_dashboard(terminal_.begin_frame(), model);
    terminal_.present();
  }

  const SystemFiles& files_;
  Terminal& terminal_;
  WorkerPair& pair_;
  std::int64_t frame_ns_;
  DashboardState state_;
  History history_;
  std::string machine_;
  std::string message_;
  bool message_is_error_ = false;
  std::int64_t message_until_ns_ = 0;
  std::array<std::pair<std::optional<Sample>, std::optional<Sample>>, 2> segment_ends_;  // writer, reader
  std::vector<HeaderSpan> spans_;
  std::int64_t now_ns_ = 0;
  std::int64_t next_cpu_ns_ = 0;
  CpuMeter ui_meter_;
  CpuMeter writer_meter_;
  CpuMeter reader_meter_;
  WorkerCpuUse ui_cpu_;
  WorkerCpuUse writer_cpu_;
  WorkerCpuUse reader_cpu_;
};

}  // namespace

int run_dashboard(const DashboardCommand& command, const SystemFiles& files) {
  Result<WorkerPlan> plan = plan_workers(command.config, read_machine_facts(files));
  if (!plan) return print_error(plan.error());
  Result<SignalWatch> signals = SignalWatch::install();
  if (!signals) return print_error(signals.error());
  Result<std::unique_ptr<Terminal>> terminal = Terminal::open(command.ascii);
  if (!terminal) return print_error(terminal.error());
  Result<std::unique_ptr<WorkerPair>> pair = WorkerPair::start(std::move(*plan));
  if (!pair) {
    (*terminal)->restore();  // the terminal first, then the words
    return print_error(pair.error());
  }
  Dashboard dashboard(command, files, **terminal, **pair);
  dashboard.run(*signals);
  pair->reset();  // stop and reap the workers
  (*terminal)->restore();
  return 0;
}

}  // namespace pipetop
