#include "pipetop/core/machine/memory_facts.hpp"

#include <charconv>

#include "pipetop/core/base/size.hpp"
#include "pipetop/core/machine/text_lines.hpp"

namespace pipetop {

std::optional<std::uint64_t> hugepages_dir_bytes(std::string_view name) {
  constexpr std::string_view kPrefix = "hugepages-";
  constexpr std::string_view kSuffix = "kB";
  if (!name.starts_with(kPrefix) || !name.ends_with(kSuffix)) return std::nullopt;
  const std::string_view digits = name.substr(kPrefix.size(), name.size() - kPrefix.size() - kSuffix.size());
  std::uint64_t kib = 0;
  const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), kib);
  if (digits.empty() || ec != std::errc{} || ptr != digits.data() + digits.size() || kib == 0) return std::nullopt;
  return kib * kKiB;
}

std::vector<std::string> hugetlbfs_mounts(std::string_view proc_mounts) {
  std::vector<std::string> mounts;
  for (const std::string_view line : split_lines(proc_mounts)) {
    // "<device> <mount point> <type> <options> 0 0"
    const std::size_t point = line.find(' ');
    const std::size_t type = point == std::string_view::npos ? point : line.find(' ', point + 1);
    if (type == std::string_view::npos) continue;
    if (line.substr(type + 1).starts_with("hugetlbfs ")) mounts.emplace_back(line.substr(point + 1, type - point - 1));
  }
  return mounts;
}

std::optional<bool> parse_kernel_bool(std::string_view text) {
  if (text == "Y" || text == "1") return true;
  if (text == "N" || text == "0") return false;
  return std::nullopt;
}

}  // namespace pipetop
