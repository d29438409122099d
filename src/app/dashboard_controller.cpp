#include "pipetop/app/dashboard_controller.hpp"

#include <algorithm>
#include <utility>
#include <variant>

#include "pipetop/app/made_by.hpp"
#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/base/size.hpp"
#include "pipetop/core/config/config_change.hpp"
#include "pipetop/core/config/page_kinds.hpp"
#include "pipetop/core/config/pairs_options.hpp"
#include "pipetop/core/figures/run_summary.hpp"
#include "pipetop/core/figures/throughput.hpp"
#include "pipetop/core/report/history_picture.hpp"
#include "pipetop/core/screen/leaderboard.hpp"
#include "pipetop/core/stage/key_echo.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kMessageNs = 6'000'000'000;
constexpr std::int64_t kEchoNs = 2'000'000'000;

std::string with_hint(const Error& error) {
  return error.hint.empty() ? error.message : error.message + " (" + error.hint + ")";
}

}  // namespace

DashboardController::DashboardController(PairControl& pair, DashboardState state, std::string machine,
                                         DashboardExports exports)
    : pair_(pair),
      state_(std::move(state)),
      machine_(std::move(machine)),
      exports_(std::move(exports)),
      ladder_(tour_steps(state_.config)) {}

bool DashboardController::press(int key, std::int64_t now_ns) {
  if (key == kKeyEscape) {  // closes what is open over the dashboard
    state_.help = false;
    state_.leaderboard = false;
    return true;
  }
  const KeyBinding* binding = find_key(key);
  if (binding == nullptr) return true;
  echo_until_ns_ = now_ns + kEchoNs;
  if (const std::string refused = key_refusal(*binding, state_); !refused.empty()) {
    show(refused, true, now_ns);
    echo_ = key_name(key) + " → refused";
    return true;
  }
  if (state_.ab && ends_ab(*binding)) end_ab("A/B ended by " + key_name(key), false, now_ns);
  DashboardState next = state_;
  const KeyEffect effect = pipetop::press(*binding, next);
  if (effect == KeyEffect::quit) return false;
  echo_ = key_echo(*binding, key, state_, next);
  apply_effect(effect, next, now_ns);
  // change() said why in the status line; the echo must not say the change was made.
  if (effect == KeyEffect::restart && state_.config != next.config) echo_ = key_name(key) + " → refused";
  return true;
}

void DashboardController::apply_effect(KeyEffect effect, const DashboardState& next, std::int64_t now_ns) {
  switch (effect) {
    case KeyEffect::restart:
      change(next, now_ns);
      break;
    case KeyEffect::export_segment:
      state_.leaderboard ? export_leaderboard(now_ns) : export_segment(now_ns);
      break;
    case KeyEffect::reset_history:
      if (state_.mode == DashboardMode::replay) {
        seek_replay(0, now_ns);
        break;
      }
      history_.reset(now_ns);
      ab_.reset();
      past_sides_.clear();
      if (pair_.phase() == PairPhase::stopped) change(state_, now_ns);  // and a dead pair starts again
      break;
    case KeyEffect::next_step:
    case KeyEffect::previous_step:
    case KeyEffect::ladder_step:
      move_to_step(effect, next.ladder_step, now_ns);
      break;
    case KeyEffect::pin_baseline:
      pin_current_baseline(now_ns);
      break;
    case KeyEffect::ab_rounds:
      toggle_ab(now_ns);
      break;
    case KeyEffect::redraw:
      if (next.frozen != state_.frozen) {
        toggle_pause(next, now_ns);
      } else {
        state_ = next;
      }
      break;
    case KeyEffect::quit:
      break;
  }
}

// Live, the display freezes (the workers run on); a tour's clock stops; a replay stops playing.
void DashboardController::toggle_pause(const DashboardState& next, std::int64_t now_ns) {
  if (state_.mode == DashboardMode::live) {
    if (next.frozen) {
      frozen_ = history_;
      frozen_ns_ = history_.latest_ns().value_or(now_ns);
    } else {
      frozen_.reset();
    }
  } else if (schedule_) {
    schedule_->toggle_pause(now_ns);
  } else if (playback_ != nullptr) {
    playback_->set_paused(next.frozen, now_ns);
  }
  state_ = next;
}

