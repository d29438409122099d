#include "pipetop/system/session.hpp"

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstring>

#include "pipetop/core/config/transports.hpp"
#include "pipetop/core/machine/machine_limits.hpp"
#include "pipetop/system/clock.hpp"
#include "pipetop/system/futex.hpp"
#include "pipetop/system/stream_kind.hpp"
#include "pipetop/system/transfer_reader.hpp"
#include "pipetop/system/transfer_writer.hpp"
#include "pipetop/system/worker_process.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kSetupTimeoutNs = 120 * kNsPerS;
constexpr std::int64_t kSettleStepNs = 200'000;
bool settled(WorkerState state) {
  return state == WorkerState::finished || state == WorkerState::failed;
}

// --pass on a splice reader: splice(2) where stdout takes it (a pipe, a file not appended to), read
// and write elsewhere.
RunConfig pass_config(RunConfig config, const PipeEnds& ends, const ExternalEnd* external) {
  if (!ends.pass || external == nullptr || config.reader != ReaderKind::splice) return config;
  if (!splice_takes(external->out_fd())) config.reader = ReaderKind::read;
  return config;
}

}  // namespace

Session::Session(const RunConfig& config, std::vector<CounterRequest> counters, SharedRegion region,
                 const PipeEnds& ends, ExternalEnd* external, const PerfOpenContext& perf_context)
    : config_(pass_config(config, ends, external)),
      counter_requests_(std::move(counters)),
      region_(std::move(region)),
      ends_(ends),
      external_(external),
      perf_context_(perf_context) {}

Session::~Session() {
  kill_all(Kill::asked);
}

WorkerSlot& Session::slot(WorkerRole role) const {
  return role == WorkerRole::writer ? region_.control().writer : region_.control().reader;
}

Result<std::unique_ptr<Session>> Session::launch(const RunConfig& config, const MachineFacts& machine,
                                                 const std::vector<CounterRequest>& counters, const PipeEnds& ends,
                                                 ExternalEnd* external) {
  if (ends.kind != EndsKind::own_pair && (external == nullptr || external->data_fd() < 0)) {
    return std::unexpected(runtime_error("the other program's end of the pipe is no longer held"));
  }
  Result<SharedRegion> region = SharedRegion::create();
  if (!region) return std::unexpected(region.error());
  std::unique_ptr<Session> session(
      new Session(config, counters, std::move(*region), ends, external, perf_open_context(machine)));
  if (ends.kind == EndsKind::own_pair) {
    Result<TransportEnds> transport = TransportEnds::open(config.transport);
    if (!transport) return std::unexpected(transport.error());
    session->transport_ = std::move(*transport);
  }
  const std::optional<std::uint64_t> requested = requested_pipe_bytes(config);
  const std::uint64_t pipe_max = machine_limits(machine).pipe_max_bytes;
  Result<std::uint64_t> size = std::uint64_t{0};
  if (TransportEnds* own = session->transport_ ? &*session->transport_ : nullptr) {
    size = requested ? own->set_size(*requested, pipe_max) : own->size();
  } else {
    const int sized = session->data_fd(ends.measured());
    size = requested ? set_pipe_size(sized, *requested, pipe_max) : pipe_size(sized);
  }
  if (!size) return std::unexpected(size.error());
  session->pipe_bytes_ = *size;
  if (config.pipe_bytes && *size != *config.pipe_bytes) {  // the kernel rounds up: report what runs
    session->pipe_bytes_asked_ = config.pipe_bytes;
    // A pipe's rounding is the size to ask again; a socket's doubled SO_SNDBUF is not (it would double again).
    if (transport_of(config.transport).is_pipe) session->config_.pipe_bytes = *size;
  }
  session->setup_deadline_ns_ = monotonic_ns() + kSetupTimeoutNs;
  const Result<void> forked =
      ends.kind == EndsKind::own_pair ? session->fork_workers(machine) : session->fork_for_ends(machine);
  if (!forked) return std::unexpected(forked.error());
  return session;
}

int Session::data_fd(WorkerRole role) const {
  if (transport_) return role == WorkerRole::writer ? transport_->write_fd() : transport_->read_fd();
  return external_->data_fd();
}

// One worker of ours on the end the ExternalEnd holds (stdin, stdout, or the command's pipe), the
// user's program on the other.
Result<void> Session::fork_for_ends(const MachineFacts& machine) {
  const WorkerRole role = ends_.measured();
  WorkerContext ctx{config_, counter_requests_, machine, data_fd(role), region_.control(), slot(role)};
  ctx.out_fd = external_->out_fd();
  ctx.other_end_theirs = true;
  Result<pid_t> pid = spawn_worker([&] { return role == WorkerRole::writer ? run_writer(ctx) : run_reader(ctx); });
  if (!pid) return std::unexpected(pid.error());
  pids_[index(role)] = *pid;
  return {};
}

Result<void> Session::fork_workers(const MachineFacts& machine) {
  const int read_fd = transport_->read_fd();
  const int write_fd = transport_->write_fd();
  const WorkerContext writer{config_,  counter_requests_, machine,
                             write_fd, region_.control(), region_.control().writer};
  const WorkerContext reader{config_, counter_requests_, machine, read_fd, region_.control(), region_.control().reader};
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
  transport_->close_read();  // the workers hold the only ends now: end of file and EPIPE reach them
  transport_->close_write();
  return {};
}

