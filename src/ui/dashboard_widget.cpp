#include "pipetop/ui/widgets.hpp"

namespace pipetop {

std::vector<HeaderSpan> draw_dashboard(Canvas& canvas, const DashboardModel& model) {
  const DashboardLayout layout = layout_dashboard(canvas.width(), canvas.height());
  if (layout.too_small) {
    draw_too_small(canvas, layout.notice);
    return {};
  }
  std::vector<HeaderSpan> spans = draw_header(canvas, layout.header, model);
  draw_chart(canvas, layout.chart, model);
  draw_readout(canvas, layout.readout, model);
  draw_counters(canvas, layout.counters, model);
  draw_status(canvas, layout.status, model);
  draw_footer(canvas, layout.footer, model);
  if (model.state.help) draw_help(canvas, layout.help);
  return spans;
}

}  // namespace pipetop
