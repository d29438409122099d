#include "pipetop/core/screen/chart_math.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace pipetop {
namespace {

constexpr double kLogFloor = 0.01;

double nice_ceiling(double value) {
  const double decade = std::pow(10.0, std::floor(std::log10(value)));
  for (const double step : {1.0, 2.0, 2.5, 5.0, 10.0}) {
    if (step * decade >= value * (1 - 1e-9)) return step * decade;
  }
  return 10 * decade;
}

// The shortest exact label: "25", "12.5", "2.5", "0.25", "0.001".
std::string tick_label(double value) {
  std::array<char, 32> buf{};
  for (int decimals = 0; decimals <= 6; ++decimals) {
    std::snprintf(buf.data(), buf.size(), "%.*f", decimals, value);
    if (std::fabs(std::strtod(buf.data(), nullptr) - value) <= std::fabs(value) * 1e-9) break;
  }
  return buf.data();
}

// The smallest round step (1, 2, 2.5, 5 × 10^k) that gives at most `max_ticks` ticks and lands on `top`.
double tick_step(double top, int max_ticks) {
  double step = nice_ceiling(top / (max_ticks - 1));
  for (int i = 0; i < 16; ++i) {
    const double count = top / step;
    if (std::fabs(count - std::round(count)) < 1e-9) return step;
    step = nice_ceiling(step * 1.0001);
  }
  return top;
}

}  // namespace

YScale fit_scale(std::optional<double> data_min, std::optional<double> data_max, bool log) {
  if (!log) {
    const double top = data_max && *data_max > 0 ? nice_ceiling(*data_max * 1.05) : 1.0;
    return {0.0, top, false};
  }
  const double low = std::max(kLogFloor, data_min && *data_min > 0 ? *data_min : 0.1);
  const double high = std::max(low, data_max && *data_max > 0 ? *data_max : 10.0);
  double lo = std::pow(10.0, std::floor(std::log10(low)));
  double hi = std::pow(10.0, std::ceil(std::log10(high * 1.05)));
  if (hi <= lo) hi = lo * 10;
  return {lo, hi, true};
}

YScale tight_scale(std::optional<double> data_max, int max_ticks) {
  if (!data_max || !std::isfinite(*data_max) || *data_max <= 0) return {0.0, 1.0, false};
  const double step = nice_ceiling(*data_max / std::max(1, max_ticks - 1));
  return {0.0, std::ceil(*data_max / step * (1 - 1e-9)) * step, false};
}

double scale_position(const YScale& s, double value) {
  double position = 0;
  if (s.log) {
    if (value <= 0) return 0;
    position = (std::log10(value) - std::log10(s.lo)) / (std::log10(s.hi) - std::log10(s.lo));
  } else {
    position = (value - s.lo) / (s.hi - s.lo);
  }
  return std::clamp(position, 0.0, 1.0);
}

std::vector<Tick> scale_ticks(const YScale& s, int max_ticks) {
  std::vector<Tick> ticks;
  if (max_ticks < 2) return ticks;
  if (s.log) {
    const int decades = static_cast<int>(std::lround(std::log10(s.hi / s.lo)));
    const int every = std::max(1, (decades + max_ticks - 2) / (max_ticks - 1));  // ceil(decades / (ticks-1))
    for (int d = 0; d <= decades; d += every) {
      const double v = s.lo * std::pow(10.0, d);
      ticks.push_back({v, tick_label(v)});
    }
    return ticks;
  }
  const double step = tick_step(s.hi - s.lo, max_ticks);
  for (int i = 0; s.lo + i * step <= s.hi * (1 + 1e-9); ++i) {
    const double v = s.lo + i * step;
    ticks.push_back({v, tick_label(v)});
  }
  return ticks;
}

