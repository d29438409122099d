#include "pipetop/core/profile/profile_access.hpp"

namespace pipetop {

std::string_view to_string(ProfileMode mode) {
  switch (mode) {
    case ProfileMode::kernel_and_user:
      return "kernel+user";
    case ProfileMode::user_only:
      return "user only";
    case ProfileMode::unavailable:
      return "unavailable";
  }
  return "unavailable";
}

KernelFramesVerdict kernel_frames_verdict(const ProfileFacts& facts, bool kallsyms_hidden) {
  const std::string paranoid = std::to_string(facts.paranoid);
  const std::string kptr = "kptr_restrict=" + std::to_string(facts.kptr_restrict);
  if (facts.paranoid > 1 && !facts.perfmon) {
    return {false, "user space only: kernel frames need perf_event_paranoid <= 1 (it is " + paranoid +
                       ") or CAP_PERFMON; run as root or sysctl kernel.perf_event_paranoid=1"};
  }
  const bool shown = (facts.kptr_restrict == 0 && facts.paranoid <= 1) || (facts.kptr_restrict <= 1 && facts.syslog);
  if (!shown) {
    const std::string why =
        facts.kptr_restrict >= 2
            ? kptr + " hides them from everyone; sysctl kernel.kptr_restrict=0, or 1 and run with CAP_SYSLOG"
        : facts.kptr_restrict == 1
            ? kptr +
                  " without CAP_SYSLOG; run with CAP_SYSLOG, or sysctl kernel.kptr_restrict=0 and "
                  "kernel.perf_event_paranoid=1"
            : kptr + " shows them only with perf_event_paranoid <= 1 (it is " + paranoid +
                  ") or CAP_SYSLOG; sysctl kernel.perf_event_paranoid=1, or run with CAP_SYSLOG";
    return {false, "user space only: kernel addresses are hidden (" + why + ")"};
  }
  if (kallsyms_hidden) {
    return {false,
            "user space only: /proc/kallsyms shows every kernel address as zero; "
            "sysctl kernel.kptr_restrict=0, or run with CAP_SYSLOG"};
  }
  return {true, {}};
}

}  // namespace pipetop
