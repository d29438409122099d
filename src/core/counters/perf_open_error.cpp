#include "pipetop/core/counters/perf_open_error.hpp"

#include <cerrno>

#include "pipetop/core/base/error.hpp"

namespace pipetop {
namespace {

std::string paranoia_words(int paranoid) {
  switch (paranoid) {
    case -1:
      return "perf_event_paranoid=-1 allows everything";
    case 0:
      return "perf_event_paranoid=0 forbids raw tracepoint access";
    case 1:
      return "perf_event_paranoid=1 forbids CPU-wide events";
    case 2:
      return "perf_event_paranoid=2 forbids counting the kernel";
    default:  // a distribution's level (Debian's 3); mainline kernels treat anything above 2 as 2
      return "perf_event_paranoid=" + std::to_string(paranoid) + " forbids counting the kernel";
  }
}

// Above 2 only a distribution's kernel (Debian's level 3) forbids every perf event; mainline treats
// the level as 2. Only the user-only retry tells them apart: when it fails too, this is why.
std::string denied_words(const PerfOpenContext& c) {
  if (c.paranoid <= 2 || !c.user_only) return paranoia_words(c.paranoid);
  return "perf_event_paranoid=" + std::to_string(c.paranoid) +
         " forbids all perf events on this kernel (mainline treats levels above 2 as 2)";
}

}  // namespace

PerfOpenVerdict explain_perf_open_error(int err, const PerfOpenContext& c) {
  switch (err) {
    case ENOENT:
    case ENODEV:
      if (c.hardware && !c.hardware_pmu_present) {
        return {false, "no hardware PMU (virtual machines often expose none)", CounterProblem::no_pmu};
      }
      return {false, "not supported by this CPU or kernel", CounterProblem::unsupported};
    case EACCES:
    case EPERM:
      if (c.other_users_process && !c.privileged) {  // the kernel's ptrace rule comes first
        return {false, "not permitted on another user's process: run pipetop as that user, or as root",
                CounterProblem::not_permitted};
      }
      if (!c.user_only && !c.privileged && c.paranoid >= 2) {
        return {true, paranoia_words(c.paranoid) + "; run as root or set it to 1", CounterProblem::not_permitted};
      }
      return {false,
              "denied: " + denied_words(c) +
                  (c.privileged ? "" : "; run as root or lower /proc/sys/kernel/perf_event_paranoid"),
              CounterProblem::not_permitted};
    case EBUSY:
      return {false, "counters busy: another tool (perf, a watchdog) holds them", CounterProblem::busy};
    case EOPNOTSUPP:
      return {false, "not supported by this PMU (e.g. no sampling or no exclusion here)", CounterProblem::unsupported};
    case EMFILE:
    case ENFILE:
      return {false, "too many open files: raise ulimit -n", CounterProblem::too_many_files};
    case EINVAL:
      return {false, "invalid for this PMU (or too many events in one group)", CounterProblem::unsupported};
    default:
      return {false, "cannot be opened: " + errno_text(err), CounterProblem::other};
  }
}

}  // namespace pipetop
