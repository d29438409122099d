// Fields of /proc/<pid>/status text, and the effective capabilities read from it.

#include "pipetop/core/machine/proc_status.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string_view>

#include "pipetop/core/machine/capabilities.hpp"

namespace pipetop {
namespace {

constexpr std::string_view kStatus =
    "Name:\tpipetop\nCapEff:\t000001fffeffffff\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n";

TEST(ProcStatusField, ValueOfALineByItsKey) {
  EXPECT_EQ(proc_status_field(kStatus, "Cpus_allowed_list"), std::optional<std::string_view>("0-1"));
  EXPECT_EQ(proc_status_field(kStatus, "Cpus_allowed"), std::optional<std::string_view>("3"));  // not a prefix match
  EXPECT_EQ(proc_status_field(kStatus, "Name"), std::optional<std::string_view>("pipetop"));
  EXPECT_FALSE(proc_status_field(kStatus, "Mems_allowed_list").has_value());
  EXPECT_FALSE(proc_status_field("", "Name").has_value());
}

TEST(ParseCapEff, RootWithoutCapSysResource) {
  const std::optional<std::uint64_t> caps = parse_cap_eff(kStatus);
  ASSERT_TRUE(caps.has_value());
  EXPECT_TRUE(has_cap(*caps, kCapSysAdmin));
  EXPECT_TRUE(has_cap(*caps, kCapPerfmon));
  EXPECT_FALSE(has_cap(*caps, kCapSysResource));
  EXPECT_FALSE(parse_cap_eff("CapEff:\tzz\n").has_value());
  EXPECT_FALSE(parse_cap_eff("Name:\tx\n").has_value());
}

}  // namespace
}  // namespace pipetop
