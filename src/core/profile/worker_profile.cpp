#include "pipetop/core/profile/worker_profile.hpp"

namespace pipetop {

void WorkerProfile::add(std::span<const ProfileSample> samples, std::uint64_t lost) {
  for (const ProfileSample& sample : samples) tally.add(sample);
  tally.add_lost(lost);
}

std::optional<std::string> ProfileSummary::note() const {
  if (source.mode == ProfileMode::unavailable) return "unavailable: " + source.reason;
  if (samples < kMinProfileSamples) {
    return "too few samples (" + std::to_string(samples) + " of the " + std::to_string(kMinProfileSamples) +
           " a share needs)";
  }
  return std::nullopt;
}

std::optional<double> ProfileSummary::share(ProfileCategory category) const {
  for (const CategoryShare& c : categories) {
    if (c.category == category) return c.share;
  }
  return std::nullopt;
}

ProfileSummary summarize_profile(const WorkerProfile& profile) {
  ProfileSummary summary;
  summary.source = profile.source;
  summary.samples = profile.tally.samples();
  summary.lost = profile.tally.lost();
  if (summary.note()) return summary;
  summary.categories = profile.tally.categories();
  summary.top = profile.tally.top_stacks(kSummaryTopStacks);
  return summary;
}

}  // namespace pipetop
