#include <string>

#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/base/printf_string.hpp"
#include "pipetop/core/config/config_change.hpp"
#include "pipetop/core/screen/leaderboard.hpp"
#include "pipetop/core/screen/text_cells.hpp"
#include "pipetop/ui/widgets.hpp"

namespace pipetop {
namespace {

constexpr int kFigureCells = 40;  // mean, p5 / p95, samples, ×first and the spaces between them

std::string figures(const SegmentStats& s) {
  const std::string spread = s.p5 && s.p95 ? format_fixed(s.p5, 2) + " / " + format_fixed(s.p95, 2) : "—";
  return pad_left(format_fixed(s.mean, 2), 7) + " " + pad_left(spread, 15) + " " +
         pad_left(std::to_string(s.samples), 8) + " " + pad_left(s.speedup ? "×" + format_fixed(s.speedup, 1) : "—", 7);
}

}  // namespace

void draw_leaderboard(Canvas& canvas, const Rect& area, const DashboardModel& m) {
  const std::vector<LeaderboardRow> rows = leaderboard(m.history);
  const int h = std::min(area.h, std::max(static_cast<int>(rows.size()), 1) + 3);  // as tall as its rows
  const Rect a{area.x, area.y + (area.h - h) / 2, area.w, h};
  draw_overlay_box(canvas, a, " every configuration tried, fastest first ", " x exports CSV · L or Esc closes ");
  const int inner = a.w - 4;
  const int config_w = std::max(8, inner - 4 - kFigureCells - 1);
  int y = a.y + 1;
  const std::string heading = pad_right("  #", 4) + pad_right("configuration", config_w) + " " + pad_left("GiB/s", 7) +
                              " " + pad_left("p5 / p95", 15) + " " + pad_left("samples", 8) + " " +
                              pad_left("×first", 7);
  draw_clipped(canvas, a.x + 2, y++, heading, inner, {Color::dim, true, false});
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (y > a.y + a.h - 2) break;
    const LeaderboardRow& r = rows[i];
    const Style style = r.current ? Style{Color::accent, true, false} : Style{};
    const int x = a.x + 2;
    // The one running now is marked, so it reads without colour too.
    canvas.text(x, y, (r.current ? (canvas.unicode() ? "▸" : ">") : " ") + pad_left(std::to_string(i + 1), 2), style);
    draw_clipped(canvas, x + 4, y, describe_config(r.config), config_w, style);
    draw_clipped(canvas, x + 4 + config_w + 1, y, figures(r.stats), inner - 4 - config_w - 1, style);
    ++y;
  }
  if (rows.empty()) canvas.text(a.x + 2, y, "nothing measured yet", {Color::dim});
}

}  // namespace pipetop
