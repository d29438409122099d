// The tuner's result for people and for scripts: winner, the article's configuration confirmed against
// it in paired rounds, their ratio with its interval, the command that reproduces the winner, how the
// race went, and every configuration raced.

#include "pipetop/core/report/tune_report.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "fake_trial_runner.hpp"
#include "pipetop/core/base/duration.hpp"
#include "pipetop/core/base/size.hpp"
#include "pipetop/core/config/command_line.hpp"
#include "pipetop/core/config/config_change.hpp"
#include "test_json.hpp"

namespace pipetop {
namespace {

using testing::FakeTrialRunner;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

RunConfig pinned_base() {
  RunConfig base;
  base.writer_cpu = 0;
  base.reader_cpu = 1;
  return base;
}

MachineLimits limits() {
  MachineLimits l;
  l.online_cpus = {0, 1, 2, 3};
  return l;
}

// A tune where 1 MiB with huge pages and no busy loop wins at 30 GiB/s, the article's configuration
// runs at 20 GiB/s, and the 64 KiB candidates fail.
TuneResult sample_result() {
  const RunConfig article = article_final(pinned_base());
  FakeTrialRunner runner([article](const RunConfig& c, std::int64_t) -> std::optional<double> {
    if (c.buffer_bytes == kMiB && c.huge_pages && !c.busy_loop) return 30.0;
    if (c.buffer_bytes == article.buffer_bytes && c.huge_pages && c.busy_loop && c.writer_cpu == 0 &&
        c.reader_cpu == 1) {
      return 20.0;
    }
    return 10.0;
  });
  runner.fail_when([](const RunConfig& c) { return c.buffer_bytes == 64 * kKiB; },
                   "mmap: Cannot allocate memory [ENOMEM]");
  return tune(runner, tune_candidates(pinned_base(), limits(), CpuPair{0, 1}), article, 20 * kNsPerS, nullptr, {});
}

RunConfig winner_config() {
  RunConfig c = article_final(pinned_base());
  c.buffer_bytes = kMiB;
  c.busy_loop = false;
  return c;
}

TEST(TuneText, WinnerArticleRatioReproduce) {
  const TuneResult result = sample_result();
  ASSERT_TRUE(result.best.has_value());
  const std::string text = tune_text(result);
  EXPECT_TRUE(contains(text, "  winner     30.00 GiB/s   " + describe_config(winner_config()) + "\n")) << text;
  EXPECT_TRUE(contains(text, "  article    20.00 GiB/s   " + describe_config(article_final(pinned_base())) + "\n"))
      << text;
  EXPECT_TRUE(
      contains(text, "  ratio      ×1.50 the article's final configuration (95% CI 1.50–1.50, 6 paired rounds)\n"))
      << text;
  EXPECT_TRUE(contains(text, "  reproduce  " + run_command_line(winner_config()) + "\n")) << text;
  EXPECT_TRUE(contains(text,
                       "reproduce  pipetop run --writer vmsplice --reader splice --huge-pages --buffer-size 1MiB "
                       "--writer-cpu 0 --reader-cpu 1"))
      << text;
  EXPECT_TRUE(contains(text,
                       "  race       14 configurations in 6 rounds of 67ms: 11 dropped, 1 took the lead; "
                       "stopped: every comparison left known within ±2%\n"))
      << text;
  EXPECT_TRUE(contains(text,
                       "  confirm    6 rounds of 100ms kept, 0 dropped (disturbed); stopped: every comparison "
                       "left known within ±2%\n"))
      << text;
  EXPECT_TRUE(contains(text, "  stability  ")) << text;
  // In that order.
  EXPECT_LT(text.find("winner"), text.find("article"));
  EXPECT_LT(text.find("article"), text.find("ratio"));
  EXPECT_LT(text.find("ratio"), text.find("reproduce"));
  EXPECT_LT(text.find("reproduce"), text.find("  race "));
  EXPECT_LT(text.find("  race "), text.find("configurations raced"));
}

TEST(TuneText, EveryConfigurationListedWithWhatBecameOfIt) {
  const TuneResult result = sample_result();
  const std::string text = tune_text(result);
  const std::string raced = text.substr(text.find("  configurations raced"));
  std::size_t lines = 0;
  for (const char ch : raced) lines += ch == '\n' ? 1u : 0u;
  EXPECT_EQ(lines, result.arms.size() + 1);
  for (const RunConfig& c : result.arms) EXPECT_TRUE(contains(raced, describe_config(c))) << text;
  EXPECT_TRUE(contains(raced, "failed (mmap: Cannot allocate memory [ENOMEM])")) << text;
  EXPECT_TRUE(contains(raced, "30.00 GiB/s   " + describe_config(winner_config()) + "  (winner)")) << text;
  EXPECT_TRUE(contains(raced, "10.00 GiB/s")) << text;
  // The article's, dropped against the winner once the interval showed it slower.
  EXPECT_TRUE(contains(raced, "20.00 GiB/s   " + describe_config(article_final(pinned_base())) +
                                  "  (dropped after round 6: ×0.67 (95% CI 0.67–0.67) the incumbent)"))
      << text;
}

TEST(TuneText, NothingMovedData) {
  const TuneResult result{};
  const std::string text = tune_text(result);
  EXPECT_TRUE(contains(text, "no configuration moved any data")) << text;
  EXPECT_FALSE(contains(text, "winner")) << text;
  EXPECT_FALSE(contains(text, "reproduce")) << text;
}

TEST(TuneText, NoRatioWithoutTheArticle) {
  TuneResult result = sample_result();
  result.article.reset();
  const std::string text = tune_text(result);
  EXPECT_TRUE(contains(text, "winner")) << text;
  EXPECT_FALSE(contains(text, "  article ")) << text;
  EXPECT_FALSE(contains(text, "  ratio ")) << text;
  EXPECT_TRUE(contains(text, "reproduce  pipetop run")) << text;
}

TEST(TuneText, FailedArticleSaysWhy) {
  TuneResult result = sample_result();
  result.article->error = runtime_error("splice: Invalid argument [EINVAL]");
  const std::string text = tune_text(result);
  EXPECT_TRUE(contains(text, "  article    failed: splice: Invalid argument [EINVAL]")) << text;
  EXPECT_FALSE(contains(text, "  ratio ")) << text;
}

TEST(TuneJson, OneDocumentWithWinnerArticleRatioIntervalAndEveryConfiguration) {
  const TuneResult result = sample_result();
  const std::string text = tune_json(result);
  const std::optional<nlohmann::json> doc = test_json::parse(text);
  ASSERT_TRUE(doc.has_value()) << text;
  ASSERT_TRUE(doc->is_object());
  EXPECT_EQ(doc->at("type").get<std::string>(), "tune");
  ASSERT_TRUE(doc->at("ratio").is_number());
  EXPECT_DOUBLE_EQ(doc->at("ratio").get<double>(), 1.5);
  ASSERT_TRUE(doc->at("ci95").is_array());
  EXPECT_DOUBLE_EQ(doc->at("ci95")[0].get<double>(), 1.5);
  EXPECT_DOUBLE_EQ(doc->at("ci95")[1].get<double>(), 1.5);
  EXPECT_EQ(doc->at("race").at("rounds").get<int>(), 6);
  EXPECT_EQ(doc->at("race").at("stop").get<std::string>(), "precise");
  EXPECT_EQ(doc->at("confirmation").at("kept").get<int>(), 6);
  EXPECT_EQ(doc->at("confirmation").at("stop").get<std::string>(), "precise");
  EXPECT_TRUE(doc->at("stability").at("words").is_string());

  const nlohmann::json& best = doc->at("best");
  ASSERT_TRUE(best.is_object());
  EXPECT_EQ(best.at("type").get<std::string>(), "summary");
  EXPECT_EQ(best.at("command").get<std::string>(), run_command_line(winner_config()));
  EXPECT_TRUE(best.at("config").is_object());
  EXPECT_EQ(best.at("config").at("buffer-size").get<double>(), static_cast<double>(kMiB));

  const nlohmann::json& article = doc->at("article");
  ASSERT_TRUE(article.is_object());
  EXPECT_EQ(article.at("command").get<std::string>(), run_command_line(article_final(pinned_base())));

  ASSERT_TRUE(doc->at("trials").is_array());
  const nlohmann::json& trials = doc->at("trials");
  ASSERT_EQ(trials.size(), result.arms.size());
  bool saw_failure = false;
  std::size_t winners = 0;
  for (std::size_t i = 0; i < trials.size(); ++i) {
    const nlohmann::json& t = trials[i];
    EXPECT_EQ(t.at("command").get<std::string>(), run_command_line(result.arms[i]));
    winners += t.at("winner").get<bool>() ? 1u : 0u;
    if (result.race->failure(i)) {
      saw_failure = true;
      EXPECT_TRUE(t.at("gib_per_s").is_null());
      EXPECT_EQ(t.at("error").get<std::string>(), result.race->failure(i)->message);
    } else {
      ASSERT_TRUE(t.at("gib_per_s").is_number());
      EXPECT_DOUBLE_EQ(t.at("gib_per_s").get<double>(), *result.race->arm_figures(i).median_gib_per_s);
      EXPECT_FALSE(t.contains("error"));
    }
    if (const TuneDrop* drop = result.standings.drop_of(i)) {
      EXPECT_EQ(t.at("dropped_after_round").get<int>(), 6);
      EXPECT_LT(t.at("vs_incumbent").at("ratio").get<double>(), 1.0);
      EXPECT_LT(t.at("vs_incumbent").at("ci95")[1].get<double>(), 1.0);
      EXPECT_EQ(drop->after_round, 6u);
    } else {
      EXPECT_TRUE(t.at("dropped_after_round").is_null());
      EXPECT_TRUE(t.at("vs_incumbent").is_null());
    }
  }
  EXPECT_TRUE(saw_failure);
  EXPECT_EQ(winners, 1u);
}

TEST(TuneJson, NothingMovedData) {
  const TuneResult result{};
  const std::optional<nlohmann::json> doc = test_json::parse(tune_json(result));
  ASSERT_TRUE(doc.has_value());
  EXPECT_TRUE(doc->at("ratio").is_null());
  EXPECT_TRUE(doc->at("ci95").is_null());
  EXPECT_TRUE(doc->at("best").is_null());
  EXPECT_TRUE(doc->at("article").is_null());
  EXPECT_TRUE(doc->at("race").is_null());
  EXPECT_TRUE(doc->at("trials").empty());
}

}  // namespace
}  // namespace pipetop
