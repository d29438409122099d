#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/figures/interference.hpp"
#include "pipetop/ui/widgets.hpp"

namespace pipetop {

void draw_status(Canvas& canvas, const Rect& a, const DashboardModel& m) {
  // A replay's position takes the place of the live figures (the recording's drops are not known).
  std::string own = m.playback.empty() ? "drops " + std::to_string(m.dropped) : m.playback;
  if (m.ui_cpu_percent) own += " · ui " + format_fixed(m.ui_cpu_percent, 1) + "% cpu";
  const int own_x = a.x + a.w - text_width(own) - 1;
  canvas.text(own_x, a.y, own, {m.dropped > 0 && m.playback.empty() ? Color::warn : Color::dim});
  if (!m.message.empty()) {
    draw_clipped(canvas, a.x + 1, a.y, m.message, own_x - a.x - 2,
                 m.message_is_error ? Style{Color::bad, true, false} : Style{Color::accent});
    return;
  }
  // No message: say when the machine disturbs what is measured now.
  const CpuWaits waits{m.history.time_use(WorkerRole::writer).cpu_wait,
                       m.history.time_use(WorkerRole::reader).cpu_wait};
  if (const std::optional<std::string> words = interference_words(waits, m.state.config)) {
    draw_clipped(canvas, a.x + 1, a.y, *words, own_x - a.x - 2, {Color::warn, true, false});
  }
}

}  // namespace pipetop
