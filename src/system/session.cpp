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
constexpr std::int64_t kDestructorGraceNs = 2 * kNsPerS;
constexpr std::int64_t kWaitStepNs = 200'000;
constexpr std::array<WorkerRole, 2> kRoles{WorkerRole::writer, WorkerRole::reader};

bool settled(WorkerState state) { return state == WorkerState::finished || state == WorkerState::failed; }

}  // namespace

Session::Session(const RunConfig& config, std::vector<CounterRequest> counters, SharedRegion region, Pipe pipe)
    : config_(config), counter_requests_(std::move(counters)), region_(std::move(region)), pipe_(std::move(pipe)) {}

Session::~Session() { finish(kDestructorGraceNs); }

WorkerSlot& Session::slot(WorkerRole role) const {
  return role == WorkerRole::writer ? region_.control().writer : region_.control().reader;
}

Result<std::unique_ptr<Session>> Session::start(const RunConfig& config, const MachineFacts& machine,
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
  if (Result<void> forked = session->fork_workers(machine); !forked) return std::unexpected(forked.error());
  if (Result<void> ready = session->wait_until_ready(); !ready) return std::unexpected(ready.error());
  session->region_.control().go.store(true, std::memory_order_release);
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

Result<void> Session::wait_until_ready() {
  const std::int64_t deadline = monotonic_ns() + kSetupTimeoutNs;
  for (;;) {
    reap(false);
    if (std::optional<Error> error = failure()) return std::unexpected(*error);
    const bool ready = slot(WorkerRole::writer).load_state() == WorkerState::ready &&
                       slot(WorkerRole::reader).load_state() == WorkerState::ready;
    if (ready) return {};
    if (statuses_[0] || statuses_[1]) return std::unexpected(runtime_error("a worker exited during set-up"));
    if (monotonic_ns() > deadline) {
      return std::unexpected(runtime_error("workers did not finish setting up within 120 s",
                                           "a very large --buffer-size with --lock-memory can take long to fault in"));
    }
    sleep_ns(kWaitStepNs);
  }
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

bool Session::poll_exited() {
  reap(false);
  const auto gone = [this](std::size_t i) { return pids_[i] <= 0 || statuses_[i].has_value(); };  // never forked, or reaped
  return gone(0) && gone(1);
}

std::optional<Error> Session::failure() const {
  for (const WorkerRole role : kRoles) {
    const std::string who(to_string(role));
    const WorkerSlot& s = slot(role);
    if (s.load_state() == WorkerState::failed) {
      return Error{static_cast<ExitCode>(s.report.error_kind), who + ": " + s.report.message, s.report.hint};
    }
    const std::optional<int>& status = statuses_[index(role)];
    if (!status) continue;
    if (killed_[index(role)]) return runtime_error(who + " did not stop within the grace period and was killed");
    if (WIFSIGNALED(*status)) {
      return runtime_error(who + " was killed by signal " + std::to_string(WTERMSIG(*status)) + " (" +
                           sigdescr_np(WTERMSIG(*status)) + ")");
    }
    if (WIFEXITED(*status) && WEXITSTATUS(*status) != 0) {
      return runtime_error(who + " exited with status " + std::to_string(WEXITSTATUS(*status)));
    }
    if (!settled(s.load_state())) {
      return runtime_error(who + " exited without reporting why");
    }
  }
  return std::nullopt;
}

void Session::request_stop() noexcept { region_.control().stop.store(true, std::memory_order_release); }

void Session::finish(std::int64_t grace_ns) {
  request_stop();
  const std::int64_t deadline = monotonic_ns() + grace_ns;
  while (!poll_exited() && monotonic_ns() < deadline) sleep_ns(kWaitStepNs);
  for (std::size_t i = 0; i < pids_.size(); ++i) {
    if (pids_[i] > 0 && !statuses_[i]) killed_[i] = kill(pids_[i], SIGKILL) == 0;
  }
  reap(true);
}

std::vector<CounterInfo> Session::counters(WorkerRole role) const {
  const WorkerReport& report = slot(role).report;
  std::vector<CounterInfo> infos;
  for (std::uint32_t i = 0; i < report.counter_count && i < kMaxCounters; ++i) {
    const CounterSlot& c = report.counters[i];
    infos.push_back({c.name, static_cast<CounterState>(c.state), c.reason});
  }
  return infos;
}

CpuTime Session::cpu_time(WorkerRole role) const {
  const WorkerReport& report = slot(role).report;
  return {report.cpu_user_ns, report.cpu_system_ns};
}

HugePageResult Session::huge_pages() const {
  const WorkerReport& w = slot(WorkerRole::writer).report;
  const WorkerReport& r = slot(WorkerRole::reader).report;
  HugePageResult result;
  result.requested = config_.huge_pages;
  if (!result.requested) return result;
  result.verified = w.huge_requested && r.huge_requested && w.huge_verified && r.huge_verified;
  result.detail = std::string(w.huge_requested ? w.huge_detail : "writer not checked") + "; " +
                  (r.huge_requested ? r.huge_detail : "reader not checked");
  return result;
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
