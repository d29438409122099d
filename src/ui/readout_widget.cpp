#include <array>
#include <cstdio>

#include "big_digits.hpp"
#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/report/ratio_text.hpp"
#include "pipetop/ui/widgets.hpp"

namespace pipetop {
namespace {

// Two decimals below 10 GiB/s, one above: what a viewer can read and what the measurement supports.
std::string figure(double gib_per_s) {
  return format_fixed(gib_per_s, gib_per_s < 10 ? 2 : 1);
}

void line(Canvas& canvas, const Rect& a, int& y, std::string_view label, const std::string& value, Style style = {}) {
  if (y >= a.y + a.h) return;
  canvas.text(a.x + 1, y, label, {Color::dim});
  draw_clipped(canvas, a.x + 10, y, value, a.w - 11, style);
  ++y;
}

// What the interval says, in a line: the verdict once there is one, or how many rounds it needs.
std::string ab_words(const AbView& ab) {
  const RatioEstimate& e = ab.estimate;
  switch (e.change()) {
    case Change::faster:
      return "A faster than B";
    case Change::slower:
      return "A slower than B";
    case Change::none_shown:
      return "no difference within " + no_change_bound(*e.interval);
    case Change::unknown:
      break;
  }
  return "interval after " + std::to_string(values_for_interval(kRoundsConfidence)) + " rounds";
}

// An A/B in place of the segment's figures: each side's median (in its colour) and what it runs
// against the other, the ratio A over B with its 95% interval and the rounds, and the verdict; once
// over, why it ended.
void draw_ab(Canvas& canvas, const Rect& a, int& y, const AbView& ab) {
  for (const std::size_t side : {std::size_t{0}, std::size_t{1}}) {
    const std::optional<double>& median = ab.sides[side].median_gib_per_s;
    const Style style{side == 0 ? Color::side_a : Color::side_b, true, false};
    line(canvas, a, y, side == 0 ? "A" : "B", (median ? figure(*median) : "—") + " " + ab.labels[side], style);
  }
  const RatioEstimate& e = ab.estimate;
  const std::optional<double> ratio = e.interval ? std::optional(e.interval->median) : e.median;
  line(canvas, a, y, "A/B", ratio ? "×" + ratio_text(*ratio) : "—", {Color::accent, true, false});
  line(canvas, a, y, "95% CI", e.interval ? ratio_text(e.interval->low) + "–" + ratio_text(e.interval->high) : "—");
  line(canvas, a, y, "rounds",
       std::to_string(e.rounds) + (e.dropped > 0 ? " · " + std::to_string(e.dropped) + " dropped" : ""));
  for (const std::string& words : {ab_words(ab), ab.running ? std::string("racing: a ends it") : ab.ended}) {
    if (y >= a.y + a.h) return;
    draw_clipped(canvas, a.x + 1, y++, words, a.w - 2, {ab.running ? Color::normal : Color::dim});
  }
}

}  // namespace

void draw_readout(Canvas& canvas, const Rect& a, const DashboardModel& m) {
  // No pair running: the last rate is history, not now.
  const std::optional<double> now = m.live ? m.history.current_gib_per_s() : std::nullopt;
  const SegmentStats stats = m.history.current_segment_stats();
  int y = a.y;
  canvas.text(a.x + 1, y++, "GiB/s now", {Color::dim});
  const std::string value = now ? figure(*now) : "—";
  if (now && a.h >= 9 && big_text_width(value) <= a.w - 2) {
    for (const std::string& row : big_text(value, canvas.unicode())) {
      canvas.text(a.x + 1, y++, row, {Color::good, true, false});
    }
  } else {
    canvas.text(a.x + 1, y++, value, {Color::good, true, false});
  }
  ++y;
  if (m.ab) {
    draw_ab(canvas, a, y, *m.ab);
    return;
  }
  if (!m.history.segments().empty() && y < a.y + a.h) {
    draw_clipped(canvas, a.x + 1, y++, "since " + m.history.segments().back().label, a.w - 2, {Color::marker});
  }
  line(canvas, a, y, "mean", stats.mean ? figure(*stats.mean) : "—", {Color::normal, true, false});
  line(canvas, a, y, "p5/p95", stats.p5 && stats.p95 ? figure(*stats.p5) + " / " + figure(*stats.p95) : "—");
  // Against the baseline when one is pinned, else against the first configuration.
  const std::optional<double> ratio = m.baseline != nullptr ? against_baseline(stats, *m.baseline) : stats.speedup;
  if (ratio) {
    std::array<char, 32> buf{};
    std::snprintf(buf.data(), buf.size(), "%s%.1f", canvas.unicode() ? "×" : "x", *ratio);
    line(canvas, a, y, m.baseline != nullptr ? "vs base" : "vs first", buf.data(), {Color::accent, true, false});
  }
}

}  // namespace pipetop
