#include "pipetop/core/experiment/sweep_curve.hpp"

namespace pipetop {

std::vector<Contrast> sweep_contrasts(std::size_t values) {
  std::vector<Contrast> contrasts;
  for (std::size_t arm = 0; arm < values; ++arm) {
    if (arm != kSweepReference) contrasts.push_back({arm, kSweepReference});
  }
  return contrasts;
}

std::vector<CacheMark> cache_marks(const CacheSizes& caches) {
  std::vector<CacheMark> marks;
  if (caches.l1d_bytes) marks.push_back({"L1d", *caches.l1d_bytes});
  if (caches.l2_bytes) marks.push_back({caches.l3_bytes ? "L2" : "L2 (LLC)", *caches.l2_bytes});
  if (caches.l3_bytes) marks.push_back({"LLC", *caches.l3_bytes});
  return marks;
}

SweepCurve sweep_curve(const PairedRounds& rounds, SweepOption option, const std::vector<std::uint64_t>& values,
                       const CacheSizes& caches, std::optional<SweepCeiling> ceiling) {
  SweepCurve curve{option, {}, {}, std::move(ceiling)};
  if (sweep_option_row(option).sizes) curve.caches = cache_marks(caches);
  for (std::size_t arm = 0; arm < values.size(); ++arm) {
    SweepPoint point;
    point.value = values[arm];
    point.figures = rounds.arm_figures(arm);
    std::vector<double> figures;
    for (const Round& round : rounds.rounds()) {
      const Slice* slice = round.slice_of(arm);
      if (slice == nullptr) continue;
      if (slice->counts()) figures.push_back(*slice->gib_per_s);
      if (slice->disturbed && !slice->error) ++point.disturbed;
    }
    point.interval = median_interval(figures, kRoundsConfidence);
    if (arm != kSweepReference) point.ratio = rounds.estimate({arm, kSweepReference});
    if (arm < rounds.plan().arms) point.failure = rounds.failure(arm);
    curve.points.push_back(std::move(point));
  }
  return curve;
}

const SweepPoint* fastest_point(const SweepCurve& curve) {
  const SweepPoint* fastest = nullptr;
  for (const SweepPoint& point : curve.points) {
    if (!point.figures.median_gib_per_s) continue;
    if (fastest == nullptr || *point.figures.median_gib_per_s > *fastest->figures.median_gib_per_s) fastest = &point;
  }
  return fastest;
}

}  // namespace pipetop
