// The page kinds' table and its rules: names and the key's cycle, --huge-pages as thp's one spelling,
// where the offset may lie, how many hugetlb pages the buffers take, the refusal that says exactly what
// to run when too few are free, a pool the machine lacks (1 GiB), and the configuration as JSON, as a
// command line and in the check's fact.

#include "pipetop/core/config/page_kinds.hpp"

#include <gtest/gtest.h>

#include "config_json_round_trip.hpp"
#include "pipetop/core/config/command_line.hpp"
#include "pipetop/core/config/config_change.hpp"
#include "pipetop/core/config/validate.hpp"
#include "pipetop/core/machine/machine_facts.hpp"
#include "pipetop/core/screen/key_table.hpp"
#include "two_cpu_limits.hpp"

namespace pipetop {
namespace {

RunConfig with(PageKind kind) {
  RunConfig c;
  ask_page_kind(c, kind);
  return c;
}

// Two CPUs and a 2 MiB pool of `reserved` pages, `free` of them free; a 1 GiB pool with none.
MachineLimits pools(long reserved, long free) {
  MachineLimits l = testing::two_cpu_limits();
  l.hugetlb_pools = {{kHugePageBytes, reserved, free}, {kGiB, 0, 0}};
  return l;
}

TEST(PageKinds, EveryKindHasItsRowAndName) {
  for (const PageKindRow& row : kPageKinds) {
    EXPECT_EQ(&page_kind_row(row.kind), &row);
    Result<PageKind> parsed = parse_page_kind(row.name);
    ASSERT_TRUE(parsed.has_value()) << row.name;
    EXPECT_EQ(*parsed, row.kind);
  }
  EXPECT_EQ(page_kind_choices(), "small | thp | hugetlb | hugetlb-1g");
  Result<PageKind> unknown = parse_page_kind("huge");
  ASSERT_FALSE(unknown.has_value());
  EXPECT_EQ(unknown.error().kind, ExitCode::usage);
  EXPECT_EQ(unknown.error().hint, "use --pages small | thp | hugetlb | hugetlb-1g");
}

TEST(PageKinds, ThpIsTheSeedsHugePagesFlag) {
  const RunConfig thp = with(PageKind::thp);
  EXPECT_TRUE(thp.huge_pages);
  EXPECT_EQ(thp.pages, PageKind::small) << "one spelling: the flag";
  EXPECT_EQ(page_kind(thp), PageKind::thp);
  EXPECT_EQ(page_kind(with(PageKind::hugetlb)), PageKind::hugetlb);
  EXPECT_FALSE(with(PageKind::hugetlb).huge_pages);
}

TEST(PageKinds, HugePagesWithAHugetlbKindIsAContradiction) {
  RunConfig c = with(PageKind::hugetlb);
  c.huge_pages = true;
  Result<void> checked = validate(c, pools(8, 8));
  ASSERT_FALSE(checked.has_value());
  EXPECT_EQ(checked.error().kind, ExitCode::usage);
  EXPECT_EQ(checked.error().message,
            "--huge-pages (transparent huge pages, the seed's option) contradicts --pages hugetlb");
}

TEST(PageKinds, EachKindPlacesTheBytesOnItsOwnPage) {
  EXPECT_EQ(buffer_offset_bytes(with(PageKind::small)), kMallocOffsetBytes) << "the seed's malloc";
  for (const PageKind kind : {PageKind::thp, PageKind::hugetlb, PageKind::hugetlb_1g}) {
    EXPECT_EQ(buffer_offset_bytes(with(kind)), 0U) << to_string(kind);
  }
  EXPECT_EQ(placement_bytes(with(PageKind::small), 4096), 4096U);
  EXPECT_EQ(placement_bytes(with(PageKind::hugetlb), 4096), kHugePageBytes);
  EXPECT_EQ(placement_bytes(with(PageKind::hugetlb_1g), 4096), kGiB);
  RunConfig inside = with(PageKind::hugetlb);
  inside.buffer_offset = 4096;  // past a base page, inside the huge one
  EXPECT_TRUE(validate(inside, pools(8, 8)).has_value());
  inside.buffer_offset = kHugePageBytes;
  Result<void> outside = validate(inside, pools(8, 8));
  ASSERT_FALSE(outside.has_value());
  EXPECT_EQ(outside.error().message, "--buffer-offset 2097152 is not inside a huge page (2 MiB)");
}

TEST(PageKinds, TheBuffersTakeAPagePerMappingRoundedUp) {
  RunConfig c = with(PageKind::hugetlb);
  EXPECT_EQ(buffer_pages_needed(c, kHugePageBytes), 2U) << "the writer's buffer and the reader's";
  c.writer = WriterKind::vmsplice;
  EXPECT_EQ(buffer_pages_needed(c, kHugePageBytes), 3U) << "two writer buffers";
  c.reader = ReaderKind::splice;
  EXPECT_EQ(buffer_pages_needed(c, kHugePageBytes), 2U) << "splice has no buffer";
  c.buffer_bytes = 4 * kMiB;
  c.buffer_offset = 16;
  EXPECT_EQ(buffer_pages_needed(c, kHugePageBytes), 6U) << "16 bytes past the start spill into a third page";
}

TEST(PageKinds, NoneReservedIsRefusedWithTheCommandThatReservesThem) {
  Result<void> checked = validate(with(PageKind::hugetlb), pools(0, 0));
  ASSERT_FALSE(checked.has_value());
  EXPECT_EQ(checked.error().kind, ExitCode::environment);
  EXPECT_EQ(checked.error().message,
            "--pages hugetlb needs 2 free 2 MiB hugetlb pages for its buffers, and none are reserved");
  EXPECT_EQ(checked.error().hint,
            "reserve them as root: echo 2 > /proc/sys/vm/nr_hugepages (pipetop never falls back to other pages)");
}

TEST(PageKinds, TooFewFreeIsRefusedWithTheTotalThatLeavesEnough) {
  RunConfig c = with(PageKind::hugetlb);
  c.writer = WriterKind::vmsplice;  // 3 pages
  Result<void> checked = validate(c, pools(4, 1));
  ASSERT_FALSE(checked.has_value());
  EXPECT_EQ(checked.error().message,
            "--pages hugetlb needs 3 free 2 MiB hugetlb pages for its buffers, and 1 of the 4 reserved are free");
  EXPECT_NE(checked.error().hint.find("echo 6 > /proc/sys/vm/nr_hugepages"), std::string::npos) << checked.error().hint;
  EXPECT_TRUE(validate(c, pools(4, 3)).has_value()) << "enough free";
}

TEST(PageKinds, OneGibPagesNameTheirPoolsFileOrThatThereIsNone) {
  Result<void> empty = validate(with(PageKind::hugetlb_1g), pools(8, 8));
  ASSERT_FALSE(empty.has_value());
  EXPECT_EQ(empty.error().kind, ExitCode::environment);
  EXPECT_NE(empty.error().hint.find("echo 2 > /sys/kernel/mm/hugepages/hugepages-1048576kB/nr_hugepages"),
            std::string::npos)
      << empty.error().hint;
  MachineLimits no_pool = testing::two_cpu_limits();
  no_pool.hugetlb_pools = {{kHugePageBytes, 8, 8}};
  Result<void> absent = validate(with(PageKind::hugetlb_1g), no_pool);
  ASSERT_FALSE(absent.has_value());
  EXPECT_EQ(absent.error().kind, ExitCode::environment);
  EXPECT_EQ(absent.error().message,
            "--pages hugetlb-1g: this machine has no hugetlb pool of 1 GiB pages (no "
            "/sys/kernel/mm/hugepages/hugepages-1048576kB): its CPU or kernel does not offer them");
  EXPECT_NE(absent.error().hint.find("hugepagesz=1G"), std::string::npos);
}

TEST(PageKinds, AnUnknownFreeCountLeavesItToTheAllocation) {
  MachineLimits l = testing::two_cpu_limits();
  l.hugetlb_pools = {{kHugePageBytes, std::nullopt, std::nullopt}};
  EXPECT_TRUE(validate(with(PageKind::hugetlb), l).has_value());
}

TEST(PageKinds, TheCheckSaysWhetherTheTwoMibPoolCanTakeTheDefaultBuffers) {
  MachineFacts f;
  f.hugetlb_pools = {{kHugePageBytes, 0, 0}};
  const auto meaning = [&f] {
    for (const Fact& fact : describe_machine(f)) {
      if (fact.name == "hugetlb pages") return fact.meaning;
    }
    return std::string();
  };
  EXPECT_EQ(meaning(),
            "--pages hugetlb is refused here: reserve them as root: echo 2 > /proc/sys/vm/nr_hugepages (pipetop "
            "never falls back to other pages)");
  f.hugetlb_pools = {{kHugePageBytes, 64, 64}};
  EXPECT_EQ(meaning(), "--pages hugetlb can take the 2 pages of the default buffers");
}

TEST(PageKinds, TheKeyCyclesThemAndGoesOnPastARefusedOne) {
  DashboardState s;
  const KeyBinding* key = find_key(kPagesKey.key);
  ASSERT_NE(key, nullptr);
  EXPECT_EQ(press(*key, s), KeyEffect::restart);
  EXPECT_EQ(page_kind(s.config), PageKind::thp);
  EXPECT_TRUE(s.config.huge_pages);
  EXPECT_TRUE(key_is_on(*key, s));
  ASSERT_EQ(press(*key, s), KeyEffect::restart);
  EXPECT_EQ(page_kind(s.config), PageKind::hugetlb);
  EXPECT_FALSE(s.config.huge_pages) << "one kind at a time";
  // The dashboard refused hugetlb (none reserved): it stays at thp, and the next press goes on to 1 GiB.
  s.config = with(PageKind::thp);
  s.pages_refused = PageKind::hugetlb;
  ASSERT_EQ(press(*key, s), KeyEffect::restart);
  EXPECT_EQ(page_kind(s.config), PageKind::hugetlb_1g);
  EXPECT_FALSE(s.pages_refused.has_value());
  ASSERT_EQ(press(*key, s), KeyEffect::restart);
  EXPECT_EQ(page_kind(s.config), PageKind::small);
  EXPECT_FALSE(key_is_on(*key, s));
}

TEST(PageKinds, HugePagesKeyLeavesAHugetlbKindForThp) {
  DashboardState s;
  s.config = with(PageKind::hugetlb);
  ASSERT_EQ(press(*find_key('h'), s), KeyEffect::restart);
  EXPECT_EQ(page_kind(s.config), PageKind::thp);
  EXPECT_EQ(s.config.pages, PageKind::small);
}

TEST(PageKinds, JsonAndCommandLineCarryTheKind) {
  for (const PageKindRow& row : kPageKinds) {
    testing::expect_json_round_trip(with(row.kind), "\"pages\":\"" + std::string(row.name) + "\"");
  }
  EXPECT_EQ(run_command_line(with(PageKind::hugetlb)), "pipetop run --pages hugetlb");
  EXPECT_EQ(run_command_line(with(PageKind::thp)), "pipetop run --huge-pages");
  EXPECT_EQ(describe_change(RunConfig{}, with(PageKind::hugetlb_1g)), "+hugetlb-1g");
}

}  // namespace
}  // namespace pipetop
