#include "pipetop/core/capabilities.hpp"

#include <charconv>

namespace pipetop {

std::optional<std::uint64_t> parse_cap_eff(std::string_view status) {
  const std::size_t key = status.find("CapEff:");
  if (key == std::string_view::npos) return std::nullopt;
  std::size_t i = key + 7;
  while (i < status.size() && (status[i] == ' ' || status[i] == '\t')) ++i;
  std::uint64_t set = 0;
  const auto [ptr, ec] = std::from_chars(status.data() + i, status.data() + status.size(), set, 16);
  if (ec != std::errc{} || ptr == status.data() + i) return std::nullopt;
  return set;
}

}  // namespace pipetop
