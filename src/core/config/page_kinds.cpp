#include "pipetop/core/config/page_kinds.hpp"

#include <algorithm>

#include "pipetop/core/base/size.hpp"
#include "pipetop/core/config/strategies.hpp"

namespace pipetop {

const PageKindRow& page_kind_row(PageKind kind) {
  return kPageKinds.at(static_cast<std::size_t>(kind));
}

std::string_view to_string(PageKind kind) {
  return page_kind_row(kind).name;
}

Result<PageKind> parse_page_kind(std::string_view text) {
  return parse_row(text, kPageKinds, "page kind", "--pages");
}

std::string page_kind_choices() {
  return row_choices(kPageKinds);
}

PageKind next_page_kind(PageKind kind) {
  return next_row_kind(kind, kPageKinds);
}

PageKind page_kind(const RunConfig& config) {
  return config.huge_pages ? PageKind::thp : config.pages;
}

void ask_page_kind(RunConfig& config, PageKind kind) {
  if (kind == PageKind::thp) {
    config.huge_pages = true;
  } else {
    config.pages = kind;
  }
}

std::uint64_t placement_bytes(const RunConfig& config, std::uint64_t base_page_bytes) {
  const std::uint64_t page = page_kind_row(page_kind(config)).page_bytes;
  return page == 0 ? base_page_bytes : page;
}

std::uint64_t buffer_pages_needed(const RunConfig& config, std::uint64_t page_bytes) {
  const auto pages = [&](std::uint64_t bytes) {
    return (buffer_offset_bytes(config) + bytes + page_bytes - 1) / page_bytes;
  };
  const WriterLayout writer = writer_layout(config);
  const std::uint64_t reader = strategy_of(config.reader).sees_bytes ? pages(config.buffer_bytes) : 0;
  return static_cast<std::uint64_t>(writer.buffers) * pages(writer.buffer_bytes) + reader;
}

std::string hugetlb_pool_file(std::uint64_t page_bytes) {
  if (page_bytes == kHugePageBytes) return "/proc/sys/vm/nr_hugepages";
  return "/sys/kernel/mm/hugepages/hugepages-" + std::to_string(page_bytes / kKiB) + "kB/nr_hugepages";
}

std::string hugetlb_reserve_command(std::uint64_t page_bytes, std::uint64_t total) {
  return "as root: echo " + std::to_string(total) + " > " + hugetlb_pool_file(page_bytes);
}

Result<void> check_pages(const RunConfig& c, const std::vector<HugetlbPool>& pools) {
  const PageKindRow& row = page_kind_row(c.pages);
  const std::string option = "--pages " + std::string(row.name);
  if (c.huge_pages && c.pages != PageKind::small) {
    return std::unexpected(usage_error("--huge-pages (transparent huge pages, the seed's option) contradicts " + option,
                                       "use --huge-pages or --pages thp for THP, " + option + " alone for its pages"));
  }
  if (row.backing != PageBacking::hugetlb) return {};
  const std::string size = format_size(row.page_bytes);
  const auto pool =
      std::find_if(pools.begin(), pools.end(), [&](const HugetlbPool& p) { return p.page_bytes == row.page_bytes; });
  if (pool == pools.end()) {
    return std::unexpected(environment_error(
        option + ": this machine has no hugetlb pool of " + size + " pages (no /sys/kernel/mm/hugepages/hugepages-" +
            std::to_string(row.page_bytes / kKiB) + "kB): its CPU or kernel does not offer them",
        row.page_bytes == kHugePageBytes
            ? "use --pages thp for transparent huge pages"
            : "where the CPU has them (1 GiB: pdpe1gb in /proc/cpuinfo), boot with hugepagesz=" +
                  (row.page_bytes % kGiB == 0 ? std::to_string(row.page_bytes / kGiB) + "G"
                                              : std::to_string(row.page_bytes / kMiB) + "M") +
                  " hugepages=N; or use --pages hugetlb (2 MiB)"));
  }
  if (!pool->free_pages) return {};
  const std::uint64_t needed = buffer_pages_needed(c, row.page_bytes);
  const auto free_now = static_cast<std::uint64_t>(std::max(*pool->free_pages, 0L));
  if (free_now >= needed) return {};
  const auto reserved = static_cast<std::uint64_t>(std::max(pool->pages.value_or(0), 0L));
  return std::unexpected(environment_error(
      option + " needs " + std::to_string(needed) + " free " + size + " hugetlb pages for its buffers, and " +
          (reserved == 0 ? "none are reserved"
                         : std::to_string(free_now) + " of the " + std::to_string(reserved) + " reserved are free"),
      "reserve them " + hugetlb_reserve_command(row.page_bytes, reserved + needed - free_now) +
          " (pipetop never falls back to other pages)"));
}

}  // namespace pipetop
