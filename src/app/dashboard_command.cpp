#include "pipetop/app/dashboard_command.hpp"

#include <poll.h>

#include <algorithm>
#include <array>
#include <ctime>

#include "pipetop/app/dashboard_controller.hpp"
#include "pipetop/app/export_files.hpp"
#include "pipetop/app/live_pair.hpp"
#include "pipetop/app/print_error.hpp"
#include "pipetop/app/signals.hpp"
#include "pipetop/app/worker_plan.hpp"
#include "pipetop/system/clock.hpp"
#include "pipetop/system/machine_reader.hpp"
#include "pipetop/ui/terminal.hpp"
#include "pipetop/ui/widgets.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kCpuEveryNs = kNsPerS;

// The dashboard's own CPU use over the last second.
class OwnCpu {
 public:
  std::optional<double> update(std::int64_t t_ns) {
    if (t_ns < next_ns_) return percent_;
    const CpuTime now = process_cpu_time();
    if (last_t_ns_ != 0 && t_ns > last_t_ns_) {
      const auto used = static_cast<double>(now.user_ns + now.system_ns - last_.user_ns - last_.system_ns);
      percent_ = 100.0 * used / static_cast<double>(t_ns - last_t_ns_);
    }
    last_ = now;
    last_t_ns_ = t_ns;
    next_ns_ = t_ns + kCpuEveryNs;
    return percent_;
  }

 private:
  CpuTime last_;
  std::int64_t last_t_ns_ = 0;
  std::int64_t next_ns_ = 0;
  std::optional<double> percent_;
};

// PREFIX.{cmd,csv,json} in the working directory, named after the moment.
Result<std::string> export_to_timestamped_files(const std::vector<Trial>& trials, const SystemFiles& files) {
  std::array<char, 32> stamp{};
  const std::time_t now = std::time(nullptr);
  std::strftime(stamp.data(), stamp.size(), "pipetop-%Y%m%d-%H%M%S", std::localtime(&now));
  return export_results(stamp.data(), trials, files, Overwrite::refuse);
}

// The loop: input, signals and frames, until asked to quit. Never waits on the workers.
void run_loop(Terminal& terminal, const SignalWatch& signals, DashboardController& controller, double refresh_hz) {
  const auto frame_ns = static_cast<std::int64_t>(1e9 / refresh_hz);
  std::vector<HeaderSpan> spans;
  OwnCpu own_cpu;
  std::int64_t next_frame = monotonic_ns();
  for (;;) {
    // Rounded up: rounding down would spin through the last millisecond before every frame.
    const auto wait_ms =
        static_cast<int>((std::max<std::int64_t>(0, next_frame - monotonic_ns()) + kNsPerMs - 1) / kNsPerMs);
    pollfd fds[2] = {{terminal.input_fd(), POLLIN, 0}, {signals.fd(), POLLIN, 0}};
    poll(fds, 2, wait_ms);
    if (signals.take()) return;
    while (const std::optional<InputEvent> input = terminal.read_input()) {
      int key = input->key;
      if (key == kKeyResize) continue;
      if (key == kMouseClick) {
        const auto span = std::find_if(spans.begin(), spans.end(), [&](const HeaderSpan& s) {
          return s.area.contains(input->mouse_x, input->mouse_y);
        });
        if (span == spans.end()) continue;
        key = span->key;
      }
      if (!controller.press(key, monotonic_ns())) return;
    }
    const std::int64_t now = monotonic_ns();
    if (now < next_frame) continue;
    next_frame = now + frame_ns;
    controller.tick(now);
    DashboardModel model = controller.model(now);
    model.ui_cpu_percent = own_cpu.update(now);
    spans = draw_dashboard(terminal.begin_frame(), model);
    terminal.present();
  }
}

}  // namespace

int run_dashboard(const DashboardCommand& command, const SystemFiles& files) {
  Result<WorkerPlan> plan = plan_workers(command.config, read_machine_facts(files));
  if (!plan) return print_error(plan.error());
  Result<SignalWatch> signals = SignalWatch::install();
  if (!signals) return print_error(signals.error());
  Result<std::unique_ptr<Terminal>> terminal = Terminal::open(command.ascii);
  if (!terminal) return print_error(terminal.error());
  DashboardState state;
  state.config = plan->config;
  state.separate = plan->separate;
  const std::string machine = machine_summary(plan->machine);
  LivePair pair(std::move(*plan), files);
  DashboardController controller(pair, state, machine,
                                 [&files](const std::vector<Trial>& trials) { return export_to_timestamped_files(trials, files); });
  run_loop(**terminal, *signals, controller, command.refresh_hz);
  pair.stop();  // kill and reap the workers, then give the terminal back
  (*terminal)->restore();
  return 0;
}

}  // namespace pipetop
