#include "pipetop/core/experiment/wakeup_phases.hpp"

#include <algorithm>
#include <span>
#include <vector>

#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/base/printf_string.hpp"
#include "pipetop/core/base/stats.hpp"

namespace pipetop {
namespace {

struct Reading {
  double wakeup_us = 0;
  double ratio = 0;
};

std::optional<WakeupHalf> half_of(std::span<const Reading> readings) {
  std::vector<double> wakeups;
  std::vector<double> ratios;
  for (const Reading& r : readings) {
    wakeups.push_back(r.wakeup_us);
    ratios.push_back(r.ratio);
  }
  const std::optional<MedianInterval> ratio = median_interval(ratios, kRoundsConfidence);
  if (!ratio) return std::nullopt;
  return WakeupHalf{readings.size(), median(wakeups).value_or(0), *ratio};
}

// "×3.01 (2.86–3.12) in the 34 rounds with the quicker wake-ups (21.3 µs)"
std::string half_words(const WakeupHalf& h, const char* which) {
  return printf_string("×%s (%s–%s) in the %zu rounds with the %s wake-ups (%s µs)",
                       format_fixed(h.ratio.median, 2).c_str(), format_fixed(h.ratio.low, 2).c_str(),
                       format_fixed(h.ratio.high, 2).c_str(), h.rounds, which, format_grouped(h.wakeup_us, 3).c_str());
}

// The readings (sorted by wake-up) cut before `cut`, when the two sides' ratio intervals do not overlap.
std::optional<WakeupPhases> cut_at(std::span<const Reading> sorted, std::size_t cut) {
  const std::optional<WakeupHalf> quick = half_of(sorted.first(cut));
  const std::optional<WakeupHalf> slow = half_of(sorted.subspan(cut));
  if (!quick || !slow) return std::nullopt;
  if (quick->ratio.high >= slow->ratio.low && slow->ratio.high >= quick->ratio.low) return std::nullopt;
  return WakeupPhases{sorted[cut].wakeup_us, *quick, *slow};
}

}  // namespace

std::optional<WakeupPhases> wakeup_phases(const PairedRounds& rounds, const Contrast& contrast) {
  std::vector<Reading> readings;
  for (const Round& round : rounds.rounds()) {
    const std::optional<double> ratio = round.ratio(contrast);
    const std::optional<double> us = round.wakeup_us();
    if (ratio && us && *us > 0) readings.push_back({*us, *ratio});
  }
  std::stable_sort(readings.begin(), readings.end(),
                   [](const Reading& a, const Reading& b) { return a.wakeup_us < b.wakeup_us; });
  const std::size_t least = values_for_interval(kRoundsConfidence);
  if (readings.size() < 2 * least) return std::nullopt;
  // The widest gap between neighbouring wake-ups (as a ratio) that leaves an interval's worth on each side.
  std::size_t gap_cut = least;
  for (std::size_t i = least; i + least <= readings.size(); ++i) {
    if (readings[i].wakeup_us / readings[i - 1].wakeup_us >
        readings[gap_cut].wakeup_us / readings[gap_cut - 1].wakeup_us) {
      gap_cut = i;
    }
  }
  for (const std::size_t cut : {gap_cut, readings.size() / 2}) {
    if (std::optional<WakeupPhases> phases = cut_at(readings, cut)) return phases;
  }
  return std::nullopt;
}

std::string wakeup_phases_words(const WakeupPhases& p) {
  return "the ratio followed the machine's state: " + half_words(p.quick, "quicker") + ", " +
         half_words(p.slow, "slower");
}

}  // namespace pipetop
