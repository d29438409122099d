#pragma once
// Whether a profile can show kernel frames here, and if not, which setting or capability would let
// it: sampling the kernel needs perf_event_paranoid <= 1 or CAP_PERFMON / CAP_SYS_ADMIN, and naming
// kernel addresses needs /proc/kallsyms to show them (kptr_restrict 0 with perf_event_paranoid <= 1,
// or kptr_restrict <= 1 with CAP_SYSLOG, as the kernel's kallsyms_show_value decides).

#include <string>
#include <string_view>

namespace pipetop {

struct ProfileFacts {
  int paranoid = 2;                  // /proc/sys/kernel/perf_event_paranoid
  int kptr_restrict = 1;             // /proc/sys/kernel/kptr_restrict
  bool perfmon = false;              // CAP_PERFMON or CAP_SYS_ADMIN
  bool syslog = false;               // CAP_SYSLOG
  bool hardware_pmu = false;         // a CPU PMU under /sys/bus/event_source/devices: cycles can sample
  long max_sample_rate_hz = 100000;  // /proc/sys/kernel/perf_event_max_sample_rate
  int max_stack_frames = 127;        // /proc/sys/kernel/perf_event_max_stack
};

enum class ProfileMode {
  kernel_and_user,  // kernel and user frames, named
  user_only,        // user frames only; the reason says what would give the kernel's
  unavailable,      // no profile; the reason says why
};

[[nodiscard]] std::string_view to_string(ProfileMode mode);

struct KernelFramesVerdict {
  bool allowed = false;
  std::string reason;  // when not allowed: why, and which setting or capability would allow it
};

// Whether kernel frames can be sampled and named. `kallsyms_hidden`: /proc/kallsyms was read and
// showed every address as zero, whatever the settings promise.
[[nodiscard]] KernelFramesVerdict kernel_frames_verdict(const ProfileFacts& facts, bool kallsyms_hidden);

}  // namespace pipetop
