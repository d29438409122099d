#include "pipetop/app/live_pair.hpp"

#include "pipetop/app/session_driver.hpp"
#include "pipetop/core/config/config_change.hpp"
#include "pipetop/core/figures/other_end.hpp"
#include "pipetop/system/clock.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kLiveStopGraceNs = 2 * kNsPerS;
// The time line and the CPU-wait status read one-second windows: four /proc readings a second are
// plenty, and a tick at 10 Hz need not open six files.
constexpr std::int64_t kLiveTimesEveryNs = kNsPerS / 4;

}  // namespace

LivePair::LivePair(WorkerPlan plan, const SystemFiles& files, const ProfilingPlan* profiling, PipeEnds ends,
                   ExternalEnd* external, pid_t other_pid)
    : LivePair(plan, session_launcher(plan, files, profiling, ends, external, other_pid, kLiveTimesEveryNs), ends,
               external) {}

LivePair::LivePair(WorkerPlan plan, LiveSessionLauncher launch, PipeEnds ends, ExternalEnd* external)
    : plan_(std::move(plan)), launch_(std::move(launch)), ends_(std::move(ends)), external_(external) {
  pending_ = plan_.config;
}

LivePair::~LivePair() {
  stop();
}

Result<void> LivePair::change(const RunConfig& next) {
  if (other_closed_) {
    return std::unexpected(
        usage_error(other_end_closed_words() + ": there is nothing more to measure", "the figures are final; q quits"));
  }
  if (Result<void> valid = validate(next, plan_.limits); !valid) return valid;
  retire_current(monotonic_ns());
  pending_ = next;
  restoring_ = false;
  return {};
}

void LivePair::retire_current(std::int64_t now_ns) {
  if (!current_) return;
  current_->retire();
  retiring_.push_back({std::move(current_), now_ns + kLiveStopGraceNs});
}

void LivePair::poll(std::int64_t now_ns, std::vector<SessionEvent>& out) {
  poll_retiring(now_ns);
  if (!current_ && pending_ && retiring_.empty()) launch_pending(now_ns, out);
  if (current_) poll_current(now_ns, out);
  if (other_closed_ && !told_command_end_ && external_ != nullptr && external_->command_pid() != 0 &&
      external_->command_ended()) {
    out.push_back(PairProblem{now_ns, other_end_closed_words()});  // now with how the command ended
    told_command_end_ = true;
  }
}

// "the producer (stdin) closed its end", "the command closed its end (exited with status 0)".
std::string LivePair::other_end_closed_words() const {
  std::string words = "the " + std::string(other_end_words(ends_.kind)) + " closed its end";
  if (external_ != nullptr && external_->command_status()) {
    OtherEnd end;
    note_command_end(*external_, end);
    words += " (" + command_end_words(end) + ")";
  }
  return words;
}

// The user's program closed its end: pipetop's worker saw end of file or EPIPE, and that was all.
void LivePair::other_end_closed(std::int64_t now_ns, std::vector<SessionEvent>& out) {
  other_closed_ = true;
  pending_.reset();
  out.push_back(PairProblem{now_ns, other_end_closed_words() + " — the figures are final; q quits"});
}

void LivePair::poll_retiring(std::int64_t now_ns) {
  std::erase_if(retiring_, [&](Retiring& r) {
    if (r.session->poll() != Session::Phase::ended && now_ns < r.kill_at_ns) return false;
    r.session->kill_now();  // no-op once it ended by itself
    earlier_drops_ += r.session->dropped_samples();
    return true;
  });
}

void LivePair::launch_pending(std::int64_t now_ns, std::vector<SessionEvent>& out) {
  const RunConfig next = *pending_;
  pending_.reset();
  const bool measured = ceiling_ && ceiling_->buffer_bytes == next.buffer_bytes &&
                        ceiling_->cpu == (next.writer_cpu == kUnpinned ? std::nullopt : next.writer_cpu);
  if (probe_ && !measured) ceiling_ = probe_(next);
  Result<std::unique_ptr<LiveSession>> launched = launch_(next);
  if (!launched) {
    refuse(now_ns, next, launched.error().message, out);
    return;
  }
  current_ = std::move(*launched);
  plan_.config = next;
  announced_ = false;
  told_problem_ = false;
}

// `config` could not start: say so, and go back to the last configuration that ran (once).
void LivePair::refuse(std::int64_t now_ns, const RunConfig& config, std::string why, std::vector<SessionEvent>& out) {
  out.push_back(ChangeRefused{now_ns, config, std::move(why)});
  if (last_good_ && !restoring_) {
    pending_ = last_good_;
    restoring_ = true;
  }
}

void LivePair::poll_current(std::int64_t now_ns, std::vector<SessionEvent>& out) {
  const Session::Phase phase = current_->poll();
  if (phase == Session::Phase::running && !announced_) {
    const RunConfig& config = current_->config();
    out.push_back(current_->segment_start(last_good_ ? describe_change(*last_good_, config) : describe_start(config)));
    last_good_ = config;
    restoring_ = false;
    announced_ = true;
  }
  current_->collect(now_ns, out);
  const std::optional<Error> failure = current_->failure();
  if (phase != Session::Phase::ended) {
    if (failure && announced_ && !told_problem_) {
      out.push_back(PairProblem{now_ns, failure->message});
      told_problem_ = true;
    }
    return;
  }
  if (!announced_) {  // it never ran: a worker refused the configuration while setting up
    refuse(now_ns, current_->config(), failure ? failure->message : "the workers ended while setting up", out);
  } else if (!failure && ends_.kind != EndsKind::own_pair) {
    other_end_closed(now_ns, out);
  } else if (!told_problem_) {
    out.push_back(PairProblem{now_ns, failure ? failure->message : "the workers ended"});
  }
  earlier_drops_ += current_->dropped_samples();
  current_.reset();
}

void LivePair::stop() {
  pending_.reset();
  if (current_) current_->kill_now();
  for (Retiring& r : retiring_) r.session->kill_now();
  retiring_.clear();
  current_.reset();
  if (external_ != nullptr) {
    external_->stop_command();
    external_->finish_command(kLiveStopGraceNs);
    external_->let_go();
  }
}

PairPhase LivePair::phase() const {
  if (other_closed_) return PairPhase::ended;
  if (current_ && current_->phase() == Session::Phase::running) return PairPhase::running;
  if (current_ || pending_ || !retiring_.empty()) return PairPhase::starting;
  return PairPhase::stopped;
}

const RunConfig& LivePair::config() const {
  return pending_ ? *pending_ : plan_.config;
}

std::uint64_t LivePair::dropped_samples() const {
  std::uint64_t drops = earlier_drops_ + (current_ ? current_->dropped_samples() : 0);
  for (const Retiring& r : retiring_) drops += r.session->dropped_samples();
  return drops;
}

}  // namespace pipetop
