#pragma once
// The memory side of a machine as pipes feel it: cache sizes, huge-page pools and mounts, khugepaged
// and DAMON reclaim settings; and the parsers for the kernel text they come from.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pipetop {

// CPU 0's caches (/sys/devices/system/cpu/cpu0/cache/index*); nullopt where a level is not exposed.
struct CacheSizes {
  std::optional<std::uint64_t> l1d_bytes;
  std::optional<std::uint64_t> l1i_bytes;
  std::optional<std::uint64_t> l2_bytes;
  std::optional<std::uint64_t> l3_bytes;
};

// /sys/kernel/mm/transparent_hugepage/khugepaged/*: the daemon that collapses small pages into huge ones.
struct Khugepaged {
  std::optional<bool> defrag;
  std::optional<long> pages_to_scan;
  std::optional<long> scan_sleep_ms;
  std::optional<long> alloc_sleep_ms;
  std::optional<long> max_ptes_none;
};

// One pool of /sys/kernel/mm/hugepages (hugetlbfs pages, reserved ahead).
struct HugetlbPool {
  std::uint64_t page_bytes = 0;
  std::optional<long> pages;       // nr_hugepages: reserved
  std::optional<long> free_pages;  // free_hugepages
};

// /sys/module/damon_reclaim/parameters/*, when the module is there.
struct DamonReclaim {
  std::optional<bool> enabled;
  std::vector<std::pair<std::string, std::string>> parameters;  // name -> value as written, sorted by name
};

// The page size of a /sys/kernel/mm/hugepages entry: "hugepages-2048kB" -> 2 MiB; nullopt otherwise.
[[nodiscard]] std::optional<std::uint64_t> hugepages_dir_bytes(std::string_view name);

// The mount points of hugetlbfs file systems in /proc/mounts text, in file order.
[[nodiscard]] std::vector<std::string> hugetlbfs_mounts(std::string_view proc_mounts);

// A kernel boolean parameter: "Y"/"1" -> true, "N"/"0" -> false; nullopt otherwise.
[[nodiscard]] std::optional<bool> parse_kernel_bool(std::string_view text);

}  // namespace pipetop
