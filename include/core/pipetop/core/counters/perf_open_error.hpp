#pragma once
// Turning a failed perf_event_open into advice (as perf's evsel__open_strerror does): what the errno
// means for this event on this machine, and whether counting user space only would get around it.

#include <string>

#include "pipetop/core/counters/counter_info.hpp"

namespace pipetop {

struct PerfOpenContext {
  bool hardware = false;             // a PMU event (cycles, TLB misses, raw), not a kernel software one
  bool user_only = false;            // the failed attempt already excluded the kernel
  int paranoid = 2;                  // /proc/sys/kernel/perf_event_paranoid
  bool privileged = false;           // CAP_PERFMON or CAP_SYS_ADMIN
  bool hardware_pmu_present = true;  // /sys/bus/event_source/devices/cpu* exists
  bool other_users_process = false;  // opened on a process of another user (the user's program)
};

struct PerfOpenVerdict {
  bool retry_user_only = false;  // opening again with exclude_kernel may succeed
  std::string reason;            // for the "n/a: ..." cell; never empty
  CounterProblem problem = CounterProblem::other;
};

[[nodiscard]] PerfOpenVerdict explain_perf_open_error(int err, const PerfOpenContext& context);

}  // namespace pipetop
