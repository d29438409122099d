#pragma once
// Test helper: counter requests as libpfm4 encodes them, for CounterSet over a fake perf API.

#include <linux/perf_event.h>

#include <cstdint>
#include <string>

#include "pipetop/core/counters/perf_open_error.hpp"
#include "pipetop/system/event_encoder.hpp"

namespace pipetop::testing {

inline CounterRequest request(const std::string& name, std::uint32_t type, std::uint64_t config, bool hardware) {
  CounterRequest r;
  r.name = name;
  r.attr.type = type;
  r.attr.size = sizeof(perf_event_attr);
  r.attr.config = config;
  r.hardware = hardware;
  return r;
}

inline CounterRequest hw(const std::string& name, std::uint64_t config, std::uint32_t type = PERF_TYPE_HARDWARE) {
  return request(name, type, config, true);
}

inline CounterRequest sw(const std::string& name, std::uint64_t config) {
  return request(name, PERF_TYPE_SOFTWARE, config, false);
}

// A paranoid-2 machine with a PMU, seen by an unprivileged user or by root.
inline PerfOpenContext paranoid_two_context(bool privileged) {
  PerfOpenContext c;
  c.paranoid = 2;
  c.privileged = privileged;
  c.hardware_pmu_present = true;
  return c;
}

}  // namespace pipetop::testing
