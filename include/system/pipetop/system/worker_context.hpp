#pragma once
// What a worker process gets, and the steps both workers share: pinning, the ready/go handshake,
// the fd mode, waiting with poll(2), and reporting a failure to the parent.

#include <optional>
#include <string_view>
#include <vector>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/machine/machine_facts.hpp"
#include "pipetop/core/machine/smaps.hpp"
#include "pipetop/system/clock.hpp"
#include "pipetop/system/event_encoder.hpp"
#include "pipetop/system/sampler.hpp"
#include "pipetop/system/shared_region.hpp"

namespace pipetop {

struct WorkerContext {
  const RunConfig& config;
  const std::vector<CounterRequest>& counters;  // encoded in the parent, opened by each worker on itself
  const MachineFacts& machine;                  // read by the parent: a worker reads no machine file itself
  int fd;                                       // the worker's end of the pipe
  ControlBlock& control;
  WorkerSlot& slot;
  int out_fd = -1;                // the reader with --pass: where every byte goes on (stdout)
  bool other_end_theirs = false;  // the other end is the user's program: the parent's stop ends this worker too
};

// Opens the worker's counters on itself (on a hybrid CPU, hardware events on the PMU of `cpu`; the
// software events the kernel accounts per task from that accounting, so no perf event joins the
// worker's context switches for them) and publishes their names, states and reasons in the report.
// Never fails (see CounterSet::open).
[[nodiscard]] CounterSet open_worker_counters(const WorkerContext& ctx, const std::optional<int>& cpu);

// The page faults taken since `before` (process_page_faults).
[[nodiscard]] PageFaults faults_since(const PageFaults& before) noexcept;

// The transfer between the go and the end: starts the counters and the CPU clock, runs `transfer`,
// then records the CPU time it used and the page faults it took (BufferSetup::transfer). Returns what
// `transfer` returned.
template <class Transfer>
[[nodiscard]] Result<void> timed_transfer(const WorkerContext& ctx, CounterSet& counters, Transfer&& transfer) {
  counters.enable();
  const CpuTime start = process_cpu_time();
  const PageFaults faults = process_page_faults();
  Result<void> result = transfer();
  const CpuTime end = process_cpu_time();
  ctx.slot.report.setup.transfer = faults_since(faults);
  ctx.slot.report.cpu_user_ns = end.user_ns - start.user_ns;
  ctx.slot.report.cpu_system_ns = end.system_ns - start.system_ns;
  return result;
}

// Runs `setup` (allocating and pre-faulting the worker's buffers) and records in the report how long
// it took and the page faults taken in it. Returns what `setup` returned.
template <class Setup>
[[nodiscard]] auto timed_setup(const WorkerContext& ctx, Setup&& setup) {
  const PageFaults faults = process_page_faults();
  const std::int64_t start_ns = monotonic_ns();
  auto result = setup();
  ctx.slot.report.setup.setup_ns = monotonic_ns() - start_ns;
  ctx.slot.report.setup.setup = faults_since(faults);
  ctx.slot.report.setup_measured = true;
  return result;
}

// Pins the calling process to `cpu` (unset or kUnpinned: leaves it). On failure returns an
// environment error naming sched_setaffinity, the CPU and errno.
[[nodiscard]] Result<void> pin_to_cpu(const std::optional<int>& cpu);

// Sets O_NONBLOCK on `fd`. On failure returns a runtime error naming fcntl and errno.
[[nodiscard]] Result<void> set_nonblocking(int fd);

// Publishes ready, then waits for the parent's go. Returns false if the parent said stop instead.
[[nodiscard]] bool wait_for_go(const WorkerContext& ctx) noexcept;

// Waits until `fd` is ready for `events` with poll(2): blocking, or spinning with a zero timeout when
// `busy`. Every poll call is counted as a syscall; busy polls that found nothing add their time to
// spin_ns (from the end of the first one).
void wait_ready(int fd, short events, bool busy, TransferCounts& counts) noexcept;

// Publishes `ranges` (the worker's buffers; none for a splice reader) in its report for the parent's
// rechecks, and with --huge-pages checks that they are backed by huge pages and stores the outcome in
// the report.
void record_huge_pages(const WorkerContext& ctx, const std::vector<AddressRange>& ranges);

// Stores `error` in the worker's report and publishes failed. Returns the exit code for _exit.
[[nodiscard]] int report_failure(WorkerSlot& slot, const Error& error) noexcept;

// "vmsplice(fd=4, 128 KiB): Invalid argument [EINVAL]"
[[nodiscard]] Error syscall_error(std::string_view call, int fd, std::uint64_t bytes, int err);

}  // namespace pipetop
