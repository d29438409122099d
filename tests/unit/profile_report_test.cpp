// Where the time goes in the reports: the JSON summary's profile.writer/reader and time.writer/reader
// (with the reader's pipe_fill), the text table, and what each says instead of percentages when a
// profile cannot show them.

#include "pipetop/core/profile/profile_report.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "fake_run.hpp"
#include "no_nan_or_inf.hpp"
#include "pipetop/core/report/report.hpp"
#include "profile_fixture.hpp"
#include "test_json.hpp"

namespace pipetop {
namespace {

using testing::FakeRun;

constexpr std::int64_t kSec = 1'000'000'000;
constexpr std::uint64_t kPipe = 64 * 1024;

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Two seconds of blocking write/read: samples every 10 ms, the reader finding the pipe empty at 90
// of its 201 looks, both workers read from /proc and profiled from the captured fixtures.
FakeRun profiled_run() {
  FakeRun o;
  o.pipe_bytes = kPipe;
  for (int i = 0; i <= 200; ++i) {
    const std::int64_t t = i * kSec / 100;
    o.writer.push_back(Sample{t, static_cast<std::uint64_t>(i) * kPipe, static_cast<std::uint64_t>(i), 0, 0, -1});
    o.reader.push_back(Sample{t, static_cast<std::uint64_t>(i) * kPipe, static_cast<std::uint64_t>(i), 0, 0,
                              i < 90 ? 0 : static_cast<std::int64_t>(kPipe / 2)});
  }
  for (const std::size_t i : {std::size_t{0}, std::size_t{1}}) {
    o.times[i] = {ProcessTimes{0, 0, 0, {0, 0}, 0, 0},
                  ProcessTimes{2 * kSec, kSec, kSec / 10, {kSec / 4, 3 * kSec / 4}, 20'000, 4}};
  }
  o.profiles[0] = testing::worker_profile_fixture("blocking-write-read.writer");
  o.profiles[1] = testing::worker_profile_fixture("blocking-write-read.reader");
  o.profiles[1]->tally.add_lost(7);
  return o;
}

nlohmann::json summary_of(const FakeRun& o) {
  const std::string text = summary_json(o.outcome());
  testing::expect_no_nan_or_inf(text);
  std::optional<nlohmann::json> parsed = test_json::parse(text);
  EXPECT_TRUE(parsed) << text;
  return parsed.value_or(nlohmann::json{});
}

TEST(ProfileReport, JsonProfileOfEachWorker) {
  const nlohmann::json summary = summary_of(profiled_run());
  ASSERT_TRUE(summary.contains("profile"));
  for (const char* worker : {"writer", "reader"}) {
    SCOPED_TRACE(worker);
    const nlohmann::json& p = summary.at("profile").at(worker);
    EXPECT_EQ(p.at("event").get<std::string>(), "cpu-clock");
    EXPECT_EQ(p.at("mode").get<std::string>(), "kernel+user");
    EXPECT_EQ(p.at("frequency_hz").get<double>(), 1000);
    EXPECT_EQ(p.at("samples").get<double>(), 400);
    EXPECT_FALSE(p.contains("note"));
    const nlohmann::json& categories = p.at("categories");
    ASSERT_EQ(categories.size(), kProfileCategoryCount);
    double total = 0;
    for (const nlohmann::json& c : categories) total += c.at("share").get<double>();
    EXPECT_NEAR(total, 1.0, 1e-9);
    EXPECT_EQ(categories[0].at("name").get<std::string>(), "wait_wake");
    EXPECT_EQ(categories[0].at("label").get<std::string>(), "wait and wake-up");
    const nlohmann::json& top = p.at("top");
    ASSERT_FALSE(top.empty());
    EXPECT_LE(top.size(), kSummaryTopStacks);
    EXPECT_LE(top[0].at("frames").size(), kTopStackFrames);
    EXPECT_GT(top[0].at("share").get<double>(), 0.0);
  }
  EXPECT_EQ(summary.at("profile").at("reader").at("lost").get<double>(), 7);
  EXPECT_EQ(summary.at("profile").at("writer").at("lost").get<double>(), 0);
  // The captured writer waits and wakes: the JSON says as much as the tally.
  const double wait =
      testing::share_of(testing::tally_fixture("blocking-write-read.writer"), ProfileCategory::wait_wake);
  EXPECT_DOUBLE_EQ(summary.at("profile").at("writer").at("categories")[0].at("share").get<double>(), wait);
}

TEST(ProfileReport, JsonTimeSharesAndThePipesFill) {
  const nlohmann::json summary = summary_of(profiled_run());
  const nlohmann::json& writer = summary.at("time").at("writer");
  double total = 0;
  for (const char* key : {"user", "kernel", "cpu_wait", "sleeping", "spinning"}) total += writer.at(key).get<double>();
  EXPECT_NEAR(total, 1.0, 1e-9);
  EXPECT_NEAR(writer.at("cpu_wait").get<double>(), 0.05, 1e-9);
  EXPECT_NEAR(writer.at("sleeping").get<double>(), 0.45, 1e-9);
  EXPECT_EQ(writer.at("user_kernel_split").get<std::string>(), "profile");
  EXPECT_EQ(writer.at("voluntary_switches_per_s").get<double>(), 10'000);
  EXPECT_FALSE(writer.contains("pipe_fill"));
  const nlohmann::json& fill = summary.at("time").at("reader").at("pipe_fill");
  EXPECT_EQ(fill.at("samples").get<double>(), 201);
  EXPECT_NEAR(fill.at("empty").get<double>(), 90.0 / 201, 1e-9);
  EXPECT_EQ(fill.at("full").get<double>(), 0);
  EXPECT_EQ(fill.at("bottleneck").get<std::string>(),
            "neither side waits for long: the pipe is full 0%, empty 45% of the time");
}

TEST(ProfileReport, UnprofiledRunsHaveTimeButNoProfile) {
  FakeRun o = profiled_run();
  o.profiles = {};
  o.times[1].clear();
  const nlohmann::json summary = summary_of(o);
  EXPECT_FALSE(summary.contains("profile"));
  EXPECT_TRUE(summary.at("time").at("writer").is_object());
  EXPECT_EQ(summary.at("time").at("writer").at("user_kernel_split").get<std::string>(), "ticks");
  EXPECT_TRUE(summary.at("time").at("reader").is_null());
  EXPECT_EQ(profile_table(summarize(o.outcome())), "");
}

TEST(ProfileReport, ANoteInsteadOfPercentages) {
  FakeRun o = profiled_run();
  o.profiles[0] = WorkerProfile{{"cpu-clock", ProfileMode::kernel_and_user, "", 1000}, {}};
  for (int i = 0; i < 42; ++i) o.profiles[0]->tally.add(ProfileSample{{ProfileFrame{"main", false}}});
  o.profiles[1] = WorkerProfile{{"cpu-clock", ProfileMode::unavailable, "cannot sample process 7: EACCES", 1000}, {}};
  const nlohmann::json summary = summary_of(o);
  const nlohmann::json& writer = summary.at("profile").at("writer");
  EXPECT_EQ(writer.at("note").get<std::string>(), "too few samples (42 of the 100 a share needs)");
  EXPECT_TRUE(writer.at("categories").empty());
  EXPECT_TRUE(writer.at("top").empty());
  const nlohmann::json& reader = summary.at("profile").at("reader");
  EXPECT_EQ(reader.at("mode").get<std::string>(), "unavailable");
  EXPECT_EQ(reader.at("note").get<std::string>(), "unavailable: cannot sample process 7: EACCES");
  const std::string table = profile_table(summarize(o.outcome()));
  EXPECT_TRUE(has(table, "writer: 42 samples; too few samples (42 of the 100 a share needs)")) << table;
  EXPECT_TRUE(has(table, "reader: 0 samples; unavailable: cannot sample process 7: EACCES")) << table;
  EXPECT_FALSE(has(table, "%")) << table;
}

TEST(ProfileReport, TheTextTablePutsWriterBesideReaderWithTheTopStacks) {
  const std::string table = profile_table(summarize(profiled_run().outcome()));
  EXPECT_TRUE(has(table, "where the time goes (cpu-clock at 1000 Hz, kernel and user frames)")) << table;
  EXPECT_TRUE(has(table, "wait and wake-up")) << table;
  EXPECT_TRUE(has(table, "writer: 400 samples\n")) << table;
  EXPECT_TRUE(has(table, "reader: 400 samples, 7 lost\n")) << table;
  EXPECT_TRUE(has(table, " ← ")) << table;
  // One row per category, each with two shares.
  for (const CategoryRule& rule : category_rules()) EXPECT_TRUE(has(table, std::string(rule.name))) << rule.name;
}

TEST(ProfileReport, TheTextSummaryShowsTimeSharesAndTheTable) {
  const std::string text = make_report(OutputFormat::text)->summary(profiled_run().outcome());
  EXPECT_TRUE(has(text, "  time         writer  user ")) << text;
  EXPECT_TRUE(has(text, "               reader  user ")) << text;
  EXPECT_TRUE(has(text, "10.0 k voluntary/s")) << text;
  EXPECT_TRUE(has(text, "  pipe         neither side waits for long")) << text;
  EXPECT_TRUE(has(text, "where the time goes")) << text;
}

TEST(ProfileReport, OneLineGivesTheLargestSharesOrTheNote) {
  ProfileSummary summary = summarize_profile(testing::worker_profile_fixture("busy-vmsplice-splice-huge.writer"));
  const std::string line = profile_line(summary, 2);
  EXPECT_EQ(std::count(line.begin(), line.end(), '%'), 2) << line;
  EXPECT_FALSE(has(line, "wait/wake")) << line;  // the busy loop barely waits
  summary.samples = 10;
  EXPECT_EQ(profile_line(summary), "too few samples (10 of the 100 a share needs)");
}

}  // namespace
}  // namespace pipetop
