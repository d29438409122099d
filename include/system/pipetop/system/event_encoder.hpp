#pragma once
// Event names to perf_event_attr through libpfm4: generic names (cycles, dTLB-load-misses), PMU
// names (LD_BLOCKS:STORE_FORWARD) and perf:: names all go through pfm_get_os_event_encoding.

#include <linux/perf_event.h>

#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/counters/counter_info.hpp"

namespace pipetop {

struct CounterRequest {
  std::string name;        // as asked
  perf_event_attr attr{};  // disabled, read_format and the privilege levels are set by the counter set
  bool hardware = false;   // a PMU event rather than a kernel software event
};

// Why libpfm4 could not encode a name: its words, and what they mean for the user.
struct EncodeFailure {
  std::string words;       // libpfm4's ("event not found", "missing unit mask"...)
  CounterProblem problem;  // unknown_event, needs_unit_mask, or other (libpfm4 cannot initialise)
};

// Encodes `name` for counting user and kernel (or user space only). On failure, libpfm4's words.
[[nodiscard]] std::expected<CounterRequest, EncodeFailure> try_encode_event(std::string_view name, bool user_only);

// Encodes `name` for counting user and kernel (or user space only). An unknown name is a usage error
// naming it and suggesting close matches; a libpfm4 that cannot initialise is an environment error.
[[nodiscard]] Result<CounterRequest> encode_event(std::string_view name, bool user_only);

// encode_event for each name, in order; the first failure is returned.
[[nodiscard]] Result<std::vector<CounterRequest>> encode_events(const std::vector<std::string>& names, bool user_only);

struct EventDescription {
  std::string name;  // "pmu::EVENT"
  std::string description;
  std::vector<std::string> unit_masks;  // ":UMASK" qualifiers it accepts (some events need one)
};

// Every event of every PMU libpfm4 detects on this machine (the generic perf PMU included). Empty when
// libpfm4 cannot initialise.
[[nodiscard]] std::vector<EventDescription> list_pmu_events();

}  // namespace pipetop
