#pragma once
// Reading /proc/<pid>/smaps text: which mappings cover an address range, and how much of them is
// backed by transparent huge pages (AnonHugePages). Works without root.

#include <cstdint>
#include <string_view>
#include <vector>

namespace pipetop {

struct SmapsMapping {
  std::uintptr_t start = 0;
  std::uintptr_t end = 0;
  std::uint64_t anon_huge_bytes = 0;    // AnonHugePages
  bool thp_eligible = false;            // THPeligible: 1
  std::uint64_t kernel_page_bytes = 0;  // KernelPageSize: the page size backing it (the base page size unless hugetlb)
};

// Every mapping in `text`, in file order. Lines it does not understand are skipped.
[[nodiscard]] std::vector<SmapsMapping> parse_smaps(std::string_view text);

// Sum of AnonHugePages over the distinct mappings that overlap any of the `ranges` ([start, end)).
// Adjacent buffers with the same flags may be merged by the kernel into one mapping; it counts once.
struct AddressRange {
  std::uintptr_t start = 0;
  std::uintptr_t end = 0;
};
[[nodiscard]] std::uint64_t anon_huge_bytes_covering(const std::vector<SmapsMapping>& mappings,
                                                     const std::vector<AddressRange>& ranges);

}  // namespace pipetop
