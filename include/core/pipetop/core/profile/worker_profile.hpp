#pragma once
// One worker's profile as the parent took it: how it was sampled (event, rate, what it cannot show
// and why) and the tally of its samples; and what the reports and the dashboard print of it — the
// category shares and the top stacks, or, instead of percentages, why there are none.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "pipetop/core/profile/profile_access.hpp"
#include "pipetop/core/profile/profile_sample.hpp"
#include "pipetop/core/profile/profile_tally.hpp"

namespace pipetop {

// The stacks a summary keeps, most samples first.
inline constexpr std::size_t kSummaryTopStacks = 5;

struct ProfileSource {
  std::string event = "cpu-clock";  // "cpu-clock" (software: works in VMs) or "cycles"
  ProfileMode mode = ProfileMode::unavailable;
  std::string reason;  // why no kernel frames, or no profile; may say why user frames are unnamed
  int frequency_hz = 0;
};

struct WorkerProfile {
  ProfileSource source;
  ProfileTally tally;

  void add(std::span<const ProfileSample> samples, std::uint64_t lost);
};

struct ProfileSummary {
  ProfileSource source;
  std::uint64_t samples = 0;
  std::uint64_t lost = 0;
  // Empty when the shares are not shown (note() says why); else every category in table order, and
  // up to kSummaryTopStacks stacks.
  std::vector<CategoryShare> categories;
  std::vector<StackShare> top;

  // What to show instead of percentages — "unavailable: ...", "too few samples (42 of the 100 a
  // share needs)" — or nullopt when the shares are shown.
  [[nodiscard]] std::optional<std::string> note() const;
  // The share of `category`, when the shares are shown.
  [[nodiscard]] std::optional<double> share(ProfileCategory category) const;
};

[[nodiscard]] ProfileSummary summarize_profile(const WorkerProfile& profile);

}  // namespace pipetop
