#pragma once
// What decides whether counters open here: perf_event_paranoid, privilege, which PMUs the kernel
// exposes (none on many virtual machines), and hybrid CPUs whose cores have PMUs of their own.

#include <linux/perf_event.h>

#include <cstdint>
#include <optional>
#include <string>

#include "pipetop/core/perf_open_error.hpp"

namespace pipetop {

inline constexpr const char* kEventSourceDevices = "/sys/bus/event_source/devices";

// Whether `name` under the event-source devices is a CPU PMU (cpu, cpu_core, cpu_atom, armv*).
[[nodiscard]] bool is_cpu_pmu(const std::string& name);

// paranoid level, root, and whether a CPU PMU (cpu, cpu_core, cpu_atom, armv*) is under `devices_dir`.
// Never fails: unreadable facts leave the PerfOpenContext defaults (paranoid 2, PMU assumed present).
[[nodiscard]] PerfOpenContext read_perf_context(const std::string& devices_dir = kEventSourceDevices);

// On a hybrid CPU (cpu_core / cpu_atom PMUs), the perf type of the PMU that owns `cpu`; nullopt on
// other machines or when `cpu` is unpinned (kUnpinned).
[[nodiscard]] std::optional<std::uint32_t> hybrid_pmu_type(int cpu, const std::string& devices_dir = kEventSourceDevices);

// Directs a generic hardware or cache event to the PMU `pmu_type` (the extended type in config's high
// 32 bits, as perf does on hybrid machines). Other events are left as they are.
void target_pmu(perf_event_attr& attr, std::uint32_t pmu_type);

}  // namespace pipetop
