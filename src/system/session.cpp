#include "pipetop/system/session.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstring>

#include "pipetop/core/machine_limits.hpp"
#include "pipetop/system/clock.hpp"
#include "pipetop/system/transfer_reader.hpp"
#include "pipetop/system/transfer_writer.hpp"
#include "pipetop/system/worker_process.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kSetupTimeoutNs = 120 * kNsPerS;
constexpr std::int64_t kWaitStepNs = 200'000;
constexpr std::array<WorkerRole, 2> kRoles{WorkerRole::writer, WorkerRole::reader};

bool settled(WorkerState state) {
  return state == WorkerState::finished || state == WorkerState::failed;
}

}  // namespace

Session::Session(const RunConfig& config, std::vector<CounterRequest> counters, SharedRegion region, Pipe pipe)
    : config_(config), counter_requests_(std::move(counters)), region_(std::move(region)), pipe_(std::move(pipe)) {}

Session::~Session() {
  kill_all(Kill::asked);
}

WorkerSlot& Session::slot(WorkerRole role) const {
  return role == WorkerRole::writer ? region_.control().writer : region_.control().reader;
}

Result<std::unique_ptr<Session>> Session::launch(const RunConfig& config, const MachineFacts& machine,
                                                 const std::vector<CounterRequest>& counters) {
  Result<SharedRegion> region = SharedRegion::create();
  if (!region) return std::unexpected(region.error());
  Result<Pipe> pipe = Pipe::create();
  if (!pipe) return std::unexpected(pipe.error());
  std::unique_ptr<Session> session(new Session(config, counters, std::move(*region), std::move(*pipe)));
  const std::optional<std::uint64_t> requested = requested_pipe_bytes(config);
  Result<std::uint64_t> size =
      requested ? session->pipe_.set_size(*requested, machine_limits(machine).pipe_max_bytes) : session->pipe_.size();
  if (!size) return std::unexpected(size.error());
  session->pipe_bytes_ = *size;
  if (config.pipe_bytes && *size != *config.pipe_bytes) {  // the kernel rounds up: report what runs
    session->pipe_bytes_asked_ = config.pipe_bytes;
    session->config_.pipe_bytes = *size;
  }
  session->setup_deadline_ns_ = monotonic_ns() + kSetupTimeoutNs;
  if (Result<void> forked = session->fork_workers(machine); !forked) return std::unexpected(forked.error());
  return session;
}

Result<void> Session::fork_workers(const MachineFacts& machine) {
  const WorkerContext writer{config_,          counter_requests_, machine,
                             pipe_.write_fd(), region_.control(), region_.control().writer};
  const WorkerContext reader{config_,         counter_requests_, machine,
                             pipe_.read_fd(), region_.control(), region_.control().reader};
  const int read_fd = pipe_.read_fd();
  const int write_fd = pipe_.write_fd();
  Result<pid_t> pid = spawn_worker([&] {
    close(read_fd);  // each worker holds only its own end, so EOF and EPIPE reach the other
    return run_writer(writer);
  });
  if (!pid) return std::unexpected(pid.error());
  pids_[0] = *pid;
  pid = spawn_worker([&] {
    close(write_fd);
    return run_reader(reader);
  });
  if (!pid) return std::unexpected(pid.error());
  pids_[1] = *pid;
  pipe_.close_read();  // the workers hold the only ends now: end of file and EPIPE reach them
  pipe_.close_write();
  return {};
}

Session::Phase Session::poll() {
  reap(false);
  if (phase_ == Phase::ended) return phase_;
  if (phase_ == Phase::setting_up) {
    if (failure() || statuses_[0] || statuses_[1]) {
      kill_all(Kill::asked);  // one worker failed or left during set-up: the other has nothing to do
    } else if (slot(WorkerRole::writer).load_state() == WorkerState::ready &&
               slot(WorkerRole::reader).load_state() == WorkerState::ready) {
      started_ns_ = monotonic_ns();
      region_.control().go.store(true, std::memory_order_release);
      phase_ = Phase::running;
    } else if (monotonic_ns() > setup_deadline_ns_) {
      setup_failure_ = runtime_error("workers did not finish setting up within 120 s",
                                     "a very large --buffer-size with --lock-memory can take long to fault in");
      kill_all(Kill::asked);
    }
  } else if (failure()) {
    request_stop();  // a failed or killed worker: the other one ends too (EPIPE, end of file, or stop)
  }
  if (both_reaped()) phase_ = Phase::ended;
  return phase_;
}

void Session::drain(const std::function<void(WorkerRole, const Sample&)>& sink) {
  for (const WorkerRole role : kRoles) {
    Sample sample;
    while (slot(role).ring.try_pop(sample)) sink(role, sample);
  }
}

