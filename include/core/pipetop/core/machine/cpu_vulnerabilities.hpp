#pragma once
// CPU vulnerabilities and their mitigations (/sys/devices/system/cpu/vulnerabilities/*): several make
// every syscall and context switch cost more, which is what small-buffer pipe loops are made of.

#include <string>
#include <vector>

namespace pipetop {

struct Vulnerability {
  std::string name;    // "meltdown", "spectre_v2", ...
  std::string status;  // "Not affected", "Mitigation: PTI", "Vulnerable", ...
};

enum class VulnerabilityState { not_affected, mitigated, vulnerable, unknown };

// From the status text's first word(s).
[[nodiscard]] VulnerabilityState vulnerability_state(const std::string& status);

// The names of those in `state`, in `all`'s order.
[[nodiscard]] std::vector<std::string> vulnerabilities_in(const std::vector<Vulnerability>& all,
                                                          VulnerabilityState state);

// Whether Meltdown's page-table isolation is on: every syscall and interrupt then switches page
// tables, the largest of these costs for a loop of small reads and writes.
[[nodiscard]] bool page_table_isolation(const std::vector<Vulnerability>& all);

}  // namespace pipetop
