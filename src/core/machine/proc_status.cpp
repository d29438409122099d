#include "pipetop/core/machine/proc_status.hpp"

#include <string>

#include "pipetop/core/machine/text_lines.hpp"

namespace pipetop {

std::optional<std::string_view> proc_status_field(std::string_view status, std::string_view key) {
  const std::string prefix = std::string(key) + ":";
  for (std::string_view line : split_lines(status)) {
    if (!line.starts_with(prefix)) continue;
    line.remove_prefix(prefix.size());
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r')) line.remove_suffix(1);
    return line;
  }
  return std::nullopt;
}

}  // namespace pipetop
