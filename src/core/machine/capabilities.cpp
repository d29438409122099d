#include "pipetop/core/machine/capabilities.hpp"

#include <charconv>

#include "pipetop/core/machine/proc_status.hpp"

namespace pipetop {

std::optional<std::uint64_t> parse_cap_eff(std::string_view status) {
  const std::optional<std::string_view> field = proc_status_field(status, "CapEff");
  if (!field || field->empty()) return std::nullopt;
  std::uint64_t set = 0;
  const auto [ptr, ec] = std::from_chars(field->data(), field->data() + field->size(), set, 16);
  if (ec != std::errc{} || ptr == field->data()) return std::nullopt;
  return set;
}

}  // namespace pipetop
