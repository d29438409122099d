#include "pipetop/core/figures/time_shares.hpp"

#include <algorithm>

#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/base/printf_string.hpp"

namespace pipetop {
namespace {

std::optional<double> per_second(std::uint64_t from, std::uint64_t to, double seconds) {
  if (to < from || seconds <= 0) return std::nullopt;
  return static_cast<double>(to - from) / seconds;
}

}  // namespace

std::string time_shares_words(const TimeShares& shares) {
  std::string text;
  for (const TimeShareField& field : kTimeShareFields) {
    text +=
        (text.empty() ? "" : " · ") + std::string(field.label) + printf_string(" %.0f%%", shares.*field.member * 100);
  }
  return text;
}

std::string switches_words(const TimeShares& shares) {
  if (!shares.voluntary_per_s || !shares.involuntary_per_s) return {};
  return format_count(*shares.voluntary_per_s) + " voluntary/s · " + format_count(*shares.involuntary_per_s) +
         " involuntary/s";
}

std::optional<double> spin_share(const Sample& first, const Sample& last) {
  if (last.t_ns <= first.t_ns || last.spin_ns < first.spin_ns) return std::nullopt;
  return std::min(1.0, static_cast<double>(last.spin_ns - first.spin_ns) / static_cast<double>(last.t_ns - first.t_ns));
}

std::optional<UserFraction> user_fraction(const CpuTime& cpu, const WorkerProfile* profile) {
  if (profile != nullptr && profile->source.mode == ProfileMode::kernel_and_user && !profile->tally.too_few_samples()) {
    return UserFraction{profile->tally.categories()[static_cast<std::size_t>(ProfileCategory::user)].share, true};
  }
  if (cpu.user_ns < 0 || cpu.system_ns < 0 || cpu.user_ns + cpu.system_ns <= 0) return std::nullopt;
  return UserFraction{static_cast<double>(cpu.user_ns) / static_cast<double>(cpu.user_ns + cpu.system_ns), false};
}

std::optional<TimeShares> time_shares(const ProcessTimes& from, const ProcessTimes& to, std::optional<double> spinning,
                                      std::optional<UserFraction> user) {
  const std::int64_t wall = to.t_ns - from.t_ns;
  if (wall <= 0 || to.run_ns < from.run_ns || to.wait_ns < from.wait_ns) return std::nullopt;
  double running = static_cast<double>(to.run_ns - from.run_ns) / static_cast<double>(wall);
  double waiting = static_cast<double>(to.wait_ns - from.wait_ns) / static_cast<double>(wall);
  if (running + waiting > 1) {
    const double scale = 1 / (running + waiting);
    running *= scale;
    waiting *= scale;
  }
  TimeShares shares;
  shares.seconds = static_cast<double>(wall) / 1e9;
  shares.cpu_wait = waiting;
  shares.sleeping = std::max(0.0, 1 - running - waiting);
  // The worker times its spinning calls by its own clock, so a preemption in the middle of one counts
  // as spinning too: preemptions fall on spinning and working alike, so only the running part of that
  // time was spent spinning.
  const double awake = running + waiting;
  shares.spinning = awake > 0 ? std::clamp(spinning.value_or(0.0) * running / awake, 0.0, running) : 0.0;
  const double working = running - shares.spinning;
  // Without a split, running time counts as the kernel's: pipe transfers are system calls.
  const double user_part = user ? std::clamp(user->fraction, 0.0, 1.0) : 0.0;
  shares.user = working * user_part;
  shares.kernel = working - shares.user;
  shares.split_by_profile = user && user->from_profile;
  shares.voluntary_per_s = per_second(from.voluntary_switches, to.voluntary_switches, shares.seconds);
  shares.involuntary_per_s = per_second(from.involuntary_switches, to.involuntary_switches, shares.seconds);
  return shares;
}

}  // namespace pipetop
