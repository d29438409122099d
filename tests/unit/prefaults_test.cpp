// The prefault methods' table and its rules: names, --no-touch as none's one spelling, MAP_POPULATE
// refused with transparent huge pages (and the key skipping it there), the key's cycle, and the method
// as JSON and as a command line.

#include "pipetop/core/config/prefaults.hpp"

#include <gtest/gtest.h>

#include "config_json_round_trip.hpp"
#include "pipetop/core/config/command_line.hpp"
#include "pipetop/core/config/page_kinds.hpp"
#include "pipetop/core/config/validate.hpp"
#include "pipetop/core/screen/key_table.hpp"
#include "two_cpu_limits.hpp"

namespace pipetop {
namespace {

RunConfig with(Prefault kind) {
  RunConfig c;
  ask_prefault(c, kind);
  return c;
}

TEST(Prefaults, EveryMethodHasItsName) {
  for (const PrefaultMethod& row : kPrefaults) {
    Result<Prefault> parsed = parse_prefault(row.name);
    ASSERT_TRUE(parsed.has_value()) << row.name;
    EXPECT_EQ(*parsed, row.kind);
    EXPECT_EQ(to_string(row.kind), row.name);
    EXPECT_TRUE(validate(with(row.kind), testing::two_cpu_limits()).has_value()) << row.name;
  }
  EXPECT_EQ(prefault_choices(), "touch | populate | madvise | none");
  Result<Prefault> unknown = parse_prefault("lazy");
  ASSERT_FALSE(unknown.has_value());
  EXPECT_EQ(unknown.error().kind, ExitCode::usage);
  EXPECT_EQ(unknown.error().hint, "use --prefault touch | populate | madvise | none");
}

TEST(Prefaults, NoneIsTheSeedsNoTouchFlag) {
  const RunConfig none = with(Prefault::none);
  EXPECT_TRUE(none.no_touch);
  EXPECT_EQ(none.prefault, Prefault::touch) << "one spelling: the flag";
  EXPECT_EQ(prefault_of(none), Prefault::none);
  RunConfig both = with(Prefault::populate);
  both.no_touch = true;
  Result<void> checked = validate(both, testing::two_cpu_limits());
  ASSERT_FALSE(checked.has_value());
  EXPECT_EQ(checked.error().kind, ExitCode::usage);
  EXPECT_EQ(checked.error().message, "--no-touch contradicts --prefault populate");
}

TEST(Prefaults, PopulateIsRefusedWithTransparentHugePagesWithTheReason) {
  RunConfig c = with(Prefault::populate);
  c.huge_pages = true;
  Result<void> checked = validate(c, testing::two_cpu_limits());
  ASSERT_FALSE(checked.has_value());
  EXPECT_EQ(checked.error().kind, ExitCode::usage);
  EXPECT_NE(checked.error().message.find("before madvise(MADV_HUGEPAGE) can ask for huge pages"), std::string::npos)
      << checked.error().message;
  EXPECT_NE(checked.error().hint.find("--prefault madvise"), std::string::npos);
  c.huge_pages = false;
  c.pages = PageKind::hugetlb;
  EXPECT_TRUE(check_prefault(c).has_value()) << "a hugetlb mapping is populated in its own pages";
}

TEST(Prefaults, TheKeyCyclesThemAndSkipsPopulateUnderThp) {
  DashboardState s;
  const KeyBinding* key = find_key(kPrefaultKey.key);
  ASSERT_NE(key, nullptr);
  EXPECT_FALSE(key_is_on(*key, s));
  for (const Prefault expected : {Prefault::populate, Prefault::madvise, Prefault::none, Prefault::touch}) {
    ASSERT_EQ(press(*key, s), KeyEffect::restart);
    EXPECT_EQ(prefault_of(s.config), expected);
    EXPECT_EQ(s.config.no_touch, expected == Prefault::none);
    EXPECT_EQ(key_is_on(*key, s), expected != Prefault::touch);
  }
  s.config.huge_pages = true;
  ASSERT_EQ(press(*key, s), KeyEffect::restart);
  EXPECT_EQ(prefault_of(s.config), Prefault::madvise) << "populate would fault THP in small";
}

TEST(Prefaults, TheFlagKeysTakeThePlaceOfAMethod) {
  DashboardState s;
  s.config = with(Prefault::madvise);
  ASSERT_EQ(press(*find_key('t'), s), KeyEffect::restart);  // --no-touch
  EXPECT_EQ(prefault_of(s.config), Prefault::none);
  EXPECT_TRUE(validate(s.config, testing::two_cpu_limits()).has_value());
  s.config = with(Prefault::populate);
  ASSERT_EQ(press(*find_key('h'), s), KeyEffect::restart);  // THP cannot be populated by mmap
  EXPECT_EQ(prefault_of(s.config), Prefault::madvise);
  EXPECT_TRUE(validate(s.config, testing::two_cpu_limits()).has_value());
}

TEST(Prefaults, JsonAndCommandLineCarryTheMethod) {
  for (const PrefaultMethod& row : kPrefaults) {
    testing::expect_json_round_trip(with(row.kind), "\"prefault\":\"" + std::string(row.name) + "\"");
  }
  EXPECT_EQ(run_command_line(with(Prefault::populate)), "pipetop run --prefault populate");
  EXPECT_EQ(run_command_line(with(Prefault::none)), "pipetop run --no-touch");
}

}  // namespace
}  // namespace pipetop
