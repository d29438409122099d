// The dashboard controller's A/B (the a key): the configuration that runs (A) against the previous
// one, or the pinned baseline's (B), in paired rounds over the live pair. Every slice the pair is
// switched to the side the race names (ABBA); each slice's headline figure goes to the race; it ends
// when the ratio is as precise as asked, when the budget is spent, when a side fails, or when a or a
// toggle ends it, and the configuration that ran when it began runs again.

#include <algorithm>
#include <utility>

#include "pipetop/app/dashboard_controller.hpp"
#include "pipetop/core/base/duration.hpp"
#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/config/config_change.hpp"

namespace pipetop {
namespace {

// Half a second a side: long enough to be seen on the chart and read in the readout as it alternates
// (pipetop ab's 100 ms would flicker). The tour races in 200 ms slices to fit its steps.
constexpr std::int64_t kAbKeySliceNs = 500 * kNsPerMs;

// Each side in words against the other ("+busy", "-busy"); a configuration against itself (an A/A)
// says so.
std::array<std::string, 2> side_labels(const RunConfig& a, const RunConfig& b) {
  if (a == b) return {"this configuration", "itself again"};
  return {describe_change(b, a), describe_change(a, b)};
}

// How a race that stopped by itself ended, in a few words.
std::string stop_words(const LiveRounds& ab) {
  const PairedRounds& rounds = ab.rounds();
  switch (rounds.stopped().value_or(StopReason::budget)) {
    case StopReason::precise:
      return "done: within ±" + format_percent(rounds.plan().precision);
    case StopReason::budget:
      return "done: the " + format_duration_arg(rounds.plan().budget_ns) + " budget ended";
    case StopReason::failed:
      for (const std::size_t arm : {kLiveAOverB.numerator, kLiveAOverB.denominator}) {
        if (rounds.failure(arm)) return std::string(arm == 0 ? "A" : "B") + " failed: " + rounds.failure(arm)->message;
      }
      break;
    case StopReason::retired:
      break;
  }
  return "done";
}

}  // namespace

void DashboardController::toggle_ab(std::int64_t now_ns) {
  if (state_.ab) {
    end_ab("A/B ended by a", false, now_ns);
    echo_ = "a → A/B off";
  } else {
    start_ab(now_ns);
    echo_ = state_.ab ? "a → A/B: " + ab_labels_[0] + " vs " + ab_labels_[1] : "a → refused";
  }
}

// B: the pinned baseline's configuration, else the last one that ran other than this one.
void DashboardController::start_ab(std::int64_t now_ns) {
  std::optional<RunConfig> b;
  if (baseline_) {
    b = baseline_->config;
  } else {
    const std::vector<Segment>& segments = history_.segments();
    for (auto s = segments.rbegin(); s != segments.rend() && !b; ++s) {
      if (s->config != state_.config) b = s->config;
    }
  }
  if (!b) {
    show("A/B: nothing to compare with yet — change something (or pin a baseline with B), then a", true, now_ns);
    return;
  }
  if (!start_race(*b, kAbKeySliceNs, RoundsPlan{}, now_ns)) return;
  show("A/B: A " + ab_labels_[0] + " against B " + ab_labels_[1] + (baseline_ ? " (the baseline)" : "") +
           ", a side every " + format_duration_arg(kAbKeySliceNs) + " — a ends it",
       false, now_ns);
  run_ab_side(now_ns);
}

// The race of the current configuration (A) against `b`; the caller starts A's slice. False, with the
// reason shown, when the race cannot start.
bool DashboardController::start_race(const RunConfig& b, std::int64_t slice_ns, RoundsPlan plan, std::int64_t now_ns) {
  Result<LiveRounds> race = LiveRounds::start({state_.config, b}, slice_ns, std::move(plan), now_ns);
  if (!race) {
    show("A/B: " + race.error().message, true, now_ns);
    return false;
  }
  retire_ab(now_ns);
  ab_ = std::move(*race);
  ab_labels_ = side_labels(state_.config, b);
  ab_ended_.clear();
  ab_asked_ = 0;
  state_.ab = true;
  return true;
}

// The pair runs the side the race names next (A first: a fresh segment, warmed up like every other).
void DashboardController::run_ab_side(std::int64_t now_ns) {
  const std::size_t arm = ab_->arm().value_or(0);
  ab_asked_ = arm;
  if (Result<void> changed = pair_.change(ab_->config(arm)); !changed) {
    end_ab("A/B ended: " + std::string(arm == 0 ? "A" : "B") + " refused: " + changed.error().message, true, now_ns);
  }
}

// After the tick's events: a slice long enough is recorded, and the pair moves to the next side.
void DashboardController::step_ab(std::int64_t now_ns) {
  if (!state_.ab) return;
  if (pair_.phase() == PairPhase::stopped || pair_.phase() == PairPhase::ended) {
    end_ab("A/B ended: " + (history_.problem().empty() ? std::string("the pair stopped") : history_.problem()), true,
           now_ns);
    return;
  }
  if (!ab_->update(history_.current_segment_stats(), now_ns)) return;
  if (ab_->arm()) {
    run_ab_side(now_ns);
  } else {
    end_ab(stop_words(*ab_), ab_->rounds().stopped() == StopReason::failed, now_ns);
  }
}

// Over: the figures stay on show until the next change; the configuration A/B began on runs again.
void DashboardController::end_ab(std::string why, bool error, std::int64_t now_ns) {
  if (!state_.ab) return;
  ab_ended_ = why;
  if (stop_race(now_ns)) {
    if (Result<void> back = pair_.change(state_.config); !back) why += "; A refused: " + back.error().message;
  }
  show(std::move(why), error, now_ns);
}

// The race stops where it is, its figures kept, and the configuration is A's again (the next change is
// said from it); true when the pair was last asked for B, which the caller moves on from.
bool DashboardController::stop_race(std::int64_t now_ns) {
  ab_->end(now_ns);
  state_.ab = false;
  state_.config = ab_->config(0);
  return std::exchange(ab_asked_, 0) != 0;
}

// A toggle, a step, a reset end an A/B: the toggle applies to A.
bool DashboardController::ends_ab(const KeyBinding& binding) const {
  DashboardState scratch = state_;
  switch (pipetop::press(binding, scratch)) {
    case KeyEffect::restart:
    case KeyEffect::reset_history:
    case KeyEffect::next_step:
    case KeyEffect::previous_step:
    case KeyEffect::ladder_step:
      return true;
    default:
      return false;
  }
}

std::optional<AbView> DashboardController::ab_view() const {
  if (!ab_) return std::nullopt;
  return AbView{
      ab_labels_, ab_->estimate(), {ab_->rounds().arm_figures(0), ab_->rounds().arm_figures(1)}, state_.ab, ab_ended_};
}

std::vector<SideSpan> DashboardController::sides() const {
  std::vector<SideSpan> all = past_sides_;
  if (ab_) all.insert(all.end(), ab_->spans().begin(), ab_->spans().end());
  std::ranges::sort(all, {}, &SideSpan::start_ns);  // in time: a column shows the side that ran last in it
  return all;
}

// The race's figures go (they were of the configuration left); its slices stay shaded on the chart, and
// without a marker each, while the window holds them.
void DashboardController::retire_ab(std::int64_t now_ns) {
  if (ab_) past_sides_.insert(past_sides_.end(), ab_->spans().begin(), ab_->spans().end());
  ab_.reset();
  std::erase_if(past_sides_, [&](const SideSpan& s) { return s.end_ns < now_ns - kWindowNs; });
}

}  // namespace pipetop
