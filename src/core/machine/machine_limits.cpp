#include "pipetop/core/machine/machine_limits.hpp"

namespace pipetop {

MachineLimits machine_limits(const MachineFacts& facts) {
  MachineLimits limits;
  if (facts.page_bytes && *facts.page_bytes > 0) limits.page_bytes = *facts.page_bytes;
  if (facts.pipe_max_bytes && *facts.pipe_max_bytes > 0)
    limits.pipe_max_bytes = static_cast<std::uint64_t>(*facts.pipe_max_bytes);
  limits.may_exceed_pipe_max = facts.pipe_privileged;  // CAP_SYS_RESOURCE, not root as such: containers drop it
  limits.online_cpus = facts.allowed.online;
  limits.allowed_cpus = facts.allowed.cpus;
  limits.allowed_by = narrowed_by_text(facts.allowed);
  limits.hugetlb_pools = facts.hugetlb_pools;
  return limits;
}

PerfOpenContext perf_open_context(const MachineFacts& facts) {
  PerfOpenContext context;
  if (facts.perf_paranoid) context.paranoid = *facts.perf_paranoid;
  context.privileged = facts.privileged;
  context.hardware_pmu_present = facts.hardware_pmu || !facts.event_sources_listed;
  return context;
}

ProfileFacts profile_facts(const MachineFacts& facts) {
  ProfileFacts profile;
  profile.paranoid = facts.perf_paranoid.value_or(profile.paranoid);
  profile.kptr_restrict = facts.kptr_restrict.value_or(profile.kptr_restrict);
  profile.perfmon = facts.privileged;
  profile.syslog = facts.syslog_privileged;
  profile.hardware_pmu = facts.hardware_pmu;
  profile.max_sample_rate_hz = facts.perf_max_sample_rate_hz.value_or(profile.max_sample_rate_hz);
  profile.max_stack_frames = facts.perf_max_stack.value_or(profile.max_stack_frames);
  return profile;
}

std::vector<CpuPlace> allowed_places(const MachineFacts& facts) {
  return places_of(facts.topology, facts.allowed.cpus);
}

PinningChoice default_pinning(const MachineFacts& facts, std::optional<int> writer, std::optional<int> reader) {
  return choose_pinning(allowed_places(facts), narrowed_by_text(facts.allowed), writer, reader);
}

}  // namespace pipetop
