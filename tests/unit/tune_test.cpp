// The tuner with a fake TrialRunner: the candidates (and those validate() refuses), the budget on a
// fake clock, the confirmation of the leaders next to the article's final configuration, the winner
// and its ratio, and failing trials.

#include "pipetop/core/tune.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "fake_trial_runner.hpp"
#include "pipetop/core/duration.hpp"
#include "pipetop/core/size.hpp"
#include "pipetop/core/tune_report.hpp"

namespace pipetop {
namespace {

using testing::FakeTrialRunner;

// The base as plan_workers hands it over: pinned on two separate cores.
RunConfig pinned_base() {
  RunConfig base;
  base.writer_cpu = 0;
  base.reader_cpu = 1;
  return base;
}

MachineLimits user_limits() {
  MachineLimits limits;
  limits.page_bytes = 4096;
  limits.pipe_max_bytes = kMiB;
  limits.may_exceed_pipe_max = false;
  limits.online_cpus = {0, 1, 2, 3};
  return limits;
}

const CpuPair kSeparate{0, 1};

std::vector<RunConfig> candidates(const MachineLimits& limits = user_limits()) {
  return tune_candidates(pinned_base(), limits, kSeparate);
}

bool same_config(const RunConfig& a, const RunConfig& b) {
  return std::tie(a.writer, a.reader, a.huge_pages, a.busy_loop, a.poll, a.gift, a.buffer_bytes, a.pipe_bytes,
                  a.writer_cpu, a.reader_cpu) == std::tie(b.writer, b.reader, b.huge_pages, b.busy_loop, b.poll, b.gift,
                                                          b.buffer_bytes, b.pipe_bytes, b.writer_cpu, b.reader_cpu);
}

bool has(const std::vector<RunConfig>& list, const RunConfig& c) {
  return std::any_of(list.begin(), list.end(), [&](const RunConfig& o) { return same_config(o, c); });
}

RunConfig variant(std::uint64_t buffer, bool huge, bool busy, std::optional<int> writer_cpu = 0,
                  std::optional<int> reader_cpu = 1) {
  RunConfig c = article_final(pinned_base());
  c.buffer_bytes = buffer;
  c.huge_pages = huge;
  c.busy_loop = busy;
  c.writer_cpu = writer_cpu;
  c.reader_cpu = reader_cpu;
  return c;
}

// ---- article_final ------------------------------------------------------------------------------

TEST(ArticleFinal, VmspliceSpliceHugeBusy256KiB) {
  RunConfig base = pinned_base();
  base.gift = true;
  base.poll = true;
  base.verify = true;
  base.pipe_bytes = 64 * kKiB;
  base.buffer_bytes = 4 * kMiB;
  base.events = {"cache-misses"};
  base.interval_ns = 20 * kNsPerMs;
  const RunConfig c = article_final(base);
  EXPECT_EQ(c.writer, WriterKind::vmsplice);
  EXPECT_EQ(c.reader, ReaderKind::splice);
  EXPECT_TRUE(c.huge_pages);
  EXPECT_TRUE(c.busy_loop);
  EXPECT_FALSE(c.poll);
  EXPECT_FALSE(c.gift);
  EXPECT_FALSE(c.verify);
  EXPECT_FALSE(c.pipe_bytes.has_value());
  EXPECT_EQ(c.buffer_bytes, 256 * kKiB);
  // Kept from the base: pinning, sampling, counters.
  EXPECT_EQ(c.writer_cpu, 0);
  EXPECT_EQ(c.reader_cpu, 1);
  EXPECT_EQ(c.events, std::vector<std::string>{"cache-misses"});
  EXPECT_EQ(c.interval_ns, 20 * kNsPerMs);
  EXPECT_TRUE(validate(c, user_limits()));
}

// ---- tune_candidates ----------------------------------------------------------------------------

TEST(TuneCandidates, BuffersFrom64KiBUpToWhatThePipeLimitAllows) {
  const std::vector<RunConfig> list = candidates();
  std::set<std::uint64_t> buffers;
  for (const RunConfig& c : list) buffers.insert(c.buffer_bytes);
  EXPECT_EQ(buffers, (std::set<std::uint64_t>{64 * kKiB, 128 * kKiB, 256 * kKiB, 512 * kKiB, kMiB, 2 * kMiB}));
  // 4 MiB with vmsplice needs a 2 MiB pipe: above a 1 MiB pipe-max-size without CAP_SYS_RESOURCE.
  RunConfig four = variant(4 * kMiB, true, true);
  EXPECT_FALSE(validate(four, user_limits()));
  EXPECT_FALSE(has(list, four));
}

TEST(TuneCandidates, FourMiBWhenThePipeMayExceedTheLimit) {
  MachineLimits limits = user_limits();
  limits.may_exceed_pipe_max = true;
  const std::vector<RunConfig> list = candidates(limits);
  EXPECT_TRUE(has(list, variant(4 * kMiB, true, true)));
  EXPECT_EQ(list.size(), candidates().size() + 1);
}

TEST(TuneCandidates, HugeBusyAndPinningVariants) {
  const std::vector<RunConfig> list = candidates();
  for (const std::uint64_t buffer : {256 * kKiB, kMiB}) {
    EXPECT_TRUE(has(list, variant(buffer, true, true))) << buffer;
    EXPECT_TRUE(has(list, variant(buffer, false, true))) << "no huge pages " << buffer;
    EXPECT_TRUE(has(list, variant(buffer, true, false))) << "no busy loop " << buffer;
    // Sharing one core, two busy loops would starve each other: that variant blocks.
    EXPECT_TRUE(has(list, variant(buffer, true, false, 0, 0))) << "one core " << buffer;
    EXPECT_TRUE(has(list, variant(buffer, true, true, kUnpinned, kUnpinned))) << "unpinned " << buffer;
  }
  EXPECT_EQ(list.size(), 6u + 2u * 4u);
}

TEST(TuneCandidates, SameCoreUsesTheSeparatePairsWriter) {
  const std::vector<RunConfig> list = tune_candidates(pinned_base(), user_limits(), CpuPair{2, 3});
  EXPECT_TRUE(has(list, variant(256 * kKiB, true, false, 2, 2)));
}

TEST(TuneCandidates, AllZeroCopyAllValidNoDuplicates) {
  const std::vector<RunConfig> list = candidates();
  ASSERT_FALSE(list.empty());
  for (std::size_t i = 0; i < list.size(); ++i) {
    const RunConfig& c = list[i];
    EXPECT_EQ(c.writer, WriterKind::vmsplice);
    EXPECT_EQ(c.reader, ReaderKind::splice);
    EXPECT_FALSE(c.gift);
    EXPECT_FALSE(c.poll);
    EXPECT_FALSE(c.pipe_bytes.has_value());  // the vmsplice rule decides the pipe
    EXPECT_TRUE(validate(c, user_limits())) << c.buffer_bytes;
    for (std::size_t j = 0; j < i; ++j) EXPECT_FALSE(same_config(c, list[j])) << i << " repeats " << j;
  }
  EXPECT_TRUE(has(list, article_final(pinned_base())));
}

TEST(TuneCandidates, ASmallerPipeLimitLeavesMoreOut) {
  MachineLimits limits = user_limits();
  limits.pipe_max_bytes = 256 * kKiB;
  const std::vector<RunConfig> list = candidates(limits);
  for (const RunConfig& c : list) EXPECT_LE(c.buffer_bytes, 512 * kKiB);
  EXPECT_FALSE(has(list, variant(kMiB, false, true)));
  EXPECT_TRUE(has(list, variant(256 * kKiB, false, true)));
  EXPECT_EQ(list.size(), 4u + 4u);
}

TEST(TuneCandidates, RefusedPinningIsLeftOut) {
  RunConfig base = pinned_base();
  base.writer_cpu = 9;  // not online: only the variants that re-pin (one core, unpinned) remain
  const std::vector<RunConfig> list = tune_candidates(base, user_limits(), kSeparate);
  EXPECT_EQ(list.size(), 4u);
  for (const RunConfig& c : list) {
    EXPECT_TRUE(validate(c, user_limits()));
    EXPECT_NE(c.writer_cpu, 9);
  }
}

// ---- tune: the budget ---------------------------------------------------------------------------

TEST(Tune, RespectsTheBudgetOnTheFakeClock) {
  const std::vector<RunConfig> list = candidates();
  for (const std::int64_t budget : {3 * kNsPerS, 8 * kNsPerS, 20 * kNsPerS, 60 * kNsPerS}) {
    for (const std::int64_t overhead : {std::int64_t{0}, 20 * kNsPerMs, 50 * kNsPerMs}) {
      FakeTrialRunner runner;
      runner.overhead(overhead);
      const TuneResult result = tune(runner, list, article_final(pinned_base()), budget, {});
      std::int64_t longest = 0;
      for (const FakeTrialRunner::Call& call : runner.calls) longest = std::max(longest, call.duration_ns);
      EXPECT_LE(runner.elapsed_ns(), budget + longest + overhead) << "budget " << budget << " overhead " << overhead;
      EXPECT_GE(runner.elapsed_ns(), budget / 2) << "budget " << budget << " overhead " << overhead;
      EXPECT_TRUE(result.best.has_value());
      EXPECT_TRUE(result.article.has_value());
    }
  }
}

TEST(Tune, ShortTrialsStayWithinTheirShare) {
  const std::vector<RunConfig> list = candidates();
  const std::int64_t budget = 8 * kNsPerS;
  FakeTrialRunner runner;
  const TuneResult result = tune(runner, list, article_final(pinned_base()), budget, {});
  ASSERT_GE(runner.calls.size(), result.trials.size());
  const std::int64_t start = runner.calls.front().started_ns;
  for (std::size_t i = 0; i < result.trials.size(); ++i) {
    const FakeTrialRunner::Call& call = runner.calls[i];
    EXPECT_LE(call.started_ns + call.duration_ns - start, budget * 7 / 10) << "trial " << i;
    EXPECT_GE(call.duration_ns, 200 * kNsPerMs);
  }
}

TEST(Tune, AGenerousBudgetTriesEveryCandidate) {
  const std::vector<RunConfig> list = candidates();
  FakeTrialRunner runner;
  const TuneResult result = tune(runner, list, article_final(pinned_base()), 60 * kNsPerS, {});
  ASSERT_EQ(result.trials.size(), list.size());
  for (std::size_t i = 0; i < list.size(); ++i) EXPECT_TRUE(same_config(runner.calls[i].config, list[i])) << i;
}

TEST(Tune, ATinyBudgetStillRunsOneTrialAndTheConfirmation) {
  const std::vector<RunConfig> list = candidates();
  FakeTrialRunner runner;
  const TuneResult result = tune(runner, list, article_final(pinned_base()), 100 * kNsPerMs, {});
  ASSERT_EQ(result.trials.size(), 1u);
  EXPECT_EQ(runner.calls.size(), 3u);  // one short trial, its confirmation, the article's
  EXPECT_TRUE(result.best.has_value());
  EXPECT_TRUE(result.article.has_value());
}

TEST(Tune, ProgressNamesEachStepWithTheBudgetLeft) {
  const std::vector<RunConfig> list = candidates();
  const std::int64_t budget = 20 * kNsPerS;
  FakeTrialRunner runner;
  std::vector<std::string> steps;
  std::vector<std::int64_t> left;
  std::vector<RunConfig> configs;
  std::vector<std::size_t> calls_before;
  const TuneResult result = tune(runner, list, article_final(pinned_base()), budget,
                                 [&](const std::string& step, const RunConfig& c, std::int64_t l) {
                                   steps.push_back(step);
                                   left.push_back(l);
                                   configs.push_back(c);
                                   calls_before.push_back(runner.calls.size());
                                 });
  ASSERT_EQ(steps.size(), runner.calls.size());
  ASSERT_FALSE(result.trials.empty());
  EXPECT_EQ(steps.front(), "trial 1/" + std::to_string(list.size()));
  EXPECT_EQ(steps[result.trials.size() - 1],
            "trial " + std::to_string(result.trials.size()) + "/" + std::to_string(list.size()));
  EXPECT_EQ(steps[result.trials.size()], "confirm 1/4");
  EXPECT_EQ(steps.back(), "confirm 4/4");
  EXPECT_EQ(left.front(), budget);
  for (std::size_t i = 0; i < steps.size(); ++i) {
    EXPECT_EQ(calls_before[i], i) << "progress comes before the step runs";
    EXPECT_TRUE(same_config(configs[i], runner.calls[i].config)) << steps[i];
    if (i > 0) {
      EXPECT_LT(left[i], left[i - 1]) << steps[i];
    }
  }
}

// ---- tune: leaders, article, winner -------------------------------------------------------------

TEST(Tune, ConfirmsTheThreeLeadersThenTheArticle) {
  const std::vector<RunConfig> list = candidates();
  const RunConfig article = article_final(pinned_base());
  FakeTrialRunner runner;
  const TuneResult result = tune(runner, list, article, 60 * kNsPerS, {});
  ASSERT_EQ(runner.calls.size(), result.trials.size() + 4);
  // The leaders by the fake's rates, fastest first.
  std::vector<RunConfig> ranked = list;
  std::stable_sort(ranked.begin(), ranked.end(), [](const RunConfig& a, const RunConfig& b) {
    return testing::article_like_gib_per_s(a) > testing::article_like_gib_per_s(b);
  });
  // 128 KiB and 512 KiB tie for second place: compare the leaders as a set, the fastest first.
  const std::size_t first_confirm = result.trials.size();
  EXPECT_TRUE(same_config(runner.calls[first_confirm].config, ranked[0]));
  const std::vector<RunConfig> top3(ranked.begin(), ranked.begin() + 3);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_TRUE(has(top3, runner.calls[first_confirm + i].config)) << "leader " << i;
  }
  EXPECT_TRUE(same_config(runner.calls.back().config, article));
  ASSERT_TRUE(result.article.has_value());
  EXPECT_TRUE(same_config(result.article->outcome.config, article));
  // Confirmation runs are longer than the short trials.
  EXPECT_GT(runner.calls.back().duration_ns, runner.calls.front().duration_ns);
}

TEST(Tune, PicksTheConfigurationTheFakeMakesFastest) {
  const std::vector<RunConfig> list = candidates();
  const RunConfig fastest = variant(kMiB, true, false);  // 1 MiB, huge pages, no busy loop
  FakeTrialRunner runner([&](const RunConfig& c, std::int64_t) -> std::optional<double> {
    if (same_config(c, fastest)) return 30.0;
    if (same_config(c, article_final(pinned_base()))) return 20.0;
    return 10.0 + static_cast<double>(c.buffer_bytes) / static_cast<double>(kMiB);
  });
  const TuneResult result = tune(runner, list, article_final(pinned_base()), 20 * kNsPerS, {});
  ASSERT_TRUE(result.best.has_value());
  EXPECT_TRUE(same_config(result.best->outcome.config, fastest));
  EXPECT_DOUBLE_EQ(*result.best->gib_per_s(), 30.0);
  ASSERT_TRUE(result.article.has_value());
  EXPECT_DOUBLE_EQ(*result.article->gib_per_s(), 20.0);
  ASSERT_TRUE(result.ratio().has_value());
  EXPECT_DOUBLE_EQ(*result.ratio(), 1.5);
}

TEST(Tune, TheArticleMayWinItself) {
  const std::vector<RunConfig> list = candidates();
  const RunConfig article = article_final(pinned_base());
  FakeTrialRunner runner(
      [&](const RunConfig& c, std::int64_t) -> std::optional<double> { return same_config(c, article) ? 40.0 : 5.0; });
  const TuneResult result = tune(runner, list, article, 20 * kNsPerS, {});
  ASSERT_TRUE(result.best.has_value());
  EXPECT_TRUE(same_config(result.best->outcome.config, article));
  EXPECT_DOUBLE_EQ(result.ratio().value_or(0), 1.0);
}

TEST(Tune, TheConfirmationDecidesNotTheShortTrial) {
  const std::vector<RunConfig> list = candidates();
  const RunConfig lucky = variant(64 * kKiB, true, true);  // fast in its short trial only
  const RunConfig steady = variant(512 * kKiB, true, true);
  int lucky_runs = 0;
  FakeTrialRunner runner([&](const RunConfig& c, std::int64_t) -> std::optional<double> {
    if (same_config(c, lucky)) return ++lucky_runs == 1 ? 100.0 : 1.0;
    if (same_config(c, steady)) return 50.0;
    return 10.0;
  });
  const TuneResult result = tune(runner, list, article_final(pinned_base()), 20 * kNsPerS, {});
  EXPECT_EQ(lucky_runs, 2);  // its short trial and its confirmation
  ASSERT_TRUE(result.best.has_value());
  EXPECT_TRUE(same_config(result.best->outcome.config, steady));
  EXPECT_DOUBLE_EQ(result.ratio().value_or(0), 5.0);
}

TEST(Tune, FailingCandidatesAreSkippedNotConfirmed) {
  const std::vector<RunConfig> list = candidates();
  FakeTrialRunner runner;
  runner.fail_when([](const RunConfig& c) { return c.huge_pages; },
                   "madvise(MADV_HUGEPAGE): Invalid argument [EINVAL]");
  const TuneResult result = tune(runner, list, article_final(pinned_base()), 20 * kNsPerS, {});
  std::size_t failed = 0;
  for (const Trial& t : result.trials) {
    if (t.error) {
      ++failed;
      EXPECT_EQ(t.error->message, "madvise(MADV_HUGEPAGE): Invalid argument [EINVAL]");
      EXPECT_FALSE(t.gib_per_s().has_value());
    }
  }
  EXPECT_GT(failed, 0u);
  // Only the no-huge-pages candidates worked: they are the leaders, then the article (which fails).
  const std::size_t first_confirm = result.trials.size();
  ASSERT_EQ(runner.calls.size(), first_confirm + 3);  // 2 leaders + the article
  EXPECT_FALSE(runner.calls[first_confirm].config.huge_pages);
  EXPECT_FALSE(runner.calls[first_confirm + 1].config.huge_pages);
  ASSERT_TRUE(result.best.has_value());
  EXPECT_FALSE(result.best->error.has_value());
  EXPECT_FALSE(result.best->outcome.config.huge_pages);
  ASSERT_TRUE(result.article.has_value());
  EXPECT_TRUE(result.article->error.has_value());
  EXPECT_FALSE(result.ratio().has_value());  // nothing to compare with
}

TEST(Tune, EveryTrialFailingHasNoRate) {
  const std::vector<RunConfig> list = candidates();
  FakeTrialRunner runner([](const RunConfig&, std::int64_t) -> std::optional<double> { return std::nullopt; });
  const TuneResult result = tune(runner, list, article_final(pinned_base()), 8 * kNsPerS, {});
  EXPECT_FALSE(result.trials.empty());
  for (const Trial& t : result.trials) EXPECT_TRUE(t.error.has_value());
  EXPECT_FALSE(result.ratio().has_value());
  EXPECT_FALSE(result.best && result.best->gib_per_s());
  // No leaders: only the article is confirmed.
  EXPECT_EQ(runner.calls.size(), result.trials.size() + 1);
}

// A trial that moved nothing never wins. (Once a bug: the first confirmation run was taken as `best`
// even when it failed, so tune_text printed "winner  failed: ..." and a "reproduce" line for a
// configuration that never ran, instead of "no configuration moved any data".)
TEST(Tune, EveryTrialFailingHasNoBest) {
  const std::vector<RunConfig> list = candidates();
  FakeTrialRunner runner([](const RunConfig&, std::int64_t) -> std::optional<double> { return std::nullopt; });
  const TuneResult result = tune(runner, list, article_final(pinned_base()), 8 * kNsPerS, {});
  EXPECT_FALSE(result.best.has_value());
  EXPECT_FALSE(result.ratio().has_value());
}

TEST(Tune, AFailedFirstConfirmationDoesNotWin) {
  const std::vector<RunConfig> list = candidates();
  const RunConfig leader = variant(512 * kKiB, true, true);
  int leader_runs = 0;
  FakeTrialRunner runner([&](const RunConfig& c, std::int64_t) -> std::optional<double> {
    if (same_config(c, leader)) return ++leader_runs == 1 ? std::optional<double>(100.0) : std::nullopt;
    return 10.0;
  });
  const TuneResult result = tune(runner, list, article_final(pinned_base()), 20 * kNsPerS, {});
  EXPECT_EQ(leader_runs, 2);
  ASSERT_TRUE(result.best.has_value());
  EXPECT_FALSE(result.best->error.has_value());
  EXPECT_FALSE(same_config(result.best->outcome.config, leader));
  EXPECT_DOUBLE_EQ(result.ratio().value_or(0), 1.0);
}

TEST(Tune, NoCandidatesStillMeasuresTheArticle) {
  FakeTrialRunner runner;
  const RunConfig article = article_final(pinned_base());
  const TuneResult result = tune(runner, {}, article, 5 * kNsPerS, {});
  EXPECT_TRUE(result.trials.empty());
  ASSERT_EQ(runner.calls.size(), 1u);
  ASSERT_TRUE(result.best.has_value());
  EXPECT_TRUE(same_config(result.best->outcome.config, article));
  EXPECT_DOUBLE_EQ(result.ratio().value_or(0), 1.0);
}

// ---- TuneResult::ratio --------------------------------------------------------------------------

Trial trial_at(std::optional<double> gib_per_s) {
  Trial t;
  if (gib_per_s) {
    t.summary.throughput.gib_per_s = *gib_per_s;
  } else {
    t.error = runtime_error("failed");
  }
  return t;
}

TEST(TuneRatio, BestOverArticle) {
  TuneResult r;
  EXPECT_FALSE(r.ratio().has_value());
  r.best = trial_at(30.0);
  EXPECT_FALSE(r.ratio().has_value());
  r.article = trial_at(20.0);
  EXPECT_DOUBLE_EQ(r.ratio().value_or(0), 1.5);
  r.article = trial_at(0.0);
  EXPECT_FALSE(r.ratio().has_value());
  r.article = trial_at(std::nullopt);
  EXPECT_FALSE(r.ratio().has_value());
  r.article = trial_at(20.0);
  r.best = trial_at(std::nullopt);
  EXPECT_FALSE(r.ratio().has_value());
}

// Issue 14: a trial the machine disturbed says nothing about its best: it is not ranked, and a
// confirmation that stays disturbed never wins.
TEST(Tune, DisturbedTrialsAreNotRanked) {
  const RunConfig article = article_final(RunConfig{});
  testing::FakeTrialRunner runner;
  // 1 MiB would win, but every run of it was disturbed.
  runner.disturb_when([](const RunConfig& c, std::size_t) { return c.buffer_bytes == kMiB; });
  const TuneResult result = tune(runner, candidates(), article, 60 * kNsPerS, {});
  ASSERT_TRUE(result.best.has_value());
  EXPECT_NE(result.best->outcome.config.buffer_bytes, kMiB);
  EXPECT_FALSE(result.best->disturbed());
  for (const testing::FakeTrialRunner::Call& call : runner.calls) {
    // No confirmation of a disturbed configuration.
    if (call.duration_ns > runner.calls.front().duration_ns) {
      EXPECT_NE(call.config.buffer_bytes, kMiB);
    }
  }
  EXPECT_NE(tune_text(result).find("(disturbed: not ranked)"), std::string::npos);
}

// When every run is disturbed (a busy machine), the best of them still wins, and the result says so.
TEST(Tune, WhenEverythingIsDisturbedTheBestStillWinsAndSaysSo) {
  testing::FakeTrialRunner runner;
  runner.disturb_when([](const RunConfig&, std::size_t) { return true; });
  const TuneResult result = tune(runner, candidates(), article_final(RunConfig{}), 60 * kNsPerS, {});
  ASSERT_TRUE(result.best.has_value());
  EXPECT_TRUE(result.best->disturbed());
  EXPECT_EQ(result.best->outcome.config.buffer_bytes, 256 * kKiB);  // the fake's fastest
  EXPECT_NE(tune_text(result).find("  disturbed  every run was: "), std::string::npos) << tune_text(result);
}

}  // namespace
}  // namespace pipetop
