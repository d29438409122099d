#include "pipetop/system/perf_facts.hpp"

#include <dirent.h>
#include <unistd.h>

#include <algorithm>

#include "pipetop/core/cpu_list.hpp"
#include "pipetop/system/file_reader.hpp"
#include "pipetop/system/machine_facts.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {
namespace {

}  // namespace

bool is_cpu_pmu(const std::string& name) {
  return name == "cpu" || name == "cpu_core" || name == "cpu_atom" || name.starts_with("armv");
}

PerfOpenContext read_perf_context(const std::string& devices_dir) {
  PerfOpenContext context;
  if (const std::optional<long> paranoid = SystemFiles{}.number("/proc/sys/kernel/perf_event_paranoid")) {
    context.paranoid = static_cast<int>(*paranoid);
  }
  context.privileged = perf_privileged();
  if (DIR* dir = opendir(devices_dir.c_str())) {
    context.hardware_pmu_present = false;
    while (const dirent* entry = readdir(dir)) context.hardware_pmu_present |= is_cpu_pmu(entry->d_name);
    closedir(dir);
  }
  return context;
}

std::optional<std::uint32_t> hybrid_pmu_type(int cpu, const std::string& devices_dir) {
  if (cpu < 0) return std::nullopt;
  for (const char* pmu : {"cpu_core", "cpu_atom"}) {
    const std::string base = devices_dir + "/" + pmu + "/";
    const Result<std::string> cpus = read_text_file(base + "cpus");
    if (!cpus) continue;
    const Result<std::vector<int>> list = parse_cpu_list(*cpus);
    if (!list || !std::binary_search(list->begin(), list->end(), cpu)) continue;
    if (const std::optional<long> type = SystemFiles{}.number(base + "type")) return static_cast<std::uint32_t>(*type);
  }
  return std::nullopt;
}

void target_pmu(perf_event_attr& attr, std::uint32_t pmu_type) {
  if (attr.type != PERF_TYPE_HARDWARE && attr.type != PERF_TYPE_HW_CACHE) return;
  attr.config = (attr.config & 0xffffffffULL) | (static_cast<std::uint64_t>(pmu_type) << 32);
}

}  // namespace pipetop
