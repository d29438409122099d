// Every page kind and prefault method this machine allows, through the real binary with --verify: the
// bytes arrive intact and the JSON summary names the kind and the method, with each worker's set-up
// faults apart from its transfer's. Hugetlb pages that are not free are refused with exit 3 and the
// command that reserves them (never replaced by other pages); 1 GiB pages likewise.

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <utility>

#include "run_binary.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;

std::optional<long> free_pages(const char* pool) {
  std::ifstream in(std::string("/sys/kernel/mm/hugepages/") + pool + "/free_hugepages");
  long value = 0;
  if (!(in >> value)) return std::nullopt;
  return value;
}

// The summary line of `run --format json` output.
nlohmann::json summary_of(const std::string& out) {
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) {
    const nlohmann::json doc = nlohmann::json::parse(line, nullptr, false);
    if (doc.is_object() && doc.value("type", "") == "summary") return doc;
  }
  return {};
}

// 0 is the page-aligned offset (the seed's aligned_alloc), in any of a size's spellings; not a size of 0.
TEST(BufferOffsetCli, ZeroIsPageAligned) {
  for (const char* zero : {"0", "0B", "0KiB"}) {
    const testing::Ran ran = testing::run_binary({"run", "--writer", "vmsplice", "--buffer-offset", zero, "--verify",
                                                  "--duration", "300ms", "--format", "json", "-q"},
                                                 60s);
    ASSERT_EQ(ran.exit_code, 0) << zero << ": " << ran.err;
    EXPECT_EQ(summary_of(ran.out).at("config").at("buffer-offset"), 0) << ran.out;
  }
  const testing::Ran bad = testing::run_binary({"run", "--buffer-offset", "0Q", "--duration", "300ms"}, 60s);
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("invalid offset '0Q'"), std::string::npos) << bad.err;
}

class PagesVerify : public ::testing::TestWithParam<std::pair<const char*, const char*>> {};

TEST_P(PagesVerify, EveryByteArrivesIntactAndTheSummaryNamesThem) {
  const auto [pages, prefault] = GetParam();
  if (std::string(pages) == "hugetlb" && free_pages("hugepages-2048kB").value_or(0) < 2) {
    GTEST_SKIP() << "fewer than 2 free 2 MiB hugetlb pages (as root: echo 2 > /proc/sys/vm/nr_hugepages)";
  }
  const testing::Ran ran = testing::run_binary(
      {"run", "--pages", pages, "--prefault", prefault, "--verify", "--duration", "300ms", "--format", "json", "-q"},
      60s);
  ASSERT_FALSE(ran.timed_out);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_NE(ran.out.find("\"mismatches\":0,\"ok\":true}"), std::string::npos) << ran.out;
  const nlohmann::json summary = summary_of(ran.out);
  ASSERT_TRUE(summary.is_object()) << ran.out;
  const nlohmann::json& buffers = summary.at("buffers");
  EXPECT_EQ(buffers.at("pages"), pages);
  EXPECT_EQ(buffers.at("prefault"), prefault);
  EXPECT_EQ(summary.at("config").at("pages"), pages);
  EXPECT_EQ(summary.at("config").at("prefault"), prefault);
  for (const char* worker : {"writer", "reader"}) {
    EXPECT_GE(buffers.at(worker).at("setup_s").get<double>(), 0.0) << worker;
    EXPECT_TRUE(buffers.at(worker).at("setup_faults").at("minor").is_number_unsigned()) << worker;
    EXPECT_TRUE(buffers.at(worker).at("transfer_faults").at("major").is_number_unsigned()) << worker;
  }
}

INSTANTIATE_TEST_SUITE_P(Cli, PagesVerify,
                         ::testing::Values(std::pair{"small", "touch"}, std::pair{"small", "populate"},
                                           std::pair{"small", "madvise"}, std::pair{"small", "none"},
                                           std::pair{"thp", "touch"}, std::pair{"thp", "madvise"},
                                           std::pair{"thp", "none"}, std::pair{"hugetlb", "touch"},
                                           std::pair{"hugetlb", "populate"}, std::pair{"hugetlb", "madvise"},
                                           std::pair{"hugetlb", "none"}));

