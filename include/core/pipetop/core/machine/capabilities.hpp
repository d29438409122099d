#pragma once
// Linux capabilities that decide what pipetop may do: root is not enough (containers drop some).

#include <cstdint>
#include <optional>
#include <string_view>

namespace pipetop {

inline constexpr int kCapSysAdmin = 21;
inline constexpr int kCapSysResource = 24;  // pipes above /proc/sys/fs/pipe-max-size
inline constexpr int kCapSyslog = 34;       // kernel addresses in /proc/kallsyms under kptr_restrict 1
inline constexpr int kCapPerfmon = 38;      // perf events at any paranoia level (with CAP_SYS_ADMIN)

// The effective capability set from the text of /proc/<pid>/status ("CapEff:\t000001fffeffffff").
[[nodiscard]] std::optional<std::uint64_t> parse_cap_eff(std::string_view proc_status);

[[nodiscard]] inline bool has_cap(std::uint64_t set, int cap) {
  return ((set >> cap) & 1U) != 0;
}

}  // namespace pipetop
