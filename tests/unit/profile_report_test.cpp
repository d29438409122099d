// Where the time goes in the reports: the JSON summary's profile.writer/reader and time.writer/reader
// (with the reader's pipe_fill), the text table, and what each says instead of percentages when a
// profile cannot show them.

#include "pipetop/core/profile_report.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "mini_json.hpp"
#include "no_nan_or_inf.hpp"
#include "pipetop/core/report.hpp"
#include "profile_fixture.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kSec = 1'000'000'000;
constexpr std::uint64_t kPipe = 64 * 1024;

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Two seconds of blocking write/read: samples every 10 ms, the reader finding the pipe empty at 90
// of its 201 looks, both workers read from /proc and profiled from the captured fixtures.
RunOutcome profiled_run() {
  RunOutcome o;
  o.pipe_bytes = kPipe;
  for (int i = 0; i <= 200; ++i) {
    const std::int64_t t = i * kSec / 100;
    o.writer.push_back(Sample{t, static_cast<std::uint64_t>(i) * kPipe, static_cast<std::uint64_t>(i), 0, 0, -1});
    o.reader.push_back(Sample{t, static_cast<std::uint64_t>(i) * kPipe, static_cast<std::uint64_t>(i), 0, 0,
                              i < 90 ? 0 : static_cast<std::int64_t>(kPipe / 2)});
  }
  for (const std::size_t i : {std::size_t{0}, std::size_t{1}}) {
    o.times_first[i] = ProcessTimes{0, 0, 0, {0, 0}, 0, 0};
    o.times_last[i] = ProcessTimes{2 * kSec, kSec, kSec / 10, {kSec / 4, 3 * kSec / 4}, 20'000, 4};
  }
  o.profiles[0] = testing::worker_profile_fixture("blocking-write-read.writer");
  o.profiles[1] = testing::worker_profile_fixture("blocking-write-read.reader");
  o.profiles[1]->tally.add_lost(7);
  return o;
}

mini_json::Value summary_of(const RunOutcome& o) {
  const std::string text = summary_json(o);
  testing::expect_no_nan_or_inf(text);
  std::optional<mini_json::Value> parsed = mini_json::Parser(text).parse_document();
  EXPECT_TRUE(parsed) << text;
  return parsed.value_or(mini_json::Value{});
}

TEST(ProfileReport, JsonProfileOfEachWorker) {
  const mini_json::Value summary = summary_of(profiled_run());
  ASSERT_TRUE(summary.has("profile"));
  for (const char* worker : {"writer", "reader"}) {
    SCOPED_TRACE(worker);
    const mini_json::Value& p = summary.at("profile").at(worker);
    EXPECT_EQ(p.at("event").as_string(), "cpu-clock");
    EXPECT_EQ(p.at("mode").as_string(), "kernel+user");
    EXPECT_EQ(p.at("frequency_hz").as_number(), 1000);
    EXPECT_EQ(p.at("samples").as_number(), 400);
    EXPECT_FALSE(p.has("note"));
    const mini_json::Array& categories = p.at("categories").as_array();
    ASSERT_EQ(categories.size(), kProfileCategoryCount);
    double total = 0;
    for (const mini_json::Value& c : categories) total += c.at("share").as_number();
    EXPECT_NEAR(total, 1.0, 1e-9);
    EXPECT_EQ(categories[0].at("name").as_string(), "wait_wake");
    EXPECT_EQ(categories[0].at("label").as_string(), "wait and wake-up");
    const mini_json::Array& top = p.at("top").as_array();
    ASSERT_FALSE(top.empty());
    EXPECT_LE(top.size(), kSummaryTopStacks);
    EXPECT_LE(top[0].at("frames").as_array().size(), kTopStackFrames);
    EXPECT_GT(top[0].at("share").as_number(), 0.0);
  }
  EXPECT_EQ(summary.at("profile").at("reader").at("lost").as_number(), 7);
  EXPECT_EQ(summary.at("profile").at("writer").at("lost").as_number(), 0);
  // The captured writer waits and wakes: the JSON says as much as the tally.
  const double wait =
      testing::share_of(testing::tally_fixture("blocking-write-read.writer"), ProfileCategory::wait_wake);
  EXPECT_DOUBLE_EQ(summary.at("profile").at("writer").at("categories").as_array()[0].at("share").as_number(), wait);
}

TEST(ProfileReport, JsonTimeSharesAndThePipesFill) {
  const mini_json::Value summary = summary_of(profiled_run());
  const mini_json::Value& writer = summary.at("time").at("writer");
  double total = 0;
  for (const char* key : {"user", "kernel", "cpu_wait", "sleeping", "spinning"}) total += writer.at(key).as_number();
  EXPECT_NEAR(total, 1.0, 1e-9);
  EXPECT_NEAR(writer.at("cpu_wait").as_number(), 0.05, 1e-9);
  EXPECT_NEAR(writer.at("sleeping").as_number(), 0.45, 1e-9);
  EXPECT_EQ(writer.at("user_kernel_split").as_string(), "profile");
  EXPECT_EQ(writer.at("voluntary_switches_per_s").as_number(), 10'000);
  EXPECT_FALSE(writer.has("pipe_fill"));
  const mini_json::Value& fill = summary.at("time").at("reader").at("pipe_fill");
  EXPECT_EQ(fill.at("samples").as_number(), 201);
  EXPECT_NEAR(fill.at("empty").as_number(), 90.0 / 201, 1e-9);
  EXPECT_EQ(fill.at("full").as_number(), 0);
  EXPECT_EQ(fill.at("bottleneck").as_string(),
            "neither side waits for long: the pipe is full 0%, empty 45% of the time");
}

TEST(ProfileReport, UnprofiledRunsHaveTimeButNoProfile) {
  RunOutcome o = profiled_run();
  o.profiles = {};
  o.times_first[1].reset();
  const mini_json::Value summary = summary_of(o);
  EXPECT_FALSE(summary.has("profile"));
  EXPECT_TRUE(summary.at("time").at("writer").is_object());
  EXPECT_EQ(summary.at("time").at("writer").at("user_kernel_split").as_string(), "ticks");
  EXPECT_TRUE(summary.at("time").at("reader").is_null());
  EXPECT_EQ(profile_table(summarize(o)), "");
}

TEST(ProfileReport, ANoteInsteadOfPercentages) {
  RunOutcome o = profiled_run();
  o.profiles[0] = WorkerProfile{{"cpu-clock", ProfileMode::kernel_and_user, "", 1000}, {}};
  for (int i = 0; i < 42; ++i) o.profiles[0]->tally.add(ProfileSample{{ProfileFrame{"main", false}}});
  o.profiles[1] = WorkerProfile{{"cpu-clock", ProfileMode::unavailable, "cannot sample process 7: EACCES", 1000}, {}};
  const mini_json::Value summary = summary_of(o);
  const mini_json::Value& writer = summary.at("profile").at("writer");
  EXPECT_EQ(writer.at("note").as_string(), "too few samples (42 of the 100 a share needs)");
  EXPECT_TRUE(writer.at("categories").as_array().empty());
  EXPECT_TRUE(writer.at("top").as_array().empty());
  const mini_json::Value& reader = summary.at("profile").at("reader");
  EXPECT_EQ(reader.at("mode").as_string(), "unavailable");
  EXPECT_EQ(reader.at("note").as_string(), "unavailable: cannot sample process 7: EACCES");
  const std::string table = profile_table(summarize(o));
  EXPECT_TRUE(has(table, "writer: 42 samples; too few samples (42 of the 100 a share needs)")) << table;
  EXPECT_TRUE(has(table, "reader: 0 samples; unavailable: cannot sample process 7: EACCES")) << table;
  EXPECT_FALSE(has(table, "%")) << table;
}

TEST(ProfileReport, TheTextTablePutsWriterBesideReaderWithTheTopStacks) {
  const std::string table = profile_table(summarize(profiled_run()));
  EXPECT_TRUE(has(table, "where the time goes (cpu-clock at 1000 Hz, kernel and user frames)")) << table;
  EXPECT_TRUE(has(table, "wait and wake-up")) << table;
  EXPECT_TRUE(has(table, "writer: 400 samples\n")) << table;
  EXPECT_TRUE(has(table, "reader: 400 samples, 7 lost\n")) << table;
  EXPECT_TRUE(has(table, " ← ")) << table;
  // One row per category, each with two shares.
  for (const CategoryRule& rule : category_rules()) EXPECT_TRUE(has(table, std::string(rule.name))) << rule.name;
}

TEST(ProfileReport, TheTextSummaryShowsTimeSharesAndTheTable) {
  const std::string text = make_report(OutputFormat::text)->summary(profiled_run());
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
