#pragma once
// The kernel's own accounting of the calling process, for the software events a worker counts on
// itself: page faults (minor and major) and context switches from getrusage(2), CPU time from
// clock_gettime(CLOCK_PROCESS_CPUTIME_ID), CPU migrations from /proc/self/sched. The kernel keeps
// these per task anyway, and reading them costs one or two calls per sample. A perf event on the
// worker costs at every context switch instead: a blocking vmsplice pair switches ~10k times a second
// and bench/ladder measured any perf event on its workers (one was enough) at up to a third of its
// throughput.

#include <linux/perf_event.h>

#include <cstdint>
#include <memory>
#include <optional>

namespace pipetop {

enum class AccountedEvent { page_faults, minor_faults, major_faults, context_switches, cpu_migrations, task_clock };

// The accounted event `attr` asks for: a software event the kernel accounts per task, counted for user
// and kernel together. nullopt for anything else, and for a user-only request (the accounting cannot
// leave the kernel out: perf counts that).
[[nodiscard]] std::optional<AccountedEvent> accounted_event(const perf_event_attr& attr);

struct TaskCounts {
  std::int64_t t_ns = 0;  // when they were read (CLOCK_MONOTONIC)
  std::uint64_t minor_faults = 0;
  std::uint64_t major_faults = 0;
  std::uint64_t context_switches = 0;  // voluntary and involuntary
  std::uint64_t cpu_migrations = 0;
  std::uint64_t cpu_ns = 0;
};

// The count of `event` in `counts` (page faults: minor and major; task-clock: CPU time in ns).
[[nodiscard]] std::uint64_t count_of(AccountedEvent event, const TaskCounts& counts);

class TaskAccounting {
 public:
  virtual ~TaskAccounting() = default;
  // Whether `event` can be read here (migrations need /proc/self/sched: CONFIG_SCHED_DEBUG).
  [[nodiscard]] virtual bool can_read(AccountedEvent event) = 0;
  // The counts now; migrations only when `with_migrations` (a read of /proc/self/sched). A count that
  // cannot be read keeps its last value.
  [[nodiscard]] virtual TaskCounts read(bool with_migrations) noexcept = 0;
};

// The calling process's accounting (opens /proc/self/sched when it can, kept open).
[[nodiscard]] std::unique_ptr<TaskAccounting> open_task_accounting();

}  // namespace pipetop
