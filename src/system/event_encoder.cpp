#include "pipetop/system/event_encoder.hpp"

#include <perfmon/pfmlib_perf_event.h>

#include <cstdlib>
#include <cstring>

#include "pipetop/core/base/close_matches.hpp"
#include "pipetop/core/counters/event_names.hpp"

namespace pipetop {
namespace {

// pfm_initialize is idempotent but not free: do it once per process.
int pfm_status() {
  static const int status = pfm_initialize();
  return status;
}

std::vector<std::string> suggestion_candidates() {
  std::vector<std::string> names = default_event_names();
  for (const char* generic : {"cache-misses", "cache-references", "branches", "branch-misses", "bus-cycles",
                              "ref-cycles", "L1-dcache-load-misses", "L1-dcache-loads", "LLC-load-misses", "cpu-clock",
                              "alignment-faults", "emulation-faults"}) {
    names.emplace_back(generic);
  }
  for (const EventDescription& e : list_pmu_events()) {
    names.push_back(e.name);
    names.push_back(e.name.substr(e.name.find("::") + 2));
  }
  return names;
}

}  // namespace

std::expected<CounterRequest, EncodeFailure> try_encode_event(std::string_view name, bool user_only) {
  if (const int status = pfm_status(); status != PFM_SUCCESS) {
    return std::unexpected(
        EncodeFailure{std::string("libpfm4 could not initialise: ") + pfm_strerror(status), CounterProblem::other});
  }
  CounterRequest request;
  request.name = std::string(name);
  pfm_perf_encode_arg_t arg{};
  arg.attr = &request.attr;
  arg.size = sizeof arg;
  const int plm = user_only ? PFM_PLM3 : (PFM_PLM0 | PFM_PLM3);
  const int status = pfm_get_os_event_encoding(request.name.c_str(), plm, PFM_OS_PERF_EVENT, &arg);
  if (status != PFM_SUCCESS) {
    return std::unexpected(EncodeFailure{pfm_strerror(status), status == PFM_ERR_UMASK
                                                                   ? CounterProblem::needs_unit_mask
                                                                   : CounterProblem::unknown_event});
  }
  request.attr.size = sizeof(perf_event_attr);
  request.hardware = request.attr.type != PERF_TYPE_SOFTWARE;
  return request;
}

Result<CounterRequest> encode_event(std::string_view name, bool user_only) {
  std::expected<CounterRequest, EncodeFailure> request = try_encode_event(name, user_only);
  if (request) return std::move(*request);
  if (request.error().problem == CounterProblem::other)
    return std::unexpected(environment_error(request.error().words));
  std::string hint = "pipetop events --all lists the events of this machine's PMUs";
  const std::vector<std::string> close = suggest_close_matches(name, suggestion_candidates());
  if (!close.empty()) {
    std::string list;
    for (const std::string& c : close) list += (list.empty() ? "" : ", ") + c;
    hint = "did you mean " + list + "? " + hint;
  }
  return std::unexpected(usage_error("unknown event '" + std::string(name) + "': " + request.error().words, hint));
}

Result<std::vector<CounterRequest>> encode_events(const std::vector<std::string>& names, bool user_only) {
  std::vector<CounterRequest> requests;
  for (const std::string& name : names) {
    Result<CounterRequest> request = encode_event(name, user_only);
    if (!request) return std::unexpected(request.error());
    requests.push_back(std::move(*request));
  }
  return requests;
}

std::vector<EventDescription> list_pmu_events() {
  std::vector<EventDescription> events;
  if (pfm_status() != PFM_SUCCESS) return events;
  for (int pmu = PFM_PMU_NONE; pmu < PFM_PMU_MAX; ++pmu) {
    pfm_pmu_info_t info{};
    info.size = sizeof info;
    if (pfm_get_pmu_info(static_cast<pfm_pmu_t>(pmu), &info) != PFM_SUCCESS || !info.is_present) continue;
    for (int idx = info.first_event; idx != -1; idx = pfm_get_event_next(idx)) {
      pfm_event_info_t event{};
      event.size = sizeof event;
      if (pfm_get_event_info(idx, PFM_OS_PERF_EVENT, &event) != PFM_SUCCESS) continue;
      EventDescription description{
          std::string(info.name) + "::" + event.name, event.desc != nullptr ? event.desc : "", {}};
      for (int a = 0; a < event.nattrs; ++a) {
        pfm_event_attr_info_t attr{};
        attr.size = sizeof attr;
        if (pfm_get_event_attr_info(idx, a, PFM_OS_PERF_EVENT, &attr) == PFM_SUCCESS && attr.type == PFM_ATTR_UMASK) {
          description.unit_masks.emplace_back(attr.name);
        }
      }
      events.push_back(std::move(description));
    }
  }
  return events;
}

}  // namespace pipetop
