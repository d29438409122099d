#include "pipetop/core/experiment/machine_stability.hpp"

#include <algorithm>
#include <vector>

#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/base/printf_string.hpp"
#include "pipetop/core/base/stats.hpp"

namespace pipetop {
namespace {

std::optional<double> largest(const std::vector<double>& values) {
  if (values.empty()) return std::nullopt;
  return *std::max_element(values.begin(), values.end());
}

}  // namespace

MachineStability machine_stability(const PairedRounds& rounds) {
  MachineStability s;
  std::vector<double> steals;
  std::vector<double> delays;
  std::vector<double> wakeups;
  for (const Round& round : rounds.rounds()) {
    if (const std::optional<double> us = round.wakeup_us()) wakeups.push_back(*us);
    for (const Slice& slice : round.slices) {
      if (slice.error || !slice.gib_per_s) continue;
      ++s.slices;
      if (slice.steal) steals.push_back(*slice.steal);
      if (slice.run_delay) delays.push_back(*slice.run_delay);
    }
  }
  for (std::size_t arm = 0; arm < rounds.plan().arms; ++arm) {
    const std::optional<double> spread = rounds.arm_figures(arm).spread();
    if (spread && (!s.spread || *spread > *s.spread)) s.spread = spread;
  }
  s.steal = mean(steals);
  s.steal_max = largest(steals);
  s.run_delay = mean(delays);
  s.run_delay_max = largest(delays);
  s.wakeup_us = median(wakeups);
  s.wakeup_max_us = largest(wakeups);
  if (!wakeups.empty()) s.wakeup_min_us = *std::min_element(wakeups.begin(), wakeups.end());
  return s;
}

std::string stability_words(const MachineStability& s) {
  if (s.slices == 0) return "nothing measured yet";
  std::string words;
  const auto add = [&words](const std::string& part) { words += (words.empty() ? "" : "; ") + part; };
  if (s.spread) add(printf_string("a fixed configuration varied %.2f× between rounds", *s.spread));
  if (s.steal)
    add("steal " + format_percent(*s.steal) + " (at most " + format_percent(s.steal_max.value_or(0)) + " of a slice)");
  if (s.run_delay) {
    add("run delay " + format_percent(*s.run_delay) + " (at most " + format_percent(s.run_delay_max.value_or(0)) + ")");
  }
  if (s.wakeup_us) {
    add(printf_string("wake-up round trip %s µs (%s–%s between rounds)", format_grouped(*s.wakeup_us, 3).c_str(),
                      format_grouped(s.wakeup_min_us.value_or(0), 3).c_str(),
                      format_grouped(s.wakeup_max_us.value_or(0), 3).c_str()));
  }
  return words.empty() ? "no reading of the machine was possible" : words;
}

}  // namespace pipetop
