#pragma once
// Where a buffer's pages come from, described once: the base pages of an anonymous mapping (the seed's
// malloc), transparent huge pages (the seed's --huge-pages), and pages of a hugetlb pool reserved ahead
// (vm.nr_hugepages), 2 MiB or 1 GiB, taken through memfd_create(MFD_HUGETLB). validate(), the keys, the
// header, the reports and the allocator (system/buffer.cpp) read these rows.
//
// A new page kind: its kind in run_config.hpp, its row here (in the kind's order) and its name in
// schemas/run.schema.json (a test points there). A hugetlb pool of another size needs nothing more: the
// row's page size is the MFD_HUGE_* flag. A new backing also needs its mapping in system/buffer.cpp.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/config/named_rows.hpp"
#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/machine/memory_facts.hpp"

namespace pipetop {

// How the allocator maps a kind: an anonymous private mapping, the same advised with MADV_HUGEPAGE, or
// a shared mapping of a hugetlb memfd of the row's page size.
enum class PageBacking { base, transparent, hugetlb };

struct PageKindRow {
  PageKind kind;
  std::string_view name;               // on the command line and in JSON: "hugetlb-1g"
  std::string_view summary;            // for --help
  PageBacking backing;                 // how it is mapped
  std::uint64_t page_bytes;            // the page the mapping is aligned and rounded to; 0: the base page
  std::uint64_t default_offset_bytes;  // where the bytes start without --buffer-offset
};

inline constexpr std::array<PageKindRow, 4> kPageKinds{{
    {PageKind::small, "small", "the base pages of an anonymous mapping, as the seed's malloc", PageBacking::base, 0,
     kMallocOffsetBytes},
    {PageKind::thp, "thp",
     "transparent huge pages: 2 MiB-aligned with MADV_HUGEPAGE, verified after pre-faulting (= --huge-pages)",
     PageBacking::transparent, kHugePageBytes, 0},
    {PageKind::hugetlb, "hugetlb",
     "2 MiB pages of the hugetlb pool reserved in vm.nr_hugepages, from memfd_create(MFD_HUGETLB); refused, "
     "never replaced, when too few are free",
     PageBacking::hugetlb, kHugePageBytes, 0},
    {PageKind::hugetlb_1g, "hugetlb-1g", "1 GiB pages of the hugetlb pool of that size (MFD_HUGE_1GB)",
     PageBacking::hugetlb, kGiB, 0},
}};

static_assert(rows_in_kind_order(kPageKinds), "kPageKinds follows PageKind's order");

[[nodiscard]] const PageKindRow& page_kind_row(PageKind kind);
[[nodiscard]] std::string_view to_string(PageKind kind);
// A page kind's name as written on the command line; a usage error names the word and the choices.
[[nodiscard]] Result<PageKind> parse_page_kind(std::string_view text);
// "small | thp | hugetlb | hugetlb-1g", for --help and messages.
[[nodiscard]] std::string page_kind_choices();
// The page kind after `kind`, for the key that cycles them.
[[nodiscard]] PageKind next_page_kind(PageKind kind);

// The page kind `config` runs with: thp with --huge-pages, else --pages.
[[nodiscard]] PageKind page_kind(const RunConfig& config);
// Asks for `kind` as --pages does: thp sets huge_pages (its one spelling), another kind sets pages.
// A config asked for both (--huge-pages --pages hugetlb) is refused by check_pages.
void ask_page_kind(RunConfig& config, PageKind kind);

// The page the buffers' offset lies within: the kind's page, or `base_page_bytes` for small pages.
[[nodiscard]] std::uint64_t placement_bytes(const RunConfig& config, std::uint64_t base_page_bytes);

// How many pages of `page_bytes` the writer's and the reader's buffers take, each mapping rounded up.
[[nodiscard]] std::uint64_t buffer_pages_needed(const RunConfig& config, std::uint64_t page_bytes);

// Where the number of reserved pages of `page_bytes` is written: /proc/sys/vm/nr_hugepages for 2 MiB,
// the default huge page size on x86-64; the pool's own sysfs file for another.
[[nodiscard]] std::string hugetlb_pool_file(std::uint64_t page_bytes);
// "as root: echo 6 > /proc/sys/vm/nr_hugepages" (or the sysfs file of a pool other than 2 MiB): the
// command that reserves `total` pages of `page_bytes`.
[[nodiscard]] std::string hugetlb_reserve_command(std::uint64_t page_bytes, std::uint64_t total);

// Why `config`'s pages cannot be had on a machine with `pools` (/sys/kernel/mm/hugepages): --huge-pages
// with a hugetlb --pages (usage error), a hugetlb pool this machine lacks, or one with fewer free pages
// than the buffers take (environment errors, the hint the exact command that reserves enough). Nothing
// when they can, or when the pool's free count is unknown (the allocation then says it).
[[nodiscard]] Result<void> check_pages(const RunConfig& config, const std::vector<HugetlbPool>& pools);

}  // namespace pipetop
