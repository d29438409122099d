#include <array>
#include <string>
#include <vector>

#include "pipetop/core/screen/text_cells.hpp"
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

constexpr std::array<std::string_view, 5> kViews{{
    "base ┄      the pinned baseline (B); × is then against it",
    "memcpy ┄    one CPU's copy of the buffer size, measured before the pair ran",
    "A/B         a: this vs the last (or B), a side a slice; × A/B, 95% CI",
    "tour        space pauses, → ← move between steps, 1-6 jump to one",
    "replay      space pauses, → ← and 1-9 move between its segments, r restarts",
}};
// The profile panel's time line, after one line per category from the rule table.
constexpr std::string_view kTimeSharesHelp =
    "time          user/kernel: running · cpu wait · sleep: blocked · spin: EAGAIN";
// A category's swatch as its bar segments look, "~ wait/wake", and a blank: its fill, then its name.
constexpr int kCategoryNameCells = 14;

constexpr int kKeyLabelCells = 6;  // "space" and a blank
constexpr int kKeyColumnWidth = kKeyLabelCells + kKeyHelpCells + 1;

// `entries` on lines of at most `width` cells, `separator` between two on a line; an entry is never
// split (one wider than `width` is cut where it is drawn).
std::vector<std::string> pack_entries(const std::vector<std::string>& entries, std::string_view separator, int width) {
  std::vector<std::string> lines;
  for (const std::string& entry : entries) {
    const bool fits = !lines.empty() && text_width(lines.back()) + text_width(separator) + text_width(entry) <= width;
    if (fits) {
      lines.back() += std::string(separator) + entry;
    } else {
      lines.push_back(entry);
    }
  }
  return lines;
}

// Page 0: the keys that work here, two columns when they fit; the flag toggles after them in a
// compact list ("h huge · b busy · ..."), so every key fits the smallest dashboard.
void draw_keys(Canvas& canvas, const Rect& a, const DashboardState& state) {
  const int inner = a.w - 4;
  const int last_row = a.y + a.h - 2;
  const int columns = inner >= 2 * kKeyColumnWidth ? 2 : 1;
  const int column_w = inner / columns;
  int y = a.y + 1;
  int column = 0;
  std::vector<std::string> toggles;
  if (state.mode != DashboardMode::replay) toggles.emplace_back("toggles:");
  for (const KeyBinding& k : key_bindings()) {
    if (k.label.empty() || !key_available(k, state.mode)) continue;
    if (k.flag != nullptr) {
      toggles.push_back(std::string(k.label) + " " + std::string(k.footer));
      continue;
    }
    if (y > last_row) continue;
    const int x = a.x + 2 + column * column_w;
    canvas.text(x, y, k.label, {Color::accent, true, false});
    draw_clipped(canvas, x + kKeyLabelCells, y, k.help, column_w - kKeyLabelCells - 1);
    if (++column == columns) {
      column = 0;
      ++y;
    }
  }
  if (column != 0) ++y;
  const std::vector<std::string> lines =
      state.mode == DashboardMode::replay
          ? wrap_words("the keys that change the configuration are off in a replay", inner)
          : pack_entries(toggles, " · ", inner);
  for (const std::string& line : lines) {
    if (y > last_row) break;
    draw_clipped(canvas, a.x + 2, y++, line, inner);
  }
}

// Page 1: every figure, the views, and with the profile panel each of its categories and the time line.
void draw_figures(Canvas& canvas, const Rect& a, bool profile) {
  const int inner = a.w - 4;
  int y = a.y + 1;
  for (const std::string_view line : kFigures) {
    if (y > a.y + a.h - 2) return;
    draw_clipped(canvas, a.x + 2, y++, line, inner);
  }
  for (const std::string_view line : kViews) {
    if (y > a.y + a.h - 2) return;
    draw_clipped(canvas, a.x + 2, y++, line, inner);
  }
  if (!profile) return;
  ++y;  // the layout gave the box a row for it
  for (const CategoryRule& rule : category_rules()) {
    if (y > a.y + a.h - 2) return;
    const std::string swatch = std::string(1, category_fill(rule.category)) + " " + std::string(rule.short_name);
    canvas.text(a.x + 2, y, swatch, {category_color(rule.category), true, true});
    draw_clipped(canvas, a.x + 2 + kCategoryNameCells, y++, rule.help, inner - kCategoryNameCells);
  }
  if (y <= a.y + a.h - 2) draw_clipped(canvas, a.x + 2, y, kTimeSharesHelp, inner);
}

}  // namespace

void draw_help(Canvas& canvas, const Rect& a, const DashboardState& state) {
  if (state.help_page == 0) {
    draw_overlay_box(canvas, a, " pipetop: keys (1/2) ", " ? figures · Esc closes ");
    draw_keys(canvas, a, state);
  } else {
    draw_overlay_box(canvas, a, " pipetop: figures (2/2) ", " ? or Esc closes ");
    draw_figures(canvas, a, state.profile_panel);
  }
}

}  // namespace pipetop
