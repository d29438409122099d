#include "pipetop/ui/widgets.hpp"

namespace pipetop {

std::vector<HeaderSpan> draw_dashboard(Canvas& canvas, const DashboardModel& model) {
  // The band under the chart: the tour's caption, or the strip of --pairs (never both).
  const int caption =
      model.tour ? caption_rows(*model.tour, canvas.width()) : pairs_strip_rows(model.pairs, canvas.width());
  const DashboardLayout layout =
      layout_dashboard(canvas.width(), canvas.height(), {model.state.panels, caption, model.state.profile_panel});
  if (layout.too_small) {
    draw_too_small(canvas, layout.notice);
    return {};
  }
  std::vector<HeaderSpan> spans;
  if (!layout.header.empty()) spans = draw_header(canvas, layout.header, model);
  draw_chart(canvas, layout.chart, model);
  if (!layout.readout.empty()) draw_readout(canvas, layout.readout, model);
  if (model.tour && !layout.caption.empty()) draw_caption(canvas, layout.caption, *model.tour);
  if (!model.tour && !layout.caption.empty()) draw_pairs_strip(canvas, layout.caption, model.pairs);
  if (!layout.counters.empty()) draw_counters(canvas, layout.counters, model);
  if (!layout.profile.empty()) draw_profile(canvas, layout.profile, model);
  draw_status(canvas, layout.status, model);
  if (!layout.footer.empty()) draw_footer(canvas, layout.footer, model);
  draw_key_echo(canvas, layout.chart, model.key_echo);
  if (model.state.help) {
    draw_help(canvas, layout.help, model.state);
  } else if (model.state.leaderboard) {
    draw_leaderboard(canvas, layout.help, model);
  } else if (model.tour && model.tour->finished) {
    draw_tour_summary(canvas, layout.help, *model.tour);
  }
  return spans;
}

}  // namespace pipetop
