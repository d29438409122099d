// read_cpu_facts: where each CPU sits and which ones this process may use.

#include <map>
#include <utility>

#include "machine_reader_parts.hpp"
#include "pipetop/core/base/size.hpp"
#include "pipetop/core/machine/cgroup_cpuset.hpp"
#include "pipetop/core/machine/cpu_list.hpp"
#include "pipetop/core/machine/proc_status.hpp"

namespace pipetop {
namespace {

constexpr const char* kCpuDir = "/sys/devices/system/cpu";
constexpr const char* kNodeDir = "/sys/devices/system/node";

// Package and core from each CPU's topology directory (unreadable: a core of its own), node from the
// nodes' CPU lists (none: node 0).
std::vector<CpuPlace> read_topology(const SystemFiles& files, const std::vector<int>& online) {
  std::map<int, int> node_of;
  for (const int node : read_cpu_list(files, std::string(kNodeDir) + "/online").value_or(std::vector<int>{})) {
    const std::string list = std::string(kNodeDir) + "/node" + std::to_string(node) + "/cpulist";
    for (const int cpu : read_cpu_list(files, list).value_or(std::vector<int>{})) node_of[cpu] = node;
  }
  std::vector<CpuPlace> places;
  for (const int cpu : online) {
    const std::string base = std::string(kCpuDir) + "/cpu" + std::to_string(cpu) + "/topology/";
    const auto node = node_of.find(cpu);
    places.push_back({cpu, static_cast<int>(files.number(base + "physical_package_id").value_or(0)),
                      static_cast<int>(files.number(base + "core_id").value_or(cpu)),
                      node == node_of.end() ? 0 : node->second});
  }
  return places;
}

// The affinity (as sched_getaffinity reports it, from Cpus_allowed_list) and the cgroup's cpuset.
AllowedCpus read_allowed(const SystemFiles& files, std::vector<int> online) {
  std::optional<std::vector<int>> affinity;
  const std::string status = files.read("/proc/self/status").value_or("");
  if (const std::optional<std::string_view> field = proc_status_field(status, "Cpus_allowed_list")) {
    if (Result<std::vector<int>> cpus = parse_cpu_list(*field); cpus && !cpus->empty()) affinity = std::move(*cpus);
  }
  std::optional<std::vector<int>> cpuset;
  for (const std::string& path : cpuset_files(files.read("/proc/self/cgroup").value_or(""))) {
    cpuset = read_cpu_list(files, path);
    if (cpuset && !cpuset->empty()) break;
    cpuset.reset();
  }
  return intersect_allowed_cpus(std::move(online), std::move(affinity), std::move(cpuset));
}

CacheSizes read_caches(const SystemFiles& files) {
  CacheSizes caches;
  const std::string dir = std::string(kCpuDir) + "/cpu0/cache/";
  for (const std::string& index : files.list(dir)) {
    if (!index.starts_with("index")) continue;
    const std::string base = dir + index + "/";
    const std::optional<long> level = files.number(base + "level");
    const std::string type = files.line(base + "type");
    const Result<std::uint64_t> bytes = parse_size(files.line(base + "size"));
    if (!level || !bytes) continue;
    std::optional<std::uint64_t>* slot = *level == 1 && type == "Data"          ? &caches.l1d_bytes
                                         : *level == 1 && type == "Instruction" ? &caches.l1i_bytes
                                         : *level == 2                          ? &caches.l2_bytes
                                         : *level == 3                          ? &caches.l3_bytes
                                                                                : nullptr;
    if (slot != nullptr) *slot = *bytes;
  }
  return caches;
}

}  // namespace

std::optional<std::vector<int>> read_cpu_list(const SystemFiles& files, const std::string& path) {
  const Result<std::string> text = files.read(path);
  if (!text) return std::nullopt;
  Result<std::vector<int>> cpus = parse_cpu_list(*text);
  if (!cpus) return std::nullopt;
  return std::move(*cpus);
}

void read_cpu_facts(const SystemFiles& files, MachineFacts& f) {
  f.allowed = read_allowed(files, read_cpu_list(files, std::string(kCpuDir) + "/online").value_or(std::vector<int>{}));
  f.topology = read_topology(files, f.allowed.online);
  const TopologyCounts counts = count_topology(f.topology);
  f.logical_cpus = counts.cpus;
  f.physical_cores = counts.cores;
  f.threads_per_core = counts.threads_per_core;
  const std::optional<std::vector<int>> nodes = read_cpu_list(files, std::string(kNodeDir) + "/online");
  f.numa_nodes = nodes && !nodes->empty() ? static_cast<int>(nodes->size()) : 1;
  f.smt.control = files.line(std::string(kCpuDir) + "/smt/control");
  if (const std::optional<long> active = files.number(std::string(kCpuDir) + "/smt/active"))
    f.smt.active = *active != 0;
  f.caches = read_caches(files);
}

}  // namespace pipetop
