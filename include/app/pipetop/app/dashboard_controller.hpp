#pragma once
// The dashboard apart from the terminal: keys become configuration and view changes, what the pair
// reports builds the History, and each frame's model comes from both. Nothing here blocks — a change
// starts in the background and the keys keep working while it does — and it is tested in-process
// with a scripted PairControl. The guided tour is this controller on a step schedule; a replay is
// this controller on a recording (a PairControl that plays it, and its Playback).

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "pipetop/app/pair_control.hpp"
#include "pipetop/app/playback.hpp"
#include "pipetop/core/experiment/live_rounds.hpp"
#include "pipetop/core/experiment/trial.hpp"
#include "pipetop/core/figures/baseline.hpp"
#include "pipetop/core/screen/history.hpp"
#include "pipetop/core/screen/key_table.hpp"
#include "pipetop/core/stage/tour.hpp"
#include "pipetop/core/stage/tour_schedule.hpp"
#include "pipetop/ui/dashboard_model.hpp"

namespace pipetop {

// Where the x key writes: the current segment (its results, and the chart as an SVG picture), or the
// leaderboard as CSV. Each returns where it wrote, or why it could not.
struct DashboardExports {
  std::function<Result<std::string>(const std::vector<Trial>&, const std::string& svg)> segment;
  std::function<Result<std::string>(const std::string& csv)> leaderboard;
};

class DashboardController {
 public:
  static constexpr std::int64_t kWindowNs = 60'000'000'000;  // the chart's window
  // `pair` must outlive the controller; `state` holds the starting configuration and the default CPUs,
  // and its mode (a replay's keys leave the configuration alone).
  DashboardController(PairControl& pair, DashboardState state, std::string machine, DashboardExports exports);

  // Turns this into the guided tour of `steps`, each held `step_ns` from `now_ns` (the first step's
  // configuration starts unless it already runs).
  void start_tour(std::vector<TourStep> steps, std::int64_t step_ns, std::int64_t now_ns);
  // A replay's controls (space, r, the arrows and the number keys use them); must outlive the controller.
  void attach_playback(Playback& playback) { playback_ = &playback; }
  // Measures the segments against `baseline` (B pins another).
  void set_baseline(Baseline baseline) { baseline_ = std::move(baseline); }
  // Names the user's program at one end in the header ("producer (stdin): pid 4242: yes y").
  void set_other_end(std::string words) { other_end_ = std::move(words); }
  // Says `message` on the status line for a while, as a toggle's outcome is said (--pairs' placement).
  void announce(std::string message, std::int64_t now_ns) { show(std::move(message), false, now_ns); }
  // Every event taken in is handed to `sink` too (a recording).
  void set_event_sink(std::function<void(const SessionEvent&)> sink) { sink_ = std::move(sink); }

  // A key (a click already mapped to the key it stands for) at `now_ns`. Returns false to quit.
  [[nodiscard]] bool press(int key, std::int64_t now_ns);

  // Takes in what the pair did since the last tick, and moves the tour on when its step is over.
  void tick(std::int64_t now_ns);

  // The frame to draw at `now_ns` (the dashboard's own CPU use is the caller's to fill in).
  [[nodiscard]] DashboardModel model(std::int64_t now_ns) const;

  [[nodiscard]] const DashboardState& state() const { return state_; }
  [[nodiscard]] const History& history() const { return history_; }
  [[nodiscard]] const std::optional<Baseline>& baseline() const { return baseline_; }
  // The tour's schedule (none outside a tour), and what each step measured so far.
  [[nodiscard]] const std::optional<TourSchedule>& tour_schedule() const { return schedule_; }
  [[nodiscard]] const std::vector<std::optional<TourFigures>>& tour_measured() const { return measured_; }
  // Each step's race against the step before, as it stood when the step ended (or stands now).
  [[nodiscard]] const std::vector<std::optional<StepRace>>& tour_races() const { return races_; }
  // The A/B running (the a key), or the last one until the next change; none before.
  [[nodiscard]] const std::optional<LiveRounds>& ab() const { return ab_; }

 private:
  void apply_effect(KeyEffect effect, const DashboardState& next, std::int64_t now_ns);
  void change(const DashboardState& next, std::int64_t now_ns);
  void toggle_pause(const DashboardState& next, std::int64_t now_ns);
  void move_to_step(KeyEffect effect, int index, std::int64_t now_ns);
  void seek_replay(std::size_t segment, std::int64_t now_ns);
  void go_to_tour_step(std::int64_t now_ns);
  void measure_tour_step();
  void race_tour_step(std::int64_t now_ns);
  void pin_current_baseline(std::int64_t now_ns);
  void export_segment(std::int64_t now_ns);
  void export_leaderboard(std::int64_t now_ns);
  void take(const SessionEvent& event, std::int64_t now_ns);
  void show(std::string message, bool error, std::int64_t now_ns);
  [[nodiscard]] std::string problem() const;
  [[nodiscard]] std::optional<TourView> tour_view(std::int64_t now_ns) const;
  // A/B (dashboard_ab.cpp): the current configuration against the previous one or the baseline.
  void toggle_ab(std::int64_t now_ns);
  void start_ab(std::int64_t now_ns);
  [[nodiscard]] bool start_race(const RunConfig& b, std::int64_t slice_ns, RoundsPlan plan, std::int64_t now_ns);
  void run_ab_side(std::int64_t now_ns);
  void step_ab(std::int64_t now_ns);
  void end_ab(std::string why, bool error, std::int64_t now_ns);
  [[nodiscard]] bool stop_race(std::int64_t now_ns);
  [[nodiscard]] bool ends_ab(const KeyBinding& binding) const;
  [[nodiscard]] std::optional<AbView> ab_view() const;
  [[nodiscard]] std::vector<SideSpan> sides() const;
  void retire_ab(std::int64_t now_ns);

  PairControl& pair_;
  DashboardState state_;
  std::string machine_;
  std::string other_end_;
  DashboardExports exports_;
  History history_;
  std::optional<History> frozen_;  // what the display shows while frozen
  std::int64_t frozen_ns_ = 0;
  std::vector<SessionEvent> events_;
  std::string message_;
  bool message_is_error_ = false;
  std::int64_t message_until_ns_ = 0;
  std::int64_t change_asked_ns_ = 0;  // when the last change was asked: a refusal after it outlasts its "now:"
  std::string echo_;
  std::int64_t echo_until_ns_ = 0;
  std::vector<TourStep> ladder_;  // the steps the number keys (and in a tour, the schedule) go to
  std::optional<Baseline> baseline_;
  std::function<void(const SessionEvent&)> sink_;
  Playback* playback_ = nullptr;
  // The tour: its schedule, each step's figures and race against the step before, and whether the
  // current step's segment runs yet.
  std::optional<TourSchedule> schedule_;
  std::vector<std::optional<TourFigures>> measured_;
  std::vector<std::optional<StepRace>> races_;
  bool step_running_ = false;
  std::string step_refused_;  // why the current step could not run
  // A/B: the race, its sides in words, the side the pair was last asked for, and why it ended.
  std::optional<LiveRounds> ab_;
  std::array<std::string, 2> ab_labels_;
  std::size_t ab_asked_ = 0;
  std::string ab_ended_;
  std::vector<SideSpan> past_sides_;  // the slices of the races before it, while the chart's window holds them
  std::optional<RunConfig> race_a_;   // A of the race whose slice ran last, until the next segment
};

}  // namespace pipetop
