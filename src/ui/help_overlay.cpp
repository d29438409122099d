#include <array>
#include <string>

#include "pipetop/ui/widgets.hpp"

namespace pipetop {
namespace {

constexpr std::array<std::string_view, 10> kFigures{{
    "GiB/s       bytes the reader takes from the pipe per second (GiB = 2^30 B)",
    "chart       lowest-highest 10 ms rate in each column; ┊ marks a change",
    "mean p5/p95 since the last change; × is its mean against the first one",
    "IPC         instructions per cycle; cycles/KiB, instructions/KiB: copies",
    "dTLB/MiB    page-table walks per MiB moved: huge pages cut them",
    "faults/GiB  page faults per GiB moved: vmsplice + splice avoid them",
    "ctx sw/s    sleeps and wake-ups per second: the busy loop removes them",
    "CPU         each worker's user / kernel time; CPUs utilised: task-clock",
    "n/a u N%    not countable (why: header); user-only; ran N% of time, scaled",
    "drops  ui   samples lost while the dashboard lagged; its own CPU use",
}};

// The profile panel's time line, after one line per category from the rule table.
constexpr std::string_view kTimeSharesHelp =
    "time        user/kernel: running · cpu wait · sleep: blocked · spin: EAGAIN";
constexpr int kCategoryNameCells = 12;

constexpr int kKeyLabelCells = 6;  // "space" and a blank
constexpr int kKeyColumnWidth = kKeyLabelCells + kKeyHelpCells + 1;

void draw_box(Canvas& canvas, const Rect& a) {
  const bool unicode = canvas.unicode();
  std::string top = unicode ? "┌" : "+";
  std::string bottom = unicode ? "└" : "+";
  for (int i = 0; i < a.w - 2; ++i) {
    top += unicode ? "─" : "-";
    bottom += unicode ? "─" : "-";
  }
  top += unicode ? "┐" : "+";
  bottom += unicode ? "┘" : "+";
  canvas.text(a.x, a.y, top, {Color::title});
  const std::string blank(static_cast<std::size_t>(std::max(a.w - 2, 0)), ' ');
  for (int y = a.y + 1; y < a.y + a.h - 1; ++y) {
    canvas.text(a.x, y, unicode ? "│" : "|", {Color::title});
    canvas.text(a.x + 1, y, blank);
    canvas.text(a.x + a.w - 1, y, unicode ? "│" : "|", {Color::title});
  }
  canvas.text(a.x, a.y + a.h - 1, bottom, {Color::title});
}

}  // namespace

void draw_help(Canvas& canvas, const Rect& a, bool profile) {
  draw_box(canvas, a);
  canvas.text(a.x + 2, a.y, " pipetop: keys and figures ", {Color::title, true, false});
  const int inner = a.w - 4;
  const int last_row = a.y + a.h - 2;
  const int columns = inner >= 2 * kKeyColumnWidth ? 2 : 1;
  const int column_w = inner / columns;
  int y = a.y + 1;
  int column = 0;
  for (const KeyBinding& k : key_bindings()) {
    if (k.label.empty() || y > last_row) continue;
    const int x = a.x + 2 + column * column_w;
    canvas.text(x, y, k.label, {Color::accent, true, false});
    draw_clipped(canvas, x + kKeyLabelCells, y, k.help, column_w - kKeyLabelCells - 1);
    if (++column == columns) {
      column = 0;
      ++y;
    }
  }
  if (column != 0) ++y;
  if (last_row - y >= static_cast<int>(kFigures.size())) ++y;  // a blank line when there is room
  for (const std::string_view line : kFigures) {
    if (y > last_row) break;
    draw_clipped(canvas, a.x + 2, y++, line, inner);
  }
  if (profile) {
    ++y;  // the layout gave the box a row for it
    for (const CategoryRule& rule : category_rules()) {
      if (y > last_row) break;
      canvas.text(a.x + 2, y, rule.short_name, {category_color(rule.category), true, true});
      draw_clipped(canvas, a.x + 2 + kCategoryNameCells, y++, rule.help, inner - kCategoryNameCells);
    }
    if (y <= last_row) draw_clipped(canvas, a.x + 2, y, kTimeSharesHelp, inner);
  }
  const std::string_view close = " ? or Esc closes ";
  canvas.text(a.x + a.w - 2 - text_width(close), a.y + a.h - 1, close, {Color::dim});
}

}  // namespace pipetop