void DashboardController::change(const DashboardState& next, std::int64_t now_ns) {
  const std::string label = describe_change(state_.config, next.config);
  if (Result<void> changed = pair_.change(next.config); !changed) {
    show("refused: " + with_hint(changed.error()), true, now_ns);
    // The pages key goes on from a refused kind (hugetlb pages not reserved) at its next press.
    if (page_kind(next.config) != page_kind(state_.config)) state_.pages_refused = page_kind(next.config);
    return;
  }
  state_ = next;
  retire_ab(now_ns);
  state_.pages_refused.reset();
  show("starting " + label + "…", false, now_ns);
  change_asked_ns_ = now_ns;
}

void DashboardController::tick(std::int64_t now_ns) {
  events_.clear();
  pair_.poll(now_ns, events_);
  for (const SessionEvent& e : events_) take(e, now_ns);
  step_ab(now_ns);
  if (schedule_) {
    measure_tour_step();
    if (schedule_->tick(now_ns)) {
      go_to_tour_step(now_ns);
    } else {
      race_tour_step(now_ns);
    }
  }
  if (now_ns >= message_until_ns_) message_.clear();
}

void DashboardController::take(const SessionEvent& event, std::int64_t now_ns) {
  const auto* started = std::get_if<SegmentStart>(&event);
  if (started != nullptr && !state_.ab && race_a_) {
    // The first segment after a race's slices. A running on is A's, a moment long: no marker of its
    // own, the band's end says the race ended. Anything else left the race's A (a step, a toggle): the
    // pair said it from the side that ran last, the marker says it from A.
    const RunConfig a = *std::exchange(race_a_, std::nullopt);
    if (started->config == a) {
      past_sides_.push_back({0, started->t_ns, started->t_ns});
    } else {
      SegmentStart said = *started;
      said.label = describe_change(a, started->config);
      take(SessionEvent{std::move(said)}, now_ns);
      return;
    }
  }
  history_.apply(event);
  if (sink_) sink_(event);
  if (const auto* start = std::get_if<SegmentStart>(&event)) {
    state_.config = start->config;
    state_.pipe_bytes = start->pipe_bytes;
    if (schedule_ && !schedule_->finished())
      step_running_ = same_step(start->config, ladder_[schedule_->step()].config);
    if (state_.ab) {
      ab_->slice_started(start->t_ns);  // a side's slice: its label would flash every half second
      race_a_ = ab_->config(0);
    } else if (history_.segments().size() > 1 && state_.mode != DashboardMode::replay &&
               !(message_is_error_ && now_ns < message_until_ns_ &&
                 message_until_ns_ - kMessageNs > change_asked_ns_)) {
      // A refusal said after this change was asked (a key pressed during the restart) stays up: the
      // change it follows is in the header.
      show("now: " + start->label, false, now_ns);
    }
  } else if (const auto* refused = std::get_if<ChangeRefused>(&event)) {
    if (schedule_ && same_step(refused->config, ladder_[schedule_->step()].config)) step_refused_ = refused->text;
    if (state_.mode == DashboardMode::replay) return;
    if (state_.ab) {  // the pair goes back to what ran last; A runs again
      ab_asked_ = 1;
      end_ab("A/B ended: " + std::string(refused->config == ab_->config(0) ? "A" : "B") + " refused: " + refused->text,
             true, now_ns);
      return;
    }
    state_.config = pair_.config();  // the previous configuration, starting again
    show("refused: " + refused->text, true, now_ns);
  }
}

void DashboardController::pin_current_baseline(std::int64_t now_ns) {
  std::optional<Baseline> pinned = pin_baseline(history_);
  if (!pinned) {
    show("B: no figure to pin yet (the segment's mean comes after its first samples)", true, now_ns);
    return;
  }
  baseline_ = std::move(pinned);
  const std::string figure = format_fixed(baseline_->gib_per_s, 2) + " GiB/s";
  echo_ = "B → baseline " + baseline_->label + " " + figure;
  show("baseline: " + baseline_->label + " at " + figure + "; × is now against it", false, now_ns);
}

