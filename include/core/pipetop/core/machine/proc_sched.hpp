#pragma once
// Fields of /proc/<pid>/sched text ("se.nr_migrations                             :                    3"),
// which kernels built with CONFIG_SCHED_DEBUG provide.

#include <cstdint>
#include <optional>
#include <string_view>

namespace pipetop {

// The whole number on the line "`key` : <value>"; nullopt when no line has that key or its value is
// not a whole number.
[[nodiscard]] std::optional<std::uint64_t> proc_sched_count(std::string_view sched, std::string_view key);

}  // namespace pipetop
