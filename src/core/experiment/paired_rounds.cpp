#include "pipetop/core/experiment/paired_rounds.hpp"

#include <algorithm>

#include "pipetop/core/base/percentage.hpp"
#include "pipetop/core/base/stats.hpp"

namespace pipetop {

const Slice* Round::slice_of(std::size_t arm) const {
  for (const Slice& slice : slices) {
    if (slice.arm == arm) return &slice;
  }
  return nullptr;
}

std::optional<double> Round::ratio(const Contrast& contrast) const {
  const Slice* top = slice_of(contrast.numerator);
  const Slice* bottom = slice_of(contrast.denominator);
  if (top == nullptr || bottom == nullptr || !top->counts() || !bottom->counts()) return std::nullopt;
  return *top->gib_per_s / *bottom->gib_per_s;
}

bool Round::dropped_for(const Contrast& contrast) const {
  const Slice* top = slice_of(contrast.numerator);
  const Slice* bottom = slice_of(contrast.denominator);
  const auto ran = [](const Slice* s) { return s != nullptr && !s->error && s->gib_per_s && *s->gib_per_s > 0; };
  return ran(top) && ran(bottom) && (top->disturbed || bottom->disturbed);
}

std::optional<double> Round::wakeup_us() const {
  if (slices.empty()) return std::nullopt;
  return slices.front().wakeup_us;
}

std::optional<double> RatioEstimate::precision() const {
  if (!interval || interval->median <= 0) return std::nullopt;
  return std::max(interval->median - interval->low, interval->high - interval->median) / interval->median;
}

Change RatioEstimate::change() const {
  if (!interval) return Change::unknown;
  if (interval->low > 1) return Change::faster;
  if (interval->high < 1) return Change::slower;
  return Change::none_shown;
}

std::optional<double> ArmFigures::spread() const {
  if (!min_gib_per_s || !max_gib_per_s || *min_gib_per_s <= 0) return std::nullopt;
  return *max_gib_per_s / *min_gib_per_s;
}

std::string_view to_string(StopReason reason) {
  switch (reason) {
    case StopReason::precise:
      return "precise";
    case StopReason::budget:
      return "budget";
    case StopReason::failed:
      return "failed";
    case StopReason::retired:
      return "retired";
  }
  return "precise";
}

Result<double> parse_precision(std::string_view text) {
  return parse_percentage(text, "e.g. --precision 2% (the default): the ratio known to within ±2% of itself");
}

Result<std::int64_t> parse_slice(std::string_view text) {
  Result<std::int64_t> ns = parse_duration_ns(text);
  if (ns && *ns < kShortestSliceNs) {
    return std::unexpected(usage_error("'" + std::string(text) + "' is shorter than a slice can be measured",
                                       "50ms at least; 100ms is the default"));
  }
  return ns;
}

Result<PairedRounds> PairedRounds::start(RoundsPlan plan, std::int64_t now_ns) {
  if (plan.arms < 2) return std::unexpected(usage_error("paired rounds compare two configurations or more"));
  if (plan.contrasts.empty())
    return std::unexpected(usage_error("paired rounds need a contrast: which arm over which"));
  for (const Contrast& c : plan.contrasts) {
    if (c.numerator >= plan.arms || c.denominator >= plan.arms || c.numerator == c.denominator) {
      return std::unexpected(usage_error("contrast " + std::to_string(c.numerator) + " over " +
                                         std::to_string(c.denominator) + " is not two different arms of " +
                                         std::to_string(plan.arms)));
    }
  }
  if (plan.budget_ns <= 0) return std::unexpected(usage_error("the time budget of paired rounds must be positive"));
  if (!(plan.precision > 0 && plan.precision < 1)) {
    return std::unexpected(usage_error("the precision asked of paired rounds must be above 0% and below 100%"));
  }
  return PairedRounds(std::move(plan), now_ns);
}

PairedRounds::PairedRounds(RoundsPlan plan, std::int64_t now_ns)
    : plan_(std::move(plan)), start_ns_(now_ns), last_end_ns_(now_ns), live_(plan_.arms, true), failures_(plan_.arms) {}

bool PairedRounds::contrast_left() const {
  return std::any_of(plan_.contrasts.begin(), plan_.contrasts.end(),
                     [this](const Contrast& c) { return live(c.numerator) && live(c.denominator); });
}

bool PairedRounds::all_precise() const {
  bool any = false;
  for (const Contrast& c : plan_.contrasts) {
    if (!live(c.numerator) || !live(c.denominator)) continue;
    const std::optional<double> precision = estimate(c).precision();
    if (!precision || *precision > plan_.precision) return false;
    any = true;
  }
  return any;
}

std::optional<std::size_t> PairedRounds::next(std::int64_t now_ns) {
  if (stopped_) return std::nullopt;
  if (!current_) {
    if (!rounds_.empty()) {
      const std::int64_t elapsed = now_ns - start_ns_;
      const std::int64_t per_round = elapsed / static_cast<std::int64_t>(rounds_.size());
      if (elapsed + per_round > plan_.budget_ns) {
        stopped_ = StopReason::budget;
        return std::nullopt;
      }
    }
    begin_round();
  }
  return pending_.front();
}

void PairedRounds::begin_round() {
  pending_.clear();
  for (std::size_t arm = 0; arm < plan_.arms; ++arm) {
    if (live(arm)) pending_.push_back(arm);
  }
  if (begun_ % 2 == 1) std::reverse(pending_.begin(), pending_.end());
  ++begun_;
  current_.emplace();
}

void PairedRounds::record(Slice slice) {
  if (stopped_ || !current_ || pending_.empty() || pending_.front() != slice.arm) return;
  pending_.erase(pending_.begin());
  last_end_ns_ = std::max(last_end_ns_, slice.ended_ns);
  if (slice.error) {
    failures_[slice.arm] = slice.error;
    live_[slice.arm] = false;
  }
  current_->slices.push_back(std::move(slice));
  settle();
}

void PairedRounds::retire(std::size_t arm) {
  if (arm >= live_.size()) return;
  live_[arm] = false;
  settle();
}

void PairedRounds::settle() {
  std::erase_if(pending_, [this](std::size_t arm) { return !live(arm); });
  if (!contrast_left()) {
    if (current_ && !current_->slices.empty()) rounds_.push_back(std::move(*current_));
    current_.reset();
    const bool any_failed =
        std::any_of(failures_.begin(), failures_.end(), [](const auto& f) { return f.has_value(); });
    if (!stopped_) stopped_ = any_failed ? StopReason::failed : StopReason::retired;
    return;
  }
  if (!current_ || !pending_.empty()) return;
  rounds_.push_back(std::move(*current_));
  current_.reset();
  if (all_precise()) stopped_ = StopReason::precise;
}

RatioEstimate PairedRounds::estimate(const Contrast& contrast) const {
  RatioEstimate e;
  e.contrast = contrast;
  std::vector<double> ratios;
  for (const Round& round : rounds_) {
    if (const std::optional<double> ratio = round.ratio(contrast)) {
      ratios.push_back(*ratio);
    } else if (round.dropped_for(contrast)) {
      ++e.dropped;
    }
  }
  e.rounds = ratios.size();
  e.median = median(ratios);
  e.interval = median_interval(ratios, kRoundsConfidence);
  return e;
}

ArmFigures PairedRounds::arm_figures(std::size_t arm) const {
  std::vector<double> figures;
  for (const Round& round : rounds_) {
    const Slice* slice = round.slice_of(arm);
    if (slice != nullptr && slice->counts()) figures.push_back(*slice->gib_per_s);
  }
  ArmFigures f;
  f.slices = figures.size();
  f.median_gib_per_s = median(figures);
  if (!figures.empty()) {
    f.min_gib_per_s = *std::min_element(figures.begin(), figures.end());
    f.max_gib_per_s = *std::max_element(figures.begin(), figures.end());
  }
  return f;
}

}  // namespace pipetop
