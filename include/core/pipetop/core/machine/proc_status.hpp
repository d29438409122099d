#pragma once
// Fields of /proc/<pid>/status text ("CapEff:\t000001fffeffffff", "Cpus_allowed_list:\t0-3").

#include <optional>
#include <string_view>

namespace pipetop {

// The value of the line "`key`:\t<value>", blanks trimmed; nullopt when no line has that key.
[[nodiscard]] std::optional<std::string_view> proc_status_field(std::string_view status, std::string_view key);

}  // namespace pipetop
