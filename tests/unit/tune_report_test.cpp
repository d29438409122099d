// The tuner's result for people and for scripts: winner, the article's configuration measured in the
// same run, their ratio, the command that reproduces the winner, and every trial.

#include "pipetop/core/tune_report.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "fake_trial_runner.hpp"
#include "pipetop/core/command_line.hpp"
#include "pipetop/core/config_change.hpp"
#include "pipetop/core/duration.hpp"
#include "pipetop/core/size.hpp"
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
  return tune(runner, tune_candidates(pinned_base(), limits(), CpuPair{0, 1}), article, 20 * kNsPerS, {});
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
  EXPECT_TRUE(contains(text, "  ratio      ×1.50 the article's final configuration, measured in this run\n")) << text;
  EXPECT_TRUE(contains(text, "  reproduce  " + run_command_line(winner_config()) + "\n")) << text;
  EXPECT_TRUE(contains(text,
                       "reproduce  pipetop run --writer vmsplice --reader splice --huge-pages --buffer-size 1MiB "
                       "--writer-cpu 0 --reader-cpu 1"))
      << text;
  // In that order.
  EXPECT_LT(text.find("winner"), text.find("article"));
  EXPECT_LT(text.find("article"), text.find("ratio"));
  EXPECT_LT(text.find("ratio"), text.find("reproduce"));
  EXPECT_LT(text.find("reproduce"), text.find("trials"));
}

TEST(TuneText, EveryTrialListedFailuresWithTheirReason) {
  const TuneResult result = sample_result();
  const std::string text = tune_text(result);
  const std::string trials = text.substr(text.find("  trials\n"));
  std::size_t lines = 0;
  for (const char ch : trials) lines += ch == '\n' ? 1u : 0u;
  EXPECT_EQ(lines, result.trials.size() + 1);
  for (const Trial& t : result.trials) EXPECT_TRUE(contains(trials, describe_config(t.outcome.config))) << text;
  EXPECT_TRUE(contains(trials, "failed")) << text;
  EXPECT_TRUE(contains(trials, "(mmap: Cannot allocate memory [ENOMEM])")) << text;
  EXPECT_TRUE(contains(trials, "30.00 GiB/s")) << text;
  EXPECT_TRUE(contains(trials, "10.00 GiB/s")) << text;
}

TEST(TuneText, NothingMovedData) {
  TuneResult result;
  Trial failed;
  failed.error = runtime_error("no data moved through the pipe");
  result.trials.push_back(failed);
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
  EXPECT_FALSE(contains(text, "ratio")) << text;
  EXPECT_TRUE(contains(text, "reproduce  pipetop run")) << text;
}

TEST(TuneText, FailedArticleSaysWhy) {
  TuneResult result = sample_result();
  result.article->error = runtime_error("splice: Invalid argument [EINVAL]");
  const std::string text = tune_text(result);
  EXPECT_TRUE(contains(text, "  article    failed: splice: Invalid argument [EINVAL]")) << text;
  EXPECT_FALSE(contains(text, "ratio")) << text;
}

TEST(TuneJson, OneDocumentWithWinnerArticleRatioAndTrials) {
  const TuneResult result = sample_result();
  const std::string text = tune_json(result);
  const std::optional<nlohmann::json> doc = test_json::parse(text);
  ASSERT_TRUE(doc.has_value()) << text;
  ASSERT_TRUE(doc->is_object());
  EXPECT_EQ(doc->at("type").get<std::string>(), "tune");
  ASSERT_TRUE(doc->at("ratio").is_number());
  EXPECT_DOUBLE_EQ(doc->at("ratio").get<double>(), 1.5);

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
  ASSERT_EQ(trials.size(), result.trials.size());
  bool saw_failure = false;
  for (std::size_t i = 0; i < trials.size(); ++i) {
    const nlohmann::json& t = trials[i];
    EXPECT_EQ(t.at("command").get<std::string>(), run_command_line(result.trials[i].outcome.config));
    if (result.trials[i].error) {
      saw_failure = true;
      EXPECT_TRUE(t.at("gib_per_s").is_null());
      EXPECT_EQ(t.at("error").get<std::string>(), result.trials[i].error->message);
    } else {
      ASSERT_TRUE(t.at("gib_per_s").is_number());
      EXPECT_DOUBLE_EQ(t.at("gib_per_s").get<double>(), *result.trials[i].gib_per_s());
      EXPECT_FALSE(t.contains("error"));
    }
  }
  EXPECT_TRUE(saw_failure);
}

TEST(TuneJson, NothingMovedData) {
  TuneResult result;
  Trial failed;
  failed.error = runtime_error("no data moved through the pipe");
  result.trials.push_back(failed);
  const std::optional<nlohmann::json> doc = test_json::parse(tune_json(result));
  ASSERT_TRUE(doc.has_value());
  EXPECT_TRUE(doc->at("ratio").is_null());
  EXPECT_TRUE(doc->at("best").is_null());
  EXPECT_TRUE(doc->at("article").is_null());
  ASSERT_EQ(doc->at("trials").size(), 1u);
  EXPECT_EQ(doc->at("trials")[0].at("error").get<std::string>(), "no data moved through the pipe");
}

}  // namespace
}  // namespace pipetop
