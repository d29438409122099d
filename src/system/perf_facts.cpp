#include "pipetop/system/perf_facts.hpp"

#include "machine_reader_parts.hpp"

namespace pipetop {

void read_perf_facts(const SystemFiles& files, MachineFacts& f) {
  if (const std::optional<long> paranoid = files.number("/proc/sys/kernel/perf_event_paranoid")) {
    f.perf_paranoid = static_cast<int>(*paranoid);
  }
  if (const std::optional<long> kptr = files.number("/proc/sys/kernel/kptr_restrict")) {
    f.kptr_restrict = static_cast<int>(*kptr);
  }
  f.perf_max_sample_rate_hz = files.number("/proc/sys/kernel/perf_event_max_sample_rate");
  if (const std::optional<long> stack = files.number("/proc/sys/kernel/perf_event_max_stack")) {
    f.perf_max_stack = static_cast<int>(*stack);
  }
  const std::vector<std::string> sources = files.list(kEventSourceDevices);
  f.event_sources_listed = !sources.empty();
  for (const std::string& name : sources) {
    if (!is_cpu_pmu(name)) continue;
    f.pmus.push_back(name);
    if (name != "cpu_core" && name != "cpu_atom") continue;
    const std::string base = std::string(kEventSourceDevices) + "/" + name + "/";
    const std::optional<std::vector<int>> cpus = read_cpu_list(files, base + "cpus");
    const std::optional<long> type = files.number(base + "type");
    if (cpus && type && *type >= 0) f.hybrid_pmus.push_back({name, static_cast<std::uint32_t>(*type), *cpus});
  }
  f.hardware_pmu = !f.pmus.empty();
}

void target_pmu(perf_event_attr& attr, std::uint32_t pmu_type) {
  if (attr.type != PERF_TYPE_HARDWARE && attr.type != PERF_TYPE_HW_CACHE) return;
  attr.config = (attr.config & 0xffffffffULL) | (static_cast<std::uint64_t>(pmu_type) << 32);
}

}  // namespace pipetop