// The current segment as a run, from the same aggregate `run` reports. The picture is the chart as it
// shows now, from its left edge or the first segment.
void DashboardController::export_segment(std::int64_t now_ns) {
  if (state_.ends != EndsKind::own_pair) {  // its files rerun pipetop's own pair, which this is not
    show("export: the files rerun pipetop's own pair and the seed's; one end here is your program", true, now_ns);
    return;
  }
  if (!pair_.pair_figures().empty()) {  // --pairs: refused for the reason run refuses --export
    show("export: " + with_hint(*pairs_refusal("--export", "pipetop run")), true, now_ns);
    return;
  }
  const SegmentAggregate& current = history_.current();
  if (history_.segments().empty() || current.samples(WorkerRole::reader) < 2 ||
      current.samples(WorkerRole::writer) < 2) {
    show("export: no samples in this segment yet", true, now_ns);
    return;
  }
  RunOutcome outcome;
  outcome.segment = current;
  const Trial trial = make_trial(std::move(outcome));
  const std::int64_t t1 = history_.latest_ns().value_or(now_ns);
  const std::int64_t t0 = std::max(t1 - kWindowNs, history_.segments().front().start_ns);
  ChartPicture picture = history_picture(
      history_, t0, t1, describe_config(state_.config) + " · pipe " + format_size(history_.pipe_bytes()), machine_,
      state_.log_scale, state_.y_max);
  picture.stamp.made = made_now();
  const std::string svg = chart_svg(picture);
  const Result<std::string> written = exports_.segment({trial}, svg);
  show(written ? "exported " + *written : "export failed: " + with_hint(written.error()), !written, now_ns);
}

void DashboardController::export_leaderboard(std::int64_t now_ns) {
  const Result<std::string> written = exports_.leaderboard(leaderboard_csv(leaderboard(history_)));
  show(written ? "leaderboard exported to " + *written : "export failed: " + with_hint(written.error()), !written,
       now_ns);
}

void DashboardController::show(std::string message, bool error, std::int64_t now_ns) {
  message_ = std::move(message);
  message_is_error_ = error;
  message_until_ns_ = now_ns + kMessageNs;
}

std::string DashboardController::problem() const {
  switch (pair_.phase()) {
    case PairPhase::starting:
      if (history_.segments().empty()) return "starting: the workers are setting up…";
      break;
    case PairPhase::stopped:
      if (state_.mode == DashboardMode::replay) return "the recording ended — r plays it again, q quits";
      return (history_.problem().empty() ? std::string("no workers running") : history_.problem()) +
             " — r or any toggle starts them again";
    case PairPhase::ended:  // the other program closed its end: said, and the figures stay
    case PairPhase::running:
      break;
  }
  if (!history_.problem().empty()) return history_.problem();
  const HugePageResult& huge = history_.huge_pages();
  if (huge.requested && !huge.verified && huge.checked_ns != 0) return "huge pages not verified: " + huge.detail;
  return {};
}

DashboardModel DashboardController::model(std::int64_t now_ns) const {
  const bool frozen = state_.frozen && frozen_;
  return DashboardModel{.state = state_,
                        .history = frozen ? *frozen_ : history_,
                        .machine = machine_,
                        .problem = problem(),
                        .message = message_,
                        .message_is_error = message_is_error_,
                        .dropped = pair_.dropped_samples(),
                        .ui_cpu_percent = std::nullopt,
                        .live = pair_.phase() == PairPhase::running,
                        .now_ns = frozen ? frozen_ns_ : history_.latest_ns().value_or(now_ns),
                        .window_ns = kWindowNs,
                        .baseline = baseline_ ? &*baseline_ : nullptr,
                        .key_echo = now_ns < echo_until_ns_ ? echo_ : std::string(),
                        .tour = tour_view(now_ns),
                        .playback = playback_ != nullptr ? playback_->position(now_ns) : std::string(),
                        .other_end = other_end_,
                        .pairs = pair_.pair_figures(),
                        .ceiling = pair_.ceiling(),
                        .ab = ab_view(),
                        .sides = sides()};
}

}  // namespace pipetop
