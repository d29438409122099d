#include "pipetop/core/stage/tour_schedule.hpp"

#include <algorithm>

namespace pipetop {

TourSchedule::TourSchedule(std::size_t steps, std::int64_t step_ns, std::int64_t now_ns)
    : steps_(std::max<std::size_t>(steps, 1)), step_ns_(step_ns), started_ns_(now_ns) {}

std::int64_t TourSchedule::elapsed_ns(std::int64_t now_ns) const {
  return paused_ ? held_ns_ : held_ns_ + (now_ns - started_ns_);
}

std::int64_t TourSchedule::remaining_ns(std::int64_t now_ns) const {
  return finished_ ? 0 : std::max<std::int64_t>(0, step_ns_ - elapsed_ns(now_ns));
}

bool TourSchedule::tick(std::int64_t now_ns) {
  if (finished_ || paused_ || elapsed_ns(now_ns) < step_ns_) return false;
  return next(now_ns);
}

void TourSchedule::toggle_pause(std::int64_t now_ns) {
  if (paused_) {
    started_ns_ = now_ns;
  } else {
    held_ns_ = elapsed_ns(now_ns);
  }
  paused_ = !paused_;
}

bool TourSchedule::next(std::int64_t now_ns) {
  if (finished_) return false;
  if (step_ + 1 == steps_) {
    finished_ = true;
    return true;
  }
  return go_to(step_ + 1, now_ns);
}

bool TourSchedule::previous(std::int64_t now_ns) {
  if (finished_) return go_to(step_, now_ns);
  return go_to(step_ == 0 ? 0 : step_ - 1, now_ns);
}

bool TourSchedule::go_to(std::size_t index, std::int64_t now_ns) {
  const std::size_t target = std::min(index, steps_ - 1);
  const bool changed = finished_ || target != step_;
  finished_ = false;
  step_ = target;
  started_ns_ = now_ns;
  held_ns_ = 0;
  return changed;
}

}  // namespace pipetop
