// The dashboard controller's moves along the ladder: the number and arrow keys, live (a step's
// configuration), in the tour (its schedule) and in a replay (its segments); and the tour itself,
// which holds each step steady for its figures, then races it against the one before in alternating
// rounds (A/B, in kTourSliceNs slices), so that its "×N over the last step" is a paired ratio with
// its interval.

#include <algorithm>

#include "pipetop/app/dashboard_controller.hpp"
#include "pipetop/core/base/duration.hpp"

namespace pipetop {

void DashboardController::start_tour(std::vector<TourStep> steps, std::int64_t step_ns, std::int64_t now_ns) {
  ladder_ = std::move(steps);
  state_.mode = DashboardMode::tour;
  schedule_.emplace(ladder_.size(), step_ns, now_ns);
  measured_.assign(ladder_.size(), std::nullopt);
  races_.assign(ladder_.size(), std::nullopt);
  step_running_ = false;
  if (!same_step(pair_.config(), ladder_.front().config)) go_to_tour_step(now_ns);
}

namespace {

// Where a step key goes from `current` (of `count`): the next, the previous, or the one asked for.
std::size_t step_target(KeyEffect effect, int asked, std::size_t current, std::size_t count) {
  switch (effect) {
    case KeyEffect::next_step:
      return std::min(current + 1, count - 1);
    case KeyEffect::previous_step:
      return current == 0 ? 0 : current - 1;
    default:
      return std::min(static_cast<std::size_t>(std::max(asked, 0)), count - 1);
  }
}

}  // namespace

void DashboardController::move_to_step(KeyEffect effect, int index, std::int64_t now_ns) {
  const std::string prefix = echo_.substr(0, echo_.find("→"));  // the key's name
  if (state_.mode == DashboardMode::replay && playback_ != nullptr && playback_->segments() > 0) {
    const std::size_t current = history_.segments().empty() ? 0 : history_.segments().size() - 1;
    const std::size_t target = step_target(effect, index, current, playback_->segments());
    echo_ = prefix + "→ segment " + std::to_string(target + 1) + " of " + std::to_string(playback_->segments());
    seek_replay(target, now_ns);
    return;
  }
  if (schedule_) {
    const bool moved = effect == KeyEffect::next_step       ? schedule_->next(now_ns)
                       : effect == KeyEffect::previous_step ? schedule_->previous(now_ns)
                                                            : schedule_->go_to(static_cast<std::size_t>(index), now_ns);
    echo_ = prefix + "→ " + (schedule_->finished() ? std::string("summary") : ladder_[schedule_->step()].name);
    if (moved) go_to_tour_step(now_ns);
    return;
  }
  // Live: from the step that runs; off the ladder, an arrow goes to its first step.
  const std::optional<std::size_t> here = step_of(ladder_, state_.config);
  const std::size_t target =
      here || effect == KeyEffect::ladder_step ? step_target(effect, index, here.value_or(0), ladder_.size()) : 0;
  echo_ = prefix + "→ " + ladder_[target].name;
  DashboardState next = state_;
  next.config = ladder_[target].config;
  if (!same_step(next.config, state_.config)) change(next, now_ns);
}

// A replay from the start of `segment`: a fresh history, the events before it at the next tick.
void DashboardController::seek_replay(std::size_t segment, std::int64_t now_ns) {
  if (playback_ == nullptr) return;
  history_ = History{};
  frozen_.reset();
  playback_->seek(segment, now_ns);
}

void DashboardController::go_to_tour_step(std::int64_t now_ns) {
  step_running_ = false;
  step_refused_.clear();
  // The last step's race ends with it (its figures stay in races_).
  const bool b_ran_last = state_.ab && stop_race(now_ns);
  if (schedule_->finished()) {  // the summary: the last step runs on behind it, itself rather than B
    if (b_ran_last) change(state_, now_ns);
    retire_ab(now_ns);  // its figures are in the summary
    return;
  }
  const std::size_t i = schedule_->step();
  races_[i].reset();  // a step visited again races again
  DashboardState next = state_;
  next.config = ladder_[i].config;
  change(next, now_ns);
}

void DashboardController::measure_tour_step() {
  if (schedule_->finished()) return;
  const std::size_t i = schedule_->step();
  // The step's figures come from its steady segment: a race's slices are too short for them, and
  // after a race the restarted segment's stay until it has a figure.
  if (step_running_ && !state_.ab) {
    TourFigures now = tour_figures(history_);
    if (now.gib_per_s || !measured_[i]) measured_[i] = std::move(now);
  }
  if (i > 0 && ab_ && same_step(ab_->config(0), ladder_[i].config) &&
      same_step(ab_->config(1), ladder_[i - 1].config)) {
    races_[i] = step_race(ab_->rounds(), false);
  }
}

// Once the step held steady for its figures, it races the step before (B) until it ends: A first, a
// fresh segment like every slice. The budget outlasts the step by a second, so that the step's end,
// not the budget, ends the race.
void DashboardController::race_tour_step(std::int64_t now_ns) {
  if (schedule_->finished() || state_.ab || !step_running_) return;
  const std::size_t i = schedule_->step();
  if (i == 0 || races_[i]) return;
  if (schedule_->elapsed_ns(now_ns) < tour_steady_ns(schedule_->step_ns())) return;
  RoundsPlan plan;
  plan.budget_ns = schedule_->remaining_ns(now_ns) + kNsPerS;
  if (!start_race(ladder_[i - 1].config, kTourSliceNs, std::move(plan), now_ns)) return;
  races_[i] = StepRace{};
  run_ab_side(now_ns);
}

std::optional<TourView> DashboardController::tour_view(std::int64_t now_ns) const {
  if (!schedule_) return std::nullopt;
  const std::size_t i = schedule_->step();
  TourView view{i,
                ladder_.size(),
                ladder_[i].name,
                {},
                schedule_->remaining_ns(now_ns),
                schedule_->paused(),
                schedule_->finished(),
                {}};
  if (!step_refused_.empty()) {
    view.caption = "This step could not run here: " + step_refused_;
  } else {
    view.caption = tour_caption(ladder_[i], measured_[i].value_or(TourFigures{}),
                                i > 0 ? measured_[i - 1] : std::optional<TourFigures>{}, races_[i]);
  }
  if (view.finished) view.summary = tour_summary(ladder_, measured_, races_);
  return view;
}

}  // namespace pipetop
