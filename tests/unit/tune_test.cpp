// The tuner with a fake TrialRunner: the candidates (and those validate() refuses), the budget on a
// fake clock, the race in paired rounds (a clear winner takes the lead, a clearly worse candidate is
// dropped as soon as its interval lies below the incumbent's, a disturbed slice never ranks), the
// confirmation of the winner against the article's final configuration with its interval, and
// failing configurations.

#include "pipetop/core/experiment/tune.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "fake_noise.hpp"
#include "fake_trial_runner.hpp"
#include "pipetop/core/base/duration.hpp"
#include "pipetop/core/base/size.hpp"
#include "pipetop/core/config/config_change.hpp"
#include "pipetop/core/report/tune_report.hpp"

namespace pipetop {
namespace {

using testing::FakeTrialRunner;
using testing::Noise;

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

std::size_t calls_of(const FakeTrialRunner& runner, const RunConfig& config) {
  return static_cast<std::size_t>(std::count_if(runner.calls.begin(), runner.calls.end(),
                                                [&](const FakeTrialRunner::Call& c) { return c.config == config; }));
}

std::size_t arm_of(const TuneResult& result, const RunConfig& config) {
  return static_cast<std::size_t>(std::find(result.arms.begin(), result.arms.end(), config) - result.arms.begin());
}

TEST(Tune, RespectsTheBudgetOnTheFakeClock) {
  const std::vector<RunConfig> list = candidates();
  for (const std::int64_t budget : {3 * kNsPerS, 8 * kNsPerS, 20 * kNsPerS, 60 * kNsPerS}) {
    for (const std::int64_t overhead : {std::int64_t{0}, 20 * kNsPerMs, 50 * kNsPerMs}) {
      Noise noise(0.05);
      FakeTrialRunner runner([&](const RunConfig& c, std::int64_t) -> std::optional<double> {
        return testing::article_like_gib_per_s(c) * noise.next();
      });
      runner.overhead(overhead);
      const TuneResult result = tune(runner, list, article_final(pinned_base()), budget, nullptr, {});
      std::int64_t longest = 0;
      for (const FakeTrialRunner::Call& call : runner.calls) longest = std::max(longest, call.duration_ns);
      // The first round of the race always runs; after it, no round starts that would end past the
      // budget, but for the confirmation's first (two slices).
      const std::int64_t first_round = static_cast<std::int64_t>(result.arms.size()) * (longest + overhead);
      EXPECT_LE(runner.elapsed_ns(), std::max(budget, first_round) + 2 * (longest + overhead))
          << "budget " << budget << " overhead " << overhead;
      EXPECT_TRUE(result.best.has_value());
      EXPECT_TRUE(result.article.has_value());
    }
  }
}

TEST(Tune, SlicesFitTheRoundsTheBudgetAllows) {
  EXPECT_EQ(tune_slice_ns(600 * kNsPerS, 2, 12), kDefaultSliceNs);  // never longer than ab's default
  EXPECT_EQ(tune_slice_ns(kNsPerS, 15, 8), kShortestSliceNs);       // never shorter than can be measured
  EXPECT_EQ(tune_slice_ns(42 * kNsPerS, 15, 8), kDefaultSliceNs);   // tune's default budget's race: room for them
  const std::int64_t slice = tune_slice_ns(15 * kNsPerS, 15, 8);    // a shorter budget: shorter slices
  EXPECT_GT(slice, kShortestSliceNs);
  EXPECT_LT(slice, kDefaultSliceNs);
  EXPECT_LE(15 * 8 * (slice_run_ns(slice) + 50 * kNsPerMs), 15 * kNsPerS + kNsPerMs);
}

TEST(Tune, EveryPairIsAContrastOfTheRace) {
  const RoundsPlan plan = race_plan(4, 10 * kNsPerS, 0.02);
  EXPECT_EQ(plan.arms, 4u);
  EXPECT_EQ(plan.contrasts.size(), 6u);
  for (std::size_t a = 0; a < 4; ++a) {
    for (std::size_t b = a + 1; b < 4; ++b) {
      EXPECT_NE(std::find(plan.contrasts.begin(), plan.contrasts.end(), Contrast{b, a}), plan.contrasts.end());
    }
  }
}

TEST(Tune, ProgressNamesEachSliceWithTheBudgetLeft) {
  const std::vector<RunConfig> list = candidates();
  const std::int64_t budget = 20 * kNsPerS;
  Noise noise(0.05);
  FakeTrialRunner runner([&](const RunConfig& c, std::int64_t) -> std::optional<double> {
    return (c.buffer_bytes == kMiB && c.huge_pages && c.busy_loop && c.writer_cpu == 0 ? 80.0 : 30.0) * noise.next();
  });
  std::vector<std::string> steps;
  std::vector<std::int64_t> left;
  std::vector<std::size_t> calls_before;
  std::vector<RunConfig> configs;
  const TuneResult result = tune(runner, list, article_final(pinned_base()), budget, nullptr,
                                 [&](const std::string& step, const RunConfig& c, std::int64_t l) {
                                   steps.push_back(step);
                                   left.push_back(l);
                                   calls_before.push_back(runner.calls.size());
                                   configs.push_back(c);
                                 });
  ASSERT_EQ(steps.size(), runner.calls.size());
  const std::string arms = std::to_string(result.arms.size());
  EXPECT_EQ(steps.front(), "race round 1, " + arms + " of " + arms + " left");
  // Round 6 gives the first intervals: the fastest takes the lead and every other is dropped.
  const auto sixth = std::find(steps.begin(), steps.end(), "race round 6, " + arms + " of " + arms + " left");
  ASSERT_NE(sixth, steps.end());
  const auto after_race = sixth + static_cast<std::ptrdiff_t>(result.arms.size());
  ASSERT_NE(after_race, steps.end());
  EXPECT_EQ(*after_race, "confirm round 1 against the article's");
  EXPECT_EQ(steps.back().rfind("confirm round ", 0), 0u) << steps.back();
  EXPECT_EQ(left.front(), budget);
  for (std::size_t i = 0; i < steps.size(); ++i) {
    EXPECT_EQ(calls_before[i], i) << "progress comes before the slice runs";
    EXPECT_EQ(configs[i], runner.calls[i].config) << steps[i];
    if (i > 0) {
      EXPECT_LT(left[i], left[i - 1]) << steps[i];
    }
  }
}

// ---- tune: the race -----------------------------------------------------------------------------

TEST(Tune, AClearWinnerWinsAndItsRatioCarriesItsInterval) {
  const std::vector<RunConfig> list = candidates();
  const RunConfig fastest = variant(kMiB, true, false);  // 1 MiB, huge pages, no busy loop
  const RunConfig article = article_final(pinned_base());
  Noise noise(0.04);
  FakeTrialRunner runner([&](const RunConfig& c, std::int64_t) -> std::optional<double> {
    if (same_config(c, fastest)) return 30.0 * noise.next();
    if (same_config(c, article)) return 20.0 * noise.next();
    return (10.0 + static_cast<double>(c.buffer_bytes) / static_cast<double>(kMiB)) * noise.next();
  });
  const TuneResult result = tune(runner, list, article, 20 * kNsPerS, nullptr, {});
  ASSERT_TRUE(result.best.has_value());
  EXPECT_TRUE(same_config(result.best->outcome.config(), fastest));
  EXPECT_EQ(result.arms[result.winner], fastest);
  ASSERT_TRUE(result.article.has_value());
  EXPECT_TRUE(same_config(result.article->outcome.config(), article));
  // Confirmed in paired rounds against the article's: ×1.5, its interval around it and above 1.
  ASSERT_TRUE(result.confirmation.has_value());
  const std::optional<RatioEstimate> confirmed = result.confirmed();
  ASSERT_TRUE(confirmed && confirmed->interval);
  EXPECT_GE(confirmed->rounds, values_for_interval(kRoundsConfidence));
  EXPECT_EQ(confirmed->change(), Change::faster);
  EXPECT_LE(confirmed->interval->low, 1.5);
  EXPECT_GE(confirmed->interval->high, 1.5);
  ASSERT_TRUE(result.ratio().has_value());
  EXPECT_NEAR(*result.ratio(), 1.5, 0.1);
  // It took the lead from the article's, which was then dropped against it.
  ASSERT_FALSE(result.standings.leads().empty());
  EXPECT_EQ(result.standings.leads().back().arm, result.winner);
  const TuneDrop* article_drop = result.standings.drop_of(0);
  ASSERT_NE(article_drop, nullptr);
  EXPECT_EQ(article_drop->incumbent, result.winner);
  EXPECT_EQ(article_drop->estimate.change(), Change::slower);
}

TEST(Tune, AClearlyWorseCandidateIsDroppedAsSoonAsItsIntervalLiesBelow) {
  const std::vector<RunConfig> list = candidates();
  const RunConfig slow = variant(64 * kKiB, true, true);
  Noise noise(0.05);
  FakeTrialRunner runner([&](const RunConfig& c, std::int64_t) -> std::optional<double> {
    if (same_config(c, slow)) return 2.0 * noise.next();
    return 40.0 * noise.next();  // the rest alike: the race goes on without it
  });
  const TuneResult result = tune(runner, list, article_final(pinned_base()), 60 * kNsPerS, nullptr, {});
  const std::size_t arm = arm_of(result, slow);
  ASSERT_LT(arm, result.arms.size());
  const TuneDrop* drop = result.standings.drop_of(arm);
  ASSERT_NE(drop, nullptr);
  // The first round with an interval: 6 at 95%.
  EXPECT_EQ(drop->after_round, values_for_interval(kRoundsConfidence));
  EXPECT_EQ(drop->incumbent, 0u);
  EXPECT_EQ(drop->estimate.change(), Change::slower);
  EXPECT_LT(drop->estimate.interval->high, 1.0);
  EXPECT_EQ(calls_of(runner, slow), values_for_interval(kRoundsConfidence)) << "no slice after its drop";
  ASSERT_TRUE(result.race.has_value());
  EXPECT_GT(result.race->rounds().size(), drop->after_round);
  EXPECT_NE(tune_text(result).find("dropped after round 6: ×0.05"), std::string::npos) << tune_text(result);
}

TEST(Tune, TheArticleMayWinItself) {
  const std::vector<RunConfig> list = candidates();
  const RunConfig article = article_final(pinned_base());
  Noise noise(0.05);
  FakeTrialRunner runner([&](const RunConfig& c, std::int64_t) -> std::optional<double> {
    return (same_config(c, article) ? 40.0 : 5.0) * noise.next();
  });
  const TuneResult result = tune(runner, list, article, 20 * kNsPerS, nullptr, {});
  ASSERT_TRUE(result.best.has_value());
  EXPECT_EQ(result.winner, 0u);
  EXPECT_TRUE(same_config(result.best->outcome.config(), article));
  EXPECT_DOUBLE_EQ(result.ratio().value_or(0), 1.0);
  EXPECT_FALSE(result.confirmation.has_value()) << "nothing to confirm it against";
  EXPECT_EQ(result.standings.drops().size(), result.arms.size() - 1);
  EXPECT_EQ(result.race->stopped(), StopReason::retired);
  EXPECT_NE(tune_text(result).find("the article's final configuration is the fastest found here"), std::string::npos);
}

// One lucky trial decided the old tuner: in rounds, a configuration fast only once never leads.
TEST(Tune, OneLuckySliceDoesNotWin) {
  const std::vector<RunConfig> list = candidates();
  const RunConfig lucky = variant(64 * kKiB, true, true);
  const RunConfig steady = variant(512 * kKiB, true, true);
  int lucky_runs = 0;
  Noise noise(0.03);
  FakeTrialRunner runner([&](const RunConfig& c, std::int64_t) -> std::optional<double> {
    if (same_config(c, lucky)) return ++lucky_runs == 1 ? 500.0 : 1.0;
    if (same_config(c, steady)) return 50.0 * noise.next();
    return 10.0 * noise.next();
  });
  const TuneResult result = tune(runner, list, article_final(pinned_base()), 20 * kNsPerS, nullptr, {});
  ASSERT_TRUE(result.best.has_value());
  EXPECT_TRUE(same_config(result.best->outcome.config(), steady));
  EXPECT_NEAR(result.ratio().value_or(0), 5.0, 0.4);
  EXPECT_NE(result.standings.drop_of(arm_of(result, lucky)), nullptr);
}

// Issue 14, and 20: a slice the machine disturbed says nothing about the configuration's best: the
// round it is in is dropped for it, so it never ranks, never leads, never drops another.
TEST(Tune, DisturbedSlicesNeverRank) {
  const RunConfig article = article_final(pinned_base());
  const RunConfig disturbed = variant(kMiB, true, true);
  Noise noise(0.05);
  FakeTrialRunner runner([&](const RunConfig& c, std::int64_t) -> std::optional<double> {
    // 1 MiB would win by far, but every run of it was disturbed.
    return (same_config(c, disturbed) ? 200.0 : testing::article_like_gib_per_s(c)) * noise.next();
  });
  runner.disturb_when([&](const RunConfig& c, std::size_t) { return same_config(c, disturbed); });
  const TuneResult result = tune(runner, candidates(), article, 20 * kNsPerS, nullptr, {});
  ASSERT_TRUE(result.best.has_value());
  EXPECT_FALSE(same_config(result.best->outcome.config(), disturbed));
  EXPECT_FALSE(result.best->disturbed());
  const std::size_t arm = arm_of(result, disturbed);
  for (const TuneLead& lead : result.standings.leads()) EXPECT_NE(lead.arm, arm);
  EXPECT_EQ(result.race->estimate({arm, 0}).rounds, 0u);
  EXPECT_GT(result.race->estimate({arm, 0}).dropped, 0u);
  const std::string text = tune_text(result);
  EXPECT_NE(text.find(describe_config(disturbed) + "  (disturbed: not ranked)"), std::string::npos) << text;
}

// When every slice is disturbed (a busy machine), nothing ranks: the article's configuration stays
// the incumbent and wins, and the result says the runs were disturbed.
TEST(Tune, WhenEverythingIsDisturbedNothingRanksAndItSaysSo) {
  testing::FakeTrialRunner runner;
  runner.disturb_when([](const RunConfig&, std::size_t) { return true; });
  const TuneResult result = tune(runner, candidates(), article_final(pinned_base()), 20 * kNsPerS, nullptr, {});
  ASSERT_TRUE(result.best.has_value());
  EXPECT_TRUE(result.best->disturbed());
  EXPECT_EQ(result.winner, 0u);
  EXPECT_TRUE(result.standings.drops().empty());
  EXPECT_TRUE(result.standings.leads().empty());
  EXPECT_NE(tune_text(result).find("  disturbed  every run was: "), std::string::npos) << tune_text(result);
}

// ---- tune: failures -----------------------------------------------------------------------------

TEST(Tune, FailingConfigurationsLeaveTheRaceAndAFailedArticleHandsOverTheLead) {
  const std::vector<RunConfig> list = candidates();
  FakeTrialRunner runner;
  runner.fail_when([](const RunConfig& c) { return c.huge_pages; },
                   "madvise(MADV_HUGEPAGE): Invalid argument [EINVAL]");
  const TuneResult result = tune(runner, list, article_final(pinned_base()), 20 * kNsPerS, nullptr, {});
  ASSERT_TRUE(result.race.has_value());
  std::size_t failed = 0;
  for (std::size_t arm = 0; arm < result.arms.size(); ++arm) {
    if (!result.arms[arm].huge_pages) continue;
    ++failed;
    ASSERT_TRUE(result.race->failure(arm).has_value()) << arm;
    EXPECT_EQ(result.race->failure(arm)->message, "madvise(MADV_HUGEPAGE): Invalid argument [EINVAL]");
    EXPECT_EQ(calls_of(runner, result.arms[arm]), 1u) << "a failed configuration runs no more";
  }
  EXPECT_GT(failed, 0u);
  ASSERT_TRUE(result.best.has_value());
  EXPECT_FALSE(result.best->error.has_value());
  EXPECT_FALSE(result.best->outcome.config().huge_pages);
  ASSERT_TRUE(result.article.has_value());
  EXPECT_TRUE(result.article->error.has_value());
  EXPECT_FALSE(result.ratio().has_value());  // nothing to compare with
  EXPECT_FALSE(result.confirmation.has_value());
  ASSERT_FALSE(result.standings.leads().empty());
  EXPECT_FALSE(result.standings.leads().front().estimate.has_value()) << "it took over from a failed incumbent";
}

TEST(Tune, EveryConfigurationFailingHasNoBestAndNoRatio) {
  const std::vector<RunConfig> list = candidates();
  FakeTrialRunner runner([](const RunConfig&, std::int64_t) -> std::optional<double> { return std::nullopt; });
  const TuneResult result = tune(runner, list, article_final(pinned_base()), 8 * kNsPerS, nullptr, {});
  EXPECT_FALSE(result.best.has_value());
  EXPECT_FALSE(result.ratio().has_value());
  // Each fails once, and once one is left there is nothing to race it against.
  EXPECT_EQ(runner.calls.size(), result.arms.size() - 1);
  EXPECT_EQ(result.race->stopped(), StopReason::failed);
  EXPECT_NE(tune_text(result).find("no configuration moved any data"), std::string::npos);
}

TEST(Tune, NoCandidatesStillMeasuresTheArticle) {
  FakeTrialRunner runner;
  const RunConfig article = article_final(pinned_base());
  const TuneResult result = tune(runner, {}, article, 5 * kNsPerS, nullptr, {});
  EXPECT_EQ(result.arms.size(), 1u);
  ASSERT_EQ(runner.calls.size(), 1u);
  ASSERT_TRUE(result.best.has_value());
  EXPECT_TRUE(same_config(result.best->outcome.config(), article));
  EXPECT_DOUBLE_EQ(result.ratio().value_or(0), 1.0);
}

}  // namespace
}  // namespace pipetop