void Session::reap(bool block) {
  for (std::size_t i = 0; i < pids_.size(); ++i) {
    if (pids_[i] <= 0 || statuses_[i]) continue;
    int status = 0;
    pid_t got = 0;
    do {
      got = waitpid(pids_[i], &status, block ? 0 : WNOHANG);
    } while (got < 0 && errno == EINTR);
    if (got == pids_[i]) statuses_[i] = status;
  }
}

bool Session::both_reaped() const {
  const auto gone = [this](std::size_t i) {
    return pids_[i] <= 0 || statuses_[i].has_value();
  };  // never forked, or reaped
  return gone(0) && gone(1);
}

std::optional<Error> Session::failure() const {
  if (setup_failure_) return setup_failure_;
  for (const WorkerRole role : kRoles) {
    const std::string who(to_string(role));
    const WorkerSlot& s = slot(role);
    if (s.load_state() == WorkerState::failed) {
      return Error{static_cast<ExitCode>(s.report.error_kind), who + ": " + s.report.message, s.report.hint};
    }
    const std::optional<int>& status = statuses_[index(role)];
    if (!status) continue;
    if (killed_[index(role)] == Kill::after_grace) {
      return runtime_error(who + " did not stop within the grace period and was killed");
    }
    if (killed_[index(role)] == Kill::asked) continue;
    if (WIFSIGNALED(*status)) {
      return runtime_error(who + " was killed by signal " + std::to_string(WTERMSIG(*status)) + " (" +
                           sigdescr_np(WTERMSIG(*status)) + ")");
    }
    if (WIFEXITED(*status) && WEXITSTATUS(*status) != 0) {
      return runtime_error(who + " exited with status " + std::to_string(WEXITSTATUS(*status)));
    }
    if (!settled(s.load_state())) return runtime_error(who + " exited without reporting why");
  }
  return std::nullopt;
}

void Session::request_stop() noexcept {
  region_.control().stop.store(true, std::memory_order_release);
}

void Session::kill_all(Kill why) noexcept {
  request_stop();
  for (std::size_t i = 0; i < pids_.size(); ++i) {
    if (pids_[i] > 0 && !statuses_[i] && kill(pids_[i], SIGKILL) == 0 && killed_[i] == Kill::no) killed_[i] = why;
  }
  reap(true);  // SIGKILL cannot be caught: this returns at once
  phase_ = Phase::ended;
}

void Session::kill_now() noexcept {
  kill_all(Kill::asked);
}

void Session::finish(std::int64_t grace_ns) {
  request_stop();
  const std::int64_t deadline = monotonic_ns() + grace_ns;
  while (poll() != Phase::ended && monotonic_ns() < deadline) sleep_ns(kWaitStepNs);
  kill_all(Kill::after_grace);
}

std::vector<CounterInfo> Session::counters(WorkerRole role) const {
  const WorkerReport& report = slot(role).report;
  std::vector<CounterInfo> infos;
  for (std::uint32_t i = 0; i < report.counter_count && i < kMaxCounters; ++i) {
    const CounterSlot& c = report.counters[i];
    infos.push_back({c.name, static_cast<CounterState>(c.state), c.reason, static_cast<CounterProblem>(c.problem)});
  }
  return infos;
}

std::vector<AddressRange> Session::buffers(WorkerRole role) const {
  const WorkerReport& report = slot(role).report;
  return {report.buffers, report.buffers + std::min<std::size_t>(report.buffer_count, std::size(report.buffers))};
}

CpuTime Session::cpu_time(WorkerRole role) const {
  const WorkerReport& report = slot(role).report;
  return {report.cpu_user_ns, report.cpu_system_ns};
}

HugePageResult Session::huge_pages() const {
  if (!config_.huge_pages) return {};
  const auto of = [this](WorkerRole role) {
    const WorkerReport& r = slot(role).report;
    return r.huge_requested ? HugePageResult{true, r.huge_verified, r.huge_detail, r.huge_checked_ns}
                            : HugePageResult{true, false, "not checked", 0};
  };
  return combine_huge_pages(of(WorkerRole::writer), of(WorkerRole::reader));
}

std::optional<VerifyResult> Session::verify() const {
  const WorkerReport& r = slot(WorkerRole::reader).report;
  if (!config_.verify) return std::nullopt;
  return VerifyResult{r.verify_checked, r.verify_mismatches, r.verify_first_mismatch};
}

std::uint64_t Session::dropped_samples() const {
  return slot(WorkerRole::writer).ring.dropped() + slot(WorkerRole::reader).ring.dropped();
}

}  // namespace pipetop