bool Session::workers_ready() const {
  const auto ready = [this](WorkerRole role) {
    return !ends_.ours(role) || slot(role).load_state() == WorkerState::ready;
  };
  return ready(WorkerRole::writer) && ready(WorkerRole::reader);
}

bool Session::set_up() const {
  return phase_ != Phase::setting_up || workers_ready();
}

Session::Phase Session::poll(bool may_start) {
  reap(false);
  if (phase_ == Phase::ended) return phase_;
  const auto left = [this](WorkerRole role) { return ends_.ours(role) && statuses_[index(role)].has_value(); };
  if (phase_ == Phase::setting_up) {
    if (failure() || left(WorkerRole::writer) || left(WorkerRole::reader)) {
      kill_all(Kill::asked);  // one worker failed or left during set-up: the other has nothing to do
    } else if (workers_ready()) {
      if (!may_start) return phase_;  // ready, held until the caller's other pairs are
      started_ns_ = monotonic_ns();
      region_.control().go.store(1, std::memory_order_release);
      futex_wake_all(region_.control().go);
      phase_ = Phase::running;
      open_other_counters();
    } else if (monotonic_ns() > setup_deadline_ns_) {
      setup_failure_ = runtime_error("workers did not finish setting up within 120 s",
                                     "a very large --buffer-size with --lock-memory can take long to fault in");
      kill_all(Kill::asked);
    }
  } else if (failure()) {
    request_stop();  // a failed or killed worker: the other one ends too (EPIPE, end of file, or stop)
  }
  if (ours_reaped()) phase_ = Phase::ended;
  return phase_;
}

void Session::open_other_counters() {
  if (ends_.kind == EndsKind::own_pair || config_.no_counters) return;
  const pid_t other = pid(ends_.theirs());
  if (other <= 0) return;
  PerfOpenContext context = perf_context_;
  struct stat proc {};
  context.other_users_process =
      stat(("/proc/" + std::to_string(other)).c_str(), &proc) == 0 && proc.st_uid != geteuid();
  other_counters_.emplace(CounterSet::open_process(kernel_perf_api(), other, counter_requests_, context));
  other_counters_->enable();
}

bool Session::read_other_counters(Sample& sample) noexcept {
  if (!other_counters_) return false;
  other_counters_->read_into(sample);
  return true;
}

void Session::drain(const std::function<void(WorkerRole, const Sample&)>& sink) {
  for (const WorkerRole role : kWorkerRoles) {
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

bool Session::reaped(std::size_t i) const {
  return pids_[i] <= 0 || statuses_[i].has_value();  // never forked, or reaped
}

bool Session::ours_reaped() const {
  for (const WorkerRole role : kWorkerRoles) {
    if (ends_.ours(role) && !reaped(index(role))) return false;
  }
  return true;
}

pid_t Session::pid(WorkerRole role) const {
  if (ends_.ours(role)) return pids_[index(role)];
  return external_->command_pid() != 0 ? external_->command_pid() : other_pid_;
}

std::optional<Error> Session::failure() const {
  if (setup_failure_) return setup_failure_;
  for (const WorkerRole role : kWorkerRoles) {
    if (!ends_.ours(role)) continue;  // the user's program: its end is no failure of ours
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
  futex_wake_all(region_.control().go);  // a worker waiting for the go sees the stop
  if (ends_.kind != EndsKind::own_pair) wake_ours();
}

void Session::wake_ours() noexcept {
  for (const WorkerRole role : kWorkerRoles) {
    if (ends_.ours(role) && !reaped(index(role))) kill(pids_[index(role)], kWakeSignal);
  }
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
  while ((poll() != Phase::ended || !reaped(0) || !reaped(1)) && monotonic_ns() < deadline) {
    if (ends_.kind != EndsKind::own_pair) wake_ours();  // a wake-up sent just before a call began is lost
    sleep_ns(kSettleStepNs);
  }
  kill_all(Kill::after_grace);
}

std::vector<CounterInfo> Session::counters(WorkerRole role) const {
  if (!ends_.ours(role)) return other_counters_ ? other_counters_->infos() : std::vector<CounterInfo>{};
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

std::optional<ZeroCopyResult> Session::zerocopy() const {
  const WorkerReport& r = slot(WorkerRole::writer).report;
  if (!r.zerocopy) return std::nullopt;
  return ZeroCopyResult{r.zerocopy_sends, r.zerocopy_completed, r.zerocopy_copied};
}

std::optional<BufferSetup> Session::buffer_setup(WorkerRole role) const {
  const WorkerReport& r = slot(role).report;
  if (!ends_.ours(role) || !r.setup_measured) return std::nullopt;
  return r.setup;
}

std::uint64_t Session::dropped_samples() const {
  return slot(WorkerRole::writer).ring.dropped() + slot(WorkerRole::reader).ring.dropped();
}

}  // namespace pipetop
