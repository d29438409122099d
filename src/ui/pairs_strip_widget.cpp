// The strip under the chart with --pairs N: a heading (how many pairs, the slowest and the fastest),
// then a cell per pair ("#2 2→3  12.41"), or where the cells would take more than kStripCellRows
// rows, a bar per pair, each as high as its rate against the fastest.

#include <algorithm>
#include <array>
#include <cmath>

#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/machine/pair_placement.hpp"
#include "pipetop/ui/widgets.hpp"

namespace pipetop {
namespace {

constexpr int kStripCellRows = 2;
constexpr int kCellWidth = 22;  // "#12 126→127    123.45" and a gap

int cells_per_row(int width) {
  return std::max(1, (width - 1) / kCellWidth);
}

int cell_rows(std::size_t pairs, int width) {
  const int per_row = cells_per_row(width);
  return (static_cast<int>(pairs) + per_row - 1) / per_row;
}

// "2 pairs · their sum is charted · slowest #2 11.80 · fastest #1 12.41 GiB/s".
std::string heading(const std::vector<PairFigure>& pairs) {
  std::string text =
      std::to_string(pairs.size()) + (pairs.size() == 1 ? " pair" : " pairs") + " · the chart is their sum";
  std::optional<std::size_t> slow;
  std::optional<std::size_t> fast;
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    if (!pairs[k].gib_per_s) continue;
    if (!slow || *pairs[k].gib_per_s < *pairs[*slow].gib_per_s) slow = k;
    if (!fast || *pairs[k].gib_per_s > *pairs[*fast].gib_per_s) fast = k;
  }
  if (slow && fast && pairs.size() > 1) {
    text += " · slowest #" + std::to_string(*slow + 1) + " " + format_fixed(pairs[*slow].gib_per_s, 2) +
            " · fastest #" + std::to_string(*fast + 1) + " " + format_fixed(pairs[*fast].gib_per_s, 2) + " GiB/s";
  }
  return text;
}

void draw_cell(Canvas& canvas, int x, int y, std::size_t k, const PairFigure& pair) {
  const std::string number = "#" + std::to_string(k + 1);
  canvas.text(x, y, number, {Color::title, true, false});
  draw_clipped(canvas, x + 4, y, cpus_words(pair.cpus), 9, {Color::dim});
  const std::string rate = pair.gib_per_s ? format_fixed(pair.gib_per_s, 2) : pair.running ? "…" : "stopped";
  const Style style =
      pair.gib_per_s ? Style{pair.running ? Color::accent : Color::dim, true, false} : Style{Color::dim};
  canvas.text(x + kCellWidth - 2 - text_width(rate), y, rate, style);
}

// One column per pair, as high as its rate against the fastest; a pair without a rate is a gap.
void draw_bars(Canvas& canvas, const Rect& a, const std::vector<PairFigure>& pairs) {
  static constexpr std::array<std::string_view, 8> kBlocks{"▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
  static constexpr std::array<std::string_view, 8> kAscii{".", ".", ":", ":", "=", "=", "#", "#"};
  double fastest = 0;
  for (const PairFigure& p : pairs) fastest = std::max(fastest, p.gib_per_s.value_or(0));
  const int shown = std::min(static_cast<int>(pairs.size()), a.w - 2);
  for (int k = 0; k < shown; ++k) {
    const std::optional<double> rate = pairs[static_cast<std::size_t>(k)].gib_per_s;
    if (!rate || fastest <= 0) continue;
    const auto level = static_cast<std::size_t>(std::clamp(std::lround(*rate / fastest * 7), 0L, 7L));
    canvas.text(a.x + 1 + k, a.y, canvas.unicode() ? kBlocks[level] : kAscii[level], {Color::chart, false, false});
  }
  if (shown < static_cast<int>(pairs.size())) canvas.text(a.x + a.w - 1, a.y, "+", {Color::dim});
}

}  // namespace

std::string role_heading(WorkerRole role, const DashboardModel& model) {
  return std::string(to_string(role)) + (model.pairs.empty() ? "" : "s");
}

int pairs_strip_rows(const std::vector<PairFigure>& pairs, int width) {
  if (pairs.empty()) return 0;
  const int rows = cell_rows(pairs.size(), width);
  return 1 + (rows <= kStripCellRows ? rows : 1);
}

void draw_pairs_strip(Canvas& canvas, const Rect& a, const std::vector<PairFigure>& pairs) {
  if (a.empty() || pairs.empty()) return;
  draw_clipped(canvas, a.x + 1, a.y, heading(pairs), a.w - 2, {Color::marker, true, false});
  if (a.h < 2) return;
  if (cell_rows(pairs.size(), a.w) > kStripCellRows) {
    draw_bars(canvas, {a.x, a.y + 1, a.w, 1}, pairs);
    return;
  }
  const int per_row = cells_per_row(a.w);
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    const int row = static_cast<int>(k) / per_row;
    if (1 + row >= a.h) break;
    draw_cell(canvas, a.x + 1 + (static_cast<int>(k) % per_row) * kCellWidth, a.y + 1 + row, k, pairs[k]);
  }
}

}  // namespace pipetop
