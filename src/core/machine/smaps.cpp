#include "pipetop/core/machine/smaps.hpp"

#include <charconv>

namespace pipetop {
namespace {

bool parse_hex(std::string_view text, std::uintptr_t& out) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, out, 16);
  return ec == std::errc{} && ptr == end;
}

// "7f12a0000000-7f12a0200000 rw-p ..." -> start, end.
bool parse_header(std::string_view line, SmapsMapping& mapping) {
  const std::size_t dash = line.find('-');
  const std::size_t space = line.find(' ');
  if (dash == std::string_view::npos || space == std::string_view::npos || dash > space) return false;
  return parse_hex(line.substr(0, dash), mapping.start) &&
         parse_hex(line.substr(dash + 1, space - dash - 1), mapping.end);
}

// "AnonHugePages:      2048 kB" -> 2048 * 1024.
std::uint64_t parse_kb_field(std::string_view line) {
  std::size_t i = line.find(':') + 1;
  while (i < line.size() && line[i] == ' ') ++i;
  std::uint64_t kb = 0;
  std::from_chars(line.data() + i, line.data() + line.size(), kb);
  return kb * 1024;
}

}  // namespace

std::vector<SmapsMapping> parse_smaps(std::string_view text) {
  std::vector<SmapsMapping> mappings;
  while (!text.empty()) {
    const std::size_t newline = text.find('\n');
    const std::string_view line = text.substr(0, newline);
    text = newline == std::string_view::npos ? std::string_view{} : text.substr(newline + 1);
    SmapsMapping header;
    if (parse_header(line, header)) {
      mappings.push_back(header);
    } else if (!mappings.empty() && line.starts_with("AnonHugePages:")) {
      mappings.back().anon_huge_bytes = parse_kb_field(line);
    } else if (!mappings.empty() && line.starts_with("KernelPageSize:")) {
      mappings.back().kernel_page_bytes = parse_kb_field(line);
    } else if (!mappings.empty() && line.starts_with("THPeligible:")) {
      mappings.back().thp_eligible = line.find('1') != std::string_view::npos;
    }
  }
  return mappings;
}

std::uint64_t anon_huge_bytes_covering(const std::vector<SmapsMapping>& mappings,
                                       const std::vector<AddressRange>& ranges) {
  std::uint64_t total = 0;
  for (const SmapsMapping& m : mappings) {
    for (const AddressRange& r : ranges) {
      if (r.start < m.end && m.start < r.end) {
        total += m.anon_huge_bytes;
        break;
      }
    }
  }
  return total;
}

}  // namespace pipetop
