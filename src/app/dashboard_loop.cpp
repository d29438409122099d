#include "pipetop/app/dashboard_loop.hpp"

#include <poll.h>

#include <algorithm>
#include <array>
#include <ctime>

#include "pipetop/app/export_files.hpp"
#include "pipetop/system/clock.hpp"
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

// "pipetop-20250101-120000", named after the moment.
std::string timestamp_prefix() {
  std::array<char, 32> stamp{};
  const std::time_t now = std::time(nullptr);
  std::strftime(stamp.data(), stamp.size(), "pipetop-%Y%m%d-%H%M%S", std::localtime(&now));
  return stamp.data();
}

// The key a click on the header stands for, or 0.
int clicked_key(const std::vector<HeaderSpan>& spans, const InputEvent& input) {
  const auto span = std::find_if(spans.begin(), spans.end(),
                                 [&](const HeaderSpan& s) { return s.area.contains(input.mouse_x, input.mouse_y); });
  return span == spans.end() ? 0 : span->key;
}

}  // namespace

DashboardState view_state(const RunConfig& config, const ViewOptions& view, DashboardMode mode) {
  DashboardState state;
  state.config = config;
  state.theme = view.theme;
  state.y_max = view.y_max;
  state.mode = mode;
  return state;
}

DashboardExports timestamped_exports(const SystemFiles& files) {
  return {[&files](const std::vector<Trial>& trials, const std::string& svg) {
            return export_results(timestamp_prefix(), trials, files, Overwrite::refuse, svg);
          },
          [](const std::string& csv) -> Result<std::string> {
            const std::string path = timestamp_prefix() + "-leaderboard.csv";
            if (Result<void> written = write_new_file(path, csv, Overwrite::refuse); !written) {
              return std::unexpected(written.error());
            }
            return path;
          }};
}

void run_dashboard_loop(Terminal& terminal, const SignalWatch& signals, DashboardController& controller,
                        double refresh_hz) {
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
    // Read only when it is ready: a frame's call fewer, and a signal after the poll wakes the next.
    if ((fds[1].revents & POLLIN) != 0 && signals.take()) return;
    while (const std::optional<InputEvent> input = terminal.read_input()) {
      const int key = input->key == kMouseClick ? clicked_key(spans, *input) : input->key;
      if (key == kKeyResize || key == 0) continue;
      if (!controller.press(key, monotonic_ns())) return;
      if (terminal.theme() != controller.state().theme) terminal.set_theme(controller.state().theme);
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

}  // namespace pipetop