TEST(PagesCli, WithoutPrefaultTheFaultsMoveFromTheSetUpIntoTheTransfer) {
  // 1 MiB buffers: 257 pages each from 16 bytes in.
  const auto faults = [](const char* prefault) {
    const testing::Ran ran = testing::run_binary(
        {"run", "--prefault", prefault, "--buffer-size", "1MiB", "--duration", "200ms", "--format", "json", "-q"}, 60s);
    EXPECT_EQ(ran.exit_code, 0) << ran.err;
    const nlohmann::json writer = summary_of(ran.out).at("buffers").at("writer");
    return std::pair{writer.at("setup_faults").at("minor").get<std::uint64_t>(),
                     writer.at("transfer_faults").at("minor").get<std::uint64_t>()};
  };
  const auto [touch_setup, touch_transfer] = faults("touch");
  const auto [none_setup, none_transfer] = faults("none");
  EXPECT_GE(touch_setup, 257U);
  EXPECT_GE(none_transfer, 257U);
  EXPECT_LT(none_setup, touch_setup);
  EXPECT_LT(touch_transfer, none_transfer);
}

TEST(PagesCli, TheTextSummaryHasTheBuffersLine) {
  const testing::Ran ran = testing::run_binary({"run", "--prefault", "madvise", "--duration", "200ms", "-q"}, 60s);
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_NE(ran.out.find("  buffers      small pages, prefault madvise: set-up writer "), std::string::npos) << ran.out;
  EXPECT_NE(ran.out.find("rerun        pipetop run --prefault madvise"), std::string::npos) << ran.out;
}

TEST(PagesCli, HugetlbWithTooFewFreePagesExitsThreeSayingWhatToRun) {
  const std::optional<long> free = free_pages("hugepages-2048kB");
  if (!free) GTEST_SKIP() << "no 2 MiB hugetlb pool";
  // A buffer each worker needs more pages for than are free between them.
  const long per_buffer = *free / 2 + 1;
  if (per_buffer * 2 > 512) GTEST_SKIP() << *free << " pages free: more than a 1 GiB buffer takes";
  const std::string size = std::to_string(per_buffer * 2) + "MiB";
  const testing::Ran ran = testing::run_binary(
      {"run", "--pages", "hugetlb", "--buffer-size", size, "--buffer-offset", "0", "--duration", "200ms"}, 30s);
  EXPECT_EQ(ran.exit_code, 3) << ran.err;
  EXPECT_NE(ran.err.find("--pages hugetlb needs " + std::to_string(per_buffer * 2) + " free 2 MiB hugetlb pages"),
            std::string::npos)
      << ran.err;
  EXPECT_NE(ran.err.find("> /proc/sys/vm/nr_hugepages"), std::string::npos) << ran.err;
  EXPECT_NE(ran.err.find("never falls back"), std::string::npos) << ran.err;
}

TEST(PagesCli, OneGibPagesThatAreNotFreeAreRefusedClearly) {
  if (free_pages("hugepages-1048576kB").value_or(0) >= 2) GTEST_SKIP() << "1 GiB pages are free here";
  const testing::Ran ran = testing::run_binary({"run", "--pages", "hugetlb-1g", "--duration", "200ms"}, 30s);
  EXPECT_EQ(ran.exit_code, 3) << ran.err;
  EXPECT_NE(ran.err.find("--pages hugetlb-1g"), std::string::npos) << ran.err;
  EXPECT_NE(ran.err.find("1 GiB"), std::string::npos) << ran.err;
}

TEST(PagesCli, RefusalsAreUsageErrorsWithTheReason) {
  const testing::Ran populate = testing::run_binary({"run", "--huge-pages", "--prefault", "populate"}, 30s);
  EXPECT_EQ(populate.exit_code, 2);
  EXPECT_NE(populate.err.find("MAP_POPULATE"), std::string::npos) << populate.err;
  const testing::Ran both = testing::run_binary({"run", "--huge-pages", "--pages", "hugetlb"}, 30s);
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_NE(both.err.find("contradicts --pages hugetlb"), std::string::npos) << both.err;
  const testing::Ran unknown = testing::run_binary({"run", "--pages", "giant"}, 30s);
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("--pages: unknown page kind 'giant'"), std::string::npos) << unknown.err;
}

}  // namespace
}  // namespace pipetop
