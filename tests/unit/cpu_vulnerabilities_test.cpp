// CPU vulnerability states from their status text, and whether page-table isolation is on.

#include "pipetop/core/machine/cpu_vulnerabilities.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace pipetop {
namespace {

using Strings = std::vector<std::string>;

TEST(Vulnerabilities, StatesAndPageTableIsolation) {
  const std::vector<Vulnerability> all = {{"meltdown", "Mitigation: PTI"},
                                          {"spectre_v2", "Mitigation: Retpolines; STIBP: disabled"},
                                          {"mds", "Not affected"},
                                          {"spec_store_bypass", "Vulnerable"},
                                          {"odd", "Processor vulnerable"}};
  EXPECT_EQ(vulnerabilities_in(all, VulnerabilityState::mitigated), (Strings{"meltdown", "spectre_v2"}));
  EXPECT_EQ(vulnerabilities_in(all, VulnerabilityState::vulnerable), (Strings{"spec_store_bypass"}));
  EXPECT_EQ(vulnerabilities_in(all, VulnerabilityState::not_affected), (Strings{"mds"}));
  EXPECT_EQ(vulnerabilities_in(all, VulnerabilityState::unknown), (Strings{"odd"}));
  EXPECT_TRUE(page_table_isolation(all));
  EXPECT_FALSE(page_table_isolation({{"meltdown", "Not affected"}}));
}

}  // namespace
}  // namespace pipetop
