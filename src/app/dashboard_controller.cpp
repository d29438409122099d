#include "pipetop/app/dashboard_controller.hpp"

#include <variant>

#include "pipetop/core/config_change.hpp"
#include "pipetop/core/run_summary.hpp"
#include "pipetop/core/throughput.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kMessageNs = 6'000'000'000;

std::string with_hint(const Error& error) {
  return error.hint.empty() ? error.message : error.message + " (" + error.hint + ")";
}

}  // namespace

DashboardController::DashboardController(PairControl& pair, DashboardState state, std::string machine,
                                         SegmentExporter exporter)
    : pair_(pair), state_(std::move(state)), machine_(std::move(machine)), exporter_(std::move(exporter)) {}

bool DashboardController::press(int key, std::int64_t now_ns) {
  if (key == kKeyEscape && state_.help) key = '?';
  const KeyBinding* binding = find_key(key);
  if (binding == nullptr) return true;
  DashboardState next = state_;
  switch (pipetop::press(*binding, next)) {
    case KeyEffect::quit:
      return false;
    case KeyEffect::restart:
      change(next, now_ns);
      break;
    case KeyEffect::export_segment:
      export_segment(now_ns);
      break;
    case KeyEffect::reset_history:
      history_.reset(now_ns);
      segment_ends_ = {};
      if (pair_.phase() == PairPhase::stopped) change(state_, now_ns);  // and a dead pair starts again
      break;
    case KeyEffect::redraw:
      if (next.frozen && !state_.frozen) {
        frozen_ = history_;
        frozen_ns_ = history_.latest_ns().value_or(now_ns);
      }
      if (!next.frozen) frozen_.reset();
      state_ = next;
      break;
  }
  return true;
}

void DashboardController::change(const DashboardState& next, std::int64_t now_ns) {
  const std::string label = describe_change(state_.config, next.config);
  if (Result<void> changed = pair_.change(next.config); !changed) {
    show("refused: " + with_hint(changed.error()), true, now_ns);
    return;
  }
  state_ = next;
  show("starting " + label + "…", false, now_ns);
}

void DashboardController::tick(std::int64_t now_ns) {
  events_.clear();
  pair_.poll(now_ns, events_);
  for (const SessionEvent& e : events_) take(e, now_ns);
  if (now_ns >= message_until_ns_) message_.clear();
}

void DashboardController::take(const SessionEvent& event, std::int64_t now_ns) {
  history_.apply(event);
  if (const auto* start = std::get_if<SegmentStart>(&event)) {
    segment_ends_ = {};
    state_.config = start->config;
    state_.pipe_bytes = start->pipe_bytes;
    if (history_.segments().size() > 1) show("now: " + start->label, false, now_ns);
  } else if (const auto* sample = std::get_if<WorkerSample>(&event)) {
    auto& [first, last] = segment_ends_[sample->role == WorkerRole::writer ? 0 : 1];
    if (!first) first = sample->sample;
    last = sample->sample;
  } else if (const auto* refused = std::get_if<ChangeRefused>(&event)) {
    state_.config = pair_.config();  // the previous configuration, starting again
    show("refused: " + refused->text, true, now_ns);
  }
}

// The current segment as a run: its first and last samples carry every cumulative figure, and its
// throughput is the headline figure's own (the same warm-up as everywhere).
void DashboardController::export_segment(std::int64_t now_ns) {
  const auto& [writer_first, writer_last] = segment_ends_[0];
  const auto& [reader_first, reader_last] = segment_ends_[1];
  if (history_.segments().empty() || !reader_first || !reader_last || !writer_first || !writer_last) {
    show("export: no samples in this segment yet", true, now_ns);
    return;
  }
  RunOutcome outcome;
  outcome.config = state_.config;
  outcome.pipe_bytes = history_.pipe_bytes();
  outcome.writer = {*writer_first, *writer_last};
  outcome.reader = {*reader_first, *reader_last};
  outcome.writer_counters = history_.counters(WorkerRole::writer);
  outcome.reader_counters = history_.counters(WorkerRole::reader);
  outcome.huge_pages = history_.huge_pages();
  outcome.profiles = {history_.profile(WorkerRole::writer), history_.profile(WorkerRole::reader)};
  Trial trial = make_trial(std::move(outcome));
  trial.summary.throughput = throughput_summary(history_.current_throughput());
  const Result<std::string> written = exporter_({trial});
  show(written ? "exported " + *written : "export failed: " + with_hint(written.error()), !written, now_ns);
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
      return (history_.problem().empty() ? std::string("no workers running") : history_.problem()) +
             " — r or any toggle starts them again";
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
                        .window_ns = 60'000'000'000};
}

}  // namespace pipetop
