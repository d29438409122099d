#include "pipetop/core/machine/cpu_vulnerabilities.hpp"

#include <algorithm>

namespace pipetop {
namespace {

constexpr std::string_view kMitigation = "Mitigation: ";

}  // namespace

VulnerabilityState vulnerability_state(const std::string& status) {
  if (status.starts_with("Not affected")) return VulnerabilityState::not_affected;
  if (status.starts_with(kMitigation)) return VulnerabilityState::mitigated;
  if (status.starts_with("Vulnerable")) return VulnerabilityState::vulnerable;
  return VulnerabilityState::unknown;
}

std::vector<std::string> vulnerabilities_in(const std::vector<Vulnerability>& all, VulnerabilityState state) {
  std::vector<std::string> names;
  for (const Vulnerability& v : all) {
    if (vulnerability_state(v.status) == state) names.push_back(v.name);
  }
  return names;
}

bool page_table_isolation(const std::vector<Vulnerability>& all) {
  return std::any_of(all.begin(), all.end(), [](const Vulnerability& v) {
    return v.name == "meltdown" && v.status.find("PTI") != std::string::npos;
  });
}

}  // namespace pipetop
