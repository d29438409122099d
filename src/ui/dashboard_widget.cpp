#include "pipetop/ui/widgets.hpp"

namespace pipetop {

std::vector<HeaderSpan> draw_dashboard(Canvas& canvas, const DashboardModel& model) {
  const DashboardLayout layout =
      layout_dashboard(canvas.width(), canvas.height(), {.profile = model.state.profile_panel});
  if (layout.too_small) {
    draw_too_small(canvas, layout.notice);
    return {};
  }
  std::vector<HeaderSpan> spans = draw_header(canvas, layout.header, model);
  draw_chart(canvas, layout.chart, model);
  draw_readout(canvas, layout.readout, model);
  draw_counters(canvas, layout.counters, model);
  if (!layout.profile.empty()) draw_profile(canvas, layout.profile, model);
  draw_status(canvas, layout.status, model);
  draw_footer(canvas, layout.footer, model);
  if (model.state.help) draw_help(canvas, layout.help, model.state.profile_panel);
  return spans;
}

}  // namespace pipetop
