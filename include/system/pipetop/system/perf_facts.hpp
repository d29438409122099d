#pragma once
// Directing generic events at the PMU of the core a worker runs on (hybrid CPUs). Which PMUs there are
// is a machine fact (MachineFacts::pmus, hybrid_pmus), read by read_machine_facts().

#include <linux/perf_event.h>

#include <cstdint>

namespace pipetop {

// Where the kernel lists its event sources (PMUs), relative to the SystemFiles root.
inline constexpr const char* kEventSourceDevices = "/sys/bus/event_source/devices";

// Directs a generic hardware or cache event to the PMU `pmu_type` (the extended type in config's high
// 32 bits, as perf does on hybrid machines). Other events are left as they are.
void target_pmu(perf_event_attr& attr, std::uint32_t pmu_type);

}  // namespace pipetop
