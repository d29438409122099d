// read_memory_facts: pages, huge pages and the kernel's background work on memory.

#include <algorithm>

#include "machine_reader_parts.hpp"
#include "pipetop/core/machine/smaps.hpp"

namespace pipetop {
namespace {

constexpr const char* kThpDir = "/sys/kernel/mm/transparent_hugepage/";
constexpr const char* kHugepagesDir = "/sys/kernel/mm/hugepages/";
constexpr const char* kDamonReclaimDir = "/sys/module/damon_reclaim/parameters/";

// KernelPageSize of this process's first mapping (its code): the base page size.
std::optional<std::uint64_t> read_page_bytes(const SystemFiles& files) {
  const std::vector<SmapsMapping> mappings = parse_smaps(files.read("/proc/self/smaps").value_or(""));
  if (mappings.empty() || mappings.front().kernel_page_bytes == 0) return std::nullopt;
  return mappings.front().kernel_page_bytes;
}

Khugepaged read_khugepaged(const SystemFiles& files) {
  const std::string dir = std::string(kThpDir) + "khugepaged/";
  Khugepaged k;
  if (const std::optional<long> defrag = files.number(dir + "defrag")) k.defrag = *defrag != 0;
  k.pages_to_scan = files.number(dir + "pages_to_scan");
  k.scan_sleep_ms = files.number(dir + "scan_sleep_millisecs");
  k.alloc_sleep_ms = files.number(dir + "alloc_sleep_millisecs");
  k.max_ptes_none = files.number(dir + "max_ptes_none");
  return k;
}

std::vector<HugetlbPool> read_hugetlb_pools(const SystemFiles& files) {
  std::vector<HugetlbPool> pools;
  for (const std::string& name : files.list(kHugepagesDir)) {
    const std::optional<std::uint64_t> bytes = hugepages_dir_bytes(name);
    if (!bytes) continue;
    const std::string dir = kHugepagesDir + name + "/";
    pools.push_back({*bytes, files.number(dir + "nr_hugepages"), files.number(dir + "free_hugepages")});
  }
  std::sort(pools.begin(), pools.end(),
            [](const HugetlbPool& a, const HugetlbPool& b) { return a.page_bytes < b.page_bytes; });
  return pools;
}

std::optional<DamonReclaim> read_damon_reclaim(const SystemFiles& files) {
  const std::vector<std::string> names = files.list(kDamonReclaimDir);
  if (names.empty()) return std::nullopt;
  DamonReclaim damon;
  for (const std::string& name : names) {
    const std::string value = files.line(kDamonReclaimDir + name);
    if (name == "enabled") damon.enabled = parse_kernel_bool(value);
    damon.parameters.emplace_back(name, value);
  }
  return damon;
}

}  // namespace

void read_memory_facts(const SystemFiles& files, MachineFacts& f) {
  f.page_bytes = read_page_bytes(files);
  f.thp_enabled = files.bracketed(std::string(kThpDir) + "enabled");
  f.thp_defrag = files.bracketed(std::string(kThpDir) + "defrag");
  f.khugepaged = read_khugepaged(files);
  f.hugetlb_pools = read_hugetlb_pools(files);
  f.hugetlbfs_mounts = hugetlbfs_mounts(files.read("/proc/mounts").value_or(""));
  f.damon_reclaim = read_damon_reclaim(files);
}

}  // namespace pipetop
