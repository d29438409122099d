#include "pipetop/core/chart_math.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

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

std::string tick_label(double value) {
  std::array<char, 32> buf{};
  if (value == 0 || std::fabs(value) >= 10 || std::fabs(value - std::round(value)) < 1e-9) {
    std::snprintf(buf.data(), buf.size(), "%.0f", value);
  } else if (std::fabs(value) >= 1) {
    std::snprintf(buf.data(), buf.size(), "%.1f", value);
  } else {
    std::snprintf(buf.data(), buf.size(), "%.2g", value);
  }
  return buf.data();
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
    const int every = std::max(1, (decades + max_ticks - 1) / (max_ticks - 1));
    for (int d = 0; d <= decades; d += every) {
      const double v = s.lo * std::pow(10.0, d);
      ticks.push_back({v, tick_label(v)});
    }
    return ticks;
  }
  const double step = nice_ceiling((s.hi - s.lo) / (max_ticks - 1));
  for (double v = s.lo; v <= s.hi * (1 + 1e-9); v += step) ticks.push_back({v, tick_label(v)});
  return ticks;
}

std::vector<Envelope> column_envelopes(const std::deque<RatePoint>& points, std::int64_t t0_ns, std::int64_t t1_ns,
                                       int columns) {
  std::vector<Envelope> out(static_cast<std::size_t>(std::max(columns, 0)));
  if (columns <= 0 || t1_ns <= t0_ns) return out;
  const double ns_per_column = static_cast<double>(t1_ns - t0_ns) / columns;
  for (const RatePoint& p : points) {
    if (p.t1_ns <= t0_ns || p.t0_ns >= t1_ns) continue;
    const auto first = static_cast<int>(std::floor(static_cast<double>(std::max(p.t0_ns, t0_ns) - t0_ns) / ns_per_column));
    const auto last = static_cast<int>(std::floor(static_cast<double>(std::min(p.t1_ns, t1_ns) - 1 - t0_ns) / ns_per_column));
    for (int c = std::max(first, 0); c <= std::min(last, columns - 1); ++c) {
      Envelope& e = out[static_cast<std::size_t>(c)];
      e.lo = e.present ? std::min(e.lo, p.gib_per_s) : p.gib_per_s;
      e.hi = e.present ? std::max(e.hi, p.gib_per_s) : p.gib_per_s;
      e.present = true;
    }
  }
  return out;
}

}  // namespace pipetop
