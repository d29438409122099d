#pragma once
// When the tour moves on: each step holds for its time, then the next one starts; after the last
// comes the summary. Pausing stops the clock (the step keeps running), and the keys move between the
// steps at any time, the step's time starting again. Pure: the dashboard's controller asks it on
// every tick and applies the step it names.

#include <cstddef>
#include <cstdint>

namespace pipetop {

class TourSchedule {
 public:
  // `steps` steps (at least one) of `step_ns` each, the first starting at `now_ns`.
  TourSchedule(std::size_t steps, std::int64_t step_ns, std::int64_t now_ns);

  // Moves on when the step's time is up (never while paused); returns true when the step changed or
  // the summary was reached.
  bool tick(std::int64_t now_ns);

  void toggle_pause(std::int64_t now_ns);
  // The step after this one (after the last: the summary), or before it (from the summary: the last
  // step; from the first: the first again). Returns true when the step changed.
  bool next(std::int64_t now_ns);
  bool previous(std::int64_t now_ns);
  // Step `index` (clamped to the steps), its time starting now; true when the step changed.
  bool go_to(std::size_t index, std::int64_t now_ns);

  [[nodiscard]] std::size_t step() const { return step_; }  // the last one while the summary shows
  [[nodiscard]] std::size_t steps() const { return steps_; }
  [[nodiscard]] bool finished() const { return finished_; }  // the summary shows
  [[nodiscard]] bool paused() const { return paused_; }
  // What is left of the step's time (frozen while paused; 0 once finished).
  [[nodiscard]] std::int64_t remaining_ns(std::int64_t now_ns) const;
  // How long the step has held (frozen while paused), and how long each step holds.
  [[nodiscard]] std::int64_t elapsed_ns(std::int64_t now_ns) const;
  [[nodiscard]] std::int64_t step_ns() const { return step_ns_; }

 private:
  std::size_t steps_;
  std::int64_t step_ns_;
  std::size_t step_ = 0;
  bool finished_ = false;
  bool paused_ = false;
  std::int64_t started_ns_;   // when the step's clock (re)started
  std::int64_t held_ns_ = 0;  // the step's time counted before the last pause
};

}  // namespace pipetop