std::vector<Envelope> column_envelopes(const std::deque<RatePoint>& points, std::int64_t t0_ns, std::int64_t t1_ns,
                                       int columns) {
  std::vector<Envelope> out(static_cast<std::size_t>(std::max(columns, 0)));
  std::vector<double> weighted(out.size(), 0.0);  // Σ rate × overlap, per column
  std::vector<double> covered(out.size(), 0.0);   // Σ overlap
  if (columns <= 0 || t1_ns <= t0_ns) return out;
  const double ns_per_column = static_cast<double>(t1_ns - t0_ns) / columns;
  // Points are in time order: start at the first that reaches t0, so a frame's work is the columns'
  // points, not the whole history's.
  const auto from =
      std::partition_point(points.begin(), points.end(), [t0_ns](const RatePoint& p) { return p.t1_ns <= t0_ns; });
  for (auto it = from; it != points.end() && it->t0_ns < t1_ns; ++it) {
    const RatePoint& p = *it;
    const auto first =
        static_cast<int>(std::floor(static_cast<double>(std::max(p.t0_ns, t0_ns) - t0_ns) / ns_per_column));
    const auto last =
        static_cast<int>(std::floor(static_cast<double>(std::min(p.t1_ns, t1_ns) - 1 - t0_ns) / ns_per_column));
    for (int c = std::max(first, 0); c <= std::min(last, columns - 1); ++c) {
      const auto index = static_cast<std::size_t>(c);
      Envelope& e = out[index];
      const double c0 = static_cast<double>(t0_ns) + c * ns_per_column;
      const double overlap =
          std::min(static_cast<double>(p.t1_ns), c0 + ns_per_column) - std::max(static_cast<double>(p.t0_ns), c0);
      weighted[index] += p.gib_per_s * std::max(overlap, 0.0);
      covered[index] += std::max(overlap, 0.0);
      e.lo = e.present ? std::min(e.lo, p.lo) : p.lo;
      e.hi = e.present ? std::max(e.hi, p.hi) : p.hi;
      e.present = true;
    }
  }
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (covered[i] > 0) out[i].mean = weighted[i] / covered[i];
  }
  return out;
}

YScale envelope_scale(const std::vector<Envelope>& columns, bool log, std::optional<double> y_max) {
  std::optional<double> lo;
  std::optional<double> hi;
  for (const Envelope& e : columns) {
    if (!e.present) continue;
    if (e.lo > 0) lo = std::min(lo.value_or(e.lo), e.lo);
    hi = std::max(hi.value_or(e.hi), e.hi);
  }
  if (!y_max || !std::isfinite(*y_max) || *y_max <= 0) return fit_scale(lo, hi, log);
  if (!log) return {0.0, *y_max, false};
  const double top = std::pow(10.0, std::ceil(std::log10(*y_max) - 1e-9));
  const YScale fitted = fit_scale(lo, top, true);
  return {std::min(fitted.lo, top / 10), top, true};
}

std::vector<std::optional<LabelSpan>> place_labels(const std::vector<int>& marker_x, const std::vector<int>& widths,
                                                   int row_cells) {
  const std::size_t count = std::min(marker_x.size(), widths.size());
  std::vector<std::optional<LabelSpan>> spans(marker_x.size());
  // Left to right from `first`; the labels before it give way. The newest label is the one a user
  // just caused: the oldest labels give way until it shows whole, or only it is left.
  for (std::size_t first = 0; first < count; ++first) {
    std::fill(spans.begin(), spans.end(), std::nullopt);
    int free_from = 0;
    for (std::size_t i = first; i < count; ++i) {
      int x = std::max(marker_x[i], free_from);
      if (x + widths[i] > row_cells) x = std::max(free_from, marker_x[i] + 1 - widths[i]);
      if (x >= row_cells - 2) continue;
      spans[i] = LabelSpan{x, std::min(widths[i], row_cells - x)};
      free_from = x + 1 + spans[i]->cells;
    }
    if (spans[count - 1] && spans[count - 1]->cells == widths[count - 1]) break;
  }
  return spans;
}

}  // namespace pipetop
