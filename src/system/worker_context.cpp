#include "pipetop/system/worker_context.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>

#include <cerrno>

#include "pipetop/core/base/size.hpp"
#include "pipetop/core/machine/machine_limits.hpp"
#include "pipetop/system/clock.hpp"
#include "pipetop/system/futex.hpp"
#include "pipetop/system/huge_pages.hpp"
#include "pipetop/system/perf_facts.hpp"

namespace pipetop {

Result<void> pin_to_cpu(const std::optional<int>& cpu) {
  if (!cpu || *cpu == kUnpinned) return {};
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(static_cast<std::size_t>(*cpu), &set);
  if (sched_setaffinity(0, sizeof set, &set) != 0) {
    return std::unexpected(
        environment_error("sched_setaffinity(cpu " + std::to_string(*cpu) + "): " + errno_text(errno),
                          "the CPU may be offline or outside this process's cpuset"));
  }
  return {};
}

Result<void> set_nonblocking(int fd) {
  const int flags = fcntl(fd, F_GETFL);
  if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) != 0) {
    return std::unexpected(runtime_error("fcntl(fd=" + std::to_string(fd) + ", O_NONBLOCK): " + errno_text(errno)));
  }
  return {};
}

bool wait_for_go(const WorkerContext& ctx) noexcept {
  ctx.slot.publish(WorkerState::ready);
  // Asleep on the go word, not polling it: with hundreds of pairs setting up, waiting ones must leave
  // the CPUs to the others. The parent wakes it on go and on stop; the timeout is a safety net.
  constexpr std::int64_t kWaitNs = 50'000'000;
  while (ctx.control.go.load(std::memory_order_acquire) == 0) {
    if (ctx.control.stop.load(std::memory_order_acquire)) return false;
    futex_wait(ctx.control.go, 0, kWaitNs);
  }
  ctx.slot.publish(WorkerState::running);
  return true;
}

void wait_ready(int fd, short events, bool busy, TransferCounts& counts) noexcept {
  pollfd p{fd, events, 0};
  std::int64_t spinning_since = 0;  // the clock is read only once a busy poll found nothing
  for (;;) {
    const int n = poll(&p, 1, busy ? 0 : -1);
    ++counts.syscalls;
    if (n > 0 || (n < 0 && errno != EINTR)) break;  // ready, or let the transfer call report it
    if (busy && spinning_since == 0) spinning_since = monotonic_ns();
  }
  if (spinning_since != 0) counts.spin_ns += static_cast<std::uint64_t>(monotonic_ns() - spinning_since);
}

CounterSet open_worker_counters(const WorkerContext& ctx, const std::optional<int>& cpu) {
  std::vector<CounterRequest> requests = ctx.counters;
  if (const std::optional<std::uint32_t> pmu = hybrid_pmu_type(ctx.machine.hybrid_pmus, cpu.value_or(kUnpinned))) {
    for (CounterRequest& r : requests) target_pmu(r.attr, *pmu);
  }
  CounterSet counters =
      CounterSet::open(kernel_perf_api(), requests, perf_open_context(ctx.machine), open_task_accounting());
  WorkerReport& report = ctx.slot.report;
  report.counter_count = static_cast<std::uint32_t>(counters.infos().size());
  for (std::size_t i = 0; i < counters.infos().size(); ++i) {
    const CounterInfo& info = counters.infos()[i];
    copy_text(report.counters[i].name, info.name);
    report.counters[i].state = static_cast<int>(info.state);
    report.counters[i].problem = static_cast<int>(info.problem);
    copy_text(report.counters[i].reason, info.reason);
  }
  return counters;
}

void record_huge_pages(const WorkerContext& ctx, const std::vector<AddressRange>& ranges) {
  WorkerReport& report = ctx.slot.report;
  report.buffer_count = 0;
  for (const AddressRange& r : ranges) {
    if (report.buffer_count < std::size(report.buffers)) report.buffers[report.buffer_count++] = r;
  }
  if (!ctx.config.huge_pages) return;
  HugePageResult huge{true, true, "no buffer (splice)", monotonic_ns()};
  if (ctx.config.no_touch) {
    huge = {true, false, "not checked: --no-touch leaves the pages unfaulted", 0};
  } else if (!ranges.empty()) {
    huge = check_huge_pages(ranges, "self", ctx.machine);
  }
  report.huge_requested = true;
  report.huge_verified = huge.verified;
  copy_text(report.huge_detail, huge.detail);
  report.huge_checked_ns = huge.checked_ns;
}

PageFaults faults_since(const PageFaults& before) noexcept {
  const PageFaults now = process_page_faults();
  return {now.minor - before.minor, now.major - before.major};
}

int report_failure(WorkerSlot& slot, const Error& error) noexcept {
  slot.report.error_kind = static_cast<int>(error.kind);
  copy_text(slot.report.message, error.message);
  copy_text(slot.report.hint, error.hint);
  slot.publish(WorkerState::failed);
  return static_cast<int>(error.kind);
}

Error syscall_error(std::string_view call, int fd, std::uint64_t bytes, int err) {
  return runtime_error(std::string(call) + "(fd=" + std::to_string(fd) + ", " + format_size(bytes) +
                       "): " + errno_text(err));
}

}  // namespace pipetop
