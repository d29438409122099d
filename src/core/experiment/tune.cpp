#include "pipetop/core/experiment/tune.hpp"

#include <algorithm>

#include "pipetop/core/config/flag_options.hpp"

namespace pipetop {
namespace {

// Rounds a race is sized for: enough for an interval (6 at 95%) and a few to narrow it.
constexpr std::size_t kRaceRounds = 8;
constexpr std::size_t kConfirmRounds = 12;
// What a slice costs beyond its run: forking the pair, allocating and pre-faulting its buffers.
constexpr std::int64_t kRestartNs = 50 * kNsPerMs;

// Runs the tuner's slices through `runner`, saying each before it runs, and keeps each configuration's
// last slice (the last that counted, once one has) for the result's summaries.
class KeepingRunner final : public TrialRunner {
 public:
  KeepingRunner(TrialRunner& runner, const TuneProgress& progress, std::int64_t end_ns)
      : runner_(runner), progress_(progress), end_ns_(end_ns) {}

  Trial run(const RunConfig& config, std::int64_t duration_ns) override {
    if (progress_) progress_(step, config, end_ns_ - runner_.now_ns());
    Trial trial = runner_.run(config, duration_ns);
    const bool counts = !trial.error && !trial.disturbed() && trial.gib_per_s().value_or(0) > 0;
    const auto it = std::find_if(kept_.begin(), kept_.end(), [&](const Kept& k) { return k.config == config; });
    if (it == kept_.end()) {
      kept_.push_back({config, trial, counts});
    } else if (counts || !it->counts) {
      it->trial = trial;
      it->counts = counts;
    }
    return trial;
  }
  std::int64_t now_ns() override { return runner_.now_ns(); }

  [[nodiscard]] std::optional<Trial> kept(const RunConfig& config) const {
    const auto it = std::find_if(kept_.begin(), kept_.end(), [&](const Kept& k) { return k.config == config; });
    if (it == kept_.end()) return std::nullopt;
    return it->trial;
  }

  std::string step;  // what the next slice is, for the progress

 private:
  struct Kept {
    RunConfig config;
    Trial trial;
    bool counts = false;
  };
  TrialRunner& runner_;
  const TuneProgress& progress_;
  std::int64_t end_ns_;
  std::vector<Kept> kept_;
};

std::size_t live_arms(const PairedRounds& rounds) {
  std::size_t live = 0;
  for (std::size_t arm = 0; arm < rounds.plan().arms; ++arm) live += rounds.live(arm) ? 1u : 0u;
  return live;
}

// The race of every arm, kTuneRaceShare of the budget.
void race(TuneResult& result, KeepingRunner& runner, std::int64_t budget_ns, MachineGauge* gauge) {
  const auto race_ns =  // whole ms, as the budget is said in words
      static_cast<std::int64_t>(kTuneRaceShare * static_cast<double>(budget_ns)) / kNsPerMs * kNsPerMs;
  result.race_slice_ns = tune_slice_ns(race_ns, result.arms.size(), kRaceRounds);
  Result<PairedRounds> rounds =
      PairedRounds::start(race_plan(result.arms.size(), race_ns, kDefaultPrecision), runner.now_ns());
  if (!rounds) return;  // two arms or more and a positive budget: it starts
  const auto name_step = [&](const PairedRounds& r) {
    runner.step = "race round " + std::to_string(r.rounds().size() + 1) + ", " + std::to_string(live_arms(r)) + " of " +
                  std::to_string(result.arms.size()) + " left";
  };
  name_step(*rounds);
  run_rounds(*rounds, runner, result.arms, result.race_slice_ns, gauge, [&](PairedRounds& r) {
    result.standings.after_round(r);
    name_step(r);
  });
  result.winner = result.standings.winner(*rounds);
  result.race = std::move(*rounds);
}

// The winner against the article's final configuration, in what is left of the budget.
void confirm(TuneResult& result, KeepingRunner& runner, std::int64_t end_ns, MachineGauge* gauge) {
  const std::int64_t left_ns = (end_ns - runner.now_ns()) / kNsPerMs * kNsPerMs;  // whole ms, said in words
  // The article may have been dropped from the race, but not have failed there.
  if (result.winner == 0 || !result.race || result.race->failure(result.winner) || result.race->failure(0) ||
      left_ns <= 0) {
    return;
  }
  result.confirm_slice_ns = tune_slice_ns(left_ns, 2, kConfirmRounds);
  Result<PairedRounds> rounds =
      PairedRounds::start(RoundsPlan{2, {kWinnerOverArticle}, left_ns, kDefaultPrecision}, runner.now_ns());
  if (!rounds) return;
  const std::vector<RunConfig> configs{result.arms[result.winner], result.arms[0]};
  const auto name_step = [&](const PairedRounds& r) {
    runner.step = "confirm round " + std::to_string(r.rounds().size() + 1) + " against the article's";
  };
  name_step(*rounds);
  run_rounds(*rounds, runner, configs, result.confirm_slice_ns, gauge, name_step);
  result.confirmation = std::move(*rounds);
}

}  // namespace

std::optional<double> TuneResult::ratio() const {
  if (!best || !article || !best->gib_per_s() || !article->gib_per_s()) return std::nullopt;
  if (winner == 0) return 1.0;
  if (const std::optional<RatioEstimate> e = confirmed()) return e->median;
  return std::nullopt;
}

std::optional<RatioEstimate> TuneResult::confirmed() const {
  if (confirmation) return confirmation->estimate(kWinnerOverArticle);
  if (race && winner != 0) return race->estimate({winner, 0});  // no budget was left to confirm it
  return std::nullopt;
}

RunConfig article_final(const RunConfig& base) {
  RunConfig c = without_transfer_flags(base);
  c.writer = WriterKind::vmsplice;
  c.reader = ReaderKind::splice;
  c.huge_pages = true;
  c.busy_loop = true;
  c.buffer_bytes = 256 * kKiB;
  return c;
}

std::vector<RunConfig> tune_candidates(const RunConfig& base, const MachineLimits& limits, const CpuPair& separate) {
  std::vector<RunConfig> out;
  const auto add = [&](RunConfig c) {
    if (validate(c, limits) && std::find(out.begin(), out.end(), c) == out.end()) {
      out.push_back(c);
    }
  };
  const RunConfig fastest = article_final(base);
  // Most promising first: the article's size, then the larger buffers that amortise each call.
  for (const std::uint64_t buffer : {256 * kKiB, kMiB, 2 * kMiB, 512 * kKiB, 4 * kMiB, 128 * kKiB, 64 * kKiB}) {
    RunConfig c = fastest;
    c.buffer_bytes = buffer;
    add(c);
  }
  for (const std::uint64_t buffer : {256 * kKiB, kMiB}) {
    RunConfig no_huge = fastest;
    no_huge.buffer_bytes = buffer;
    no_huge.huge_pages = false;
    add(no_huge);
    RunConfig no_busy = fastest;
    no_busy.buffer_bytes = buffer;
    no_busy.busy_loop = false;
    add(no_busy);
    RunConfig same_core = fastest;  // sharing a core, two busy loops would starve each other
    same_core.buffer_bytes = buffer;
    same_core.busy_loop = false;
    same_core.writer_cpu = same_core.reader_cpu = separate.writer;
    add(same_core);
    RunConfig unpinned = fastest;
    unpinned.buffer_bytes = buffer;
    unpinned.writer_cpu = unpinned.reader_cpu = kUnpinned;
    add(unpinned);
  }
  return out;
}

std::int64_t tune_slice_ns(std::int64_t budget_ns, std::size_t arms, std::size_t rounds) {
  const auto slices = static_cast<std::int64_t>(std::max<std::size_t>(arms * rounds, 1));
  const std::int64_t run_ns = budget_ns / slices - kRestartNs;
  // slice_run_ns adds at most 10% (a short run's warm-up): its inverse, near enough.
  return std::clamp(run_ns * 9 / 10 / kNsPerMs * kNsPerMs, kShortestSliceNs, kDefaultSliceNs);  // whole ms
}

TuneResult tune(TrialRunner& runner, const std::vector<RunConfig>& candidates, const RunConfig& article,
                std::int64_t budget_ns, MachineGauge* gauge, const TuneProgress& progress) {
  TuneResult result;
  const std::int64_t end_ns = runner.now_ns() + budget_ns;
  KeepingRunner keeping(runner, progress, end_ns);
  result.arms.push_back(article);
  for (const RunConfig& c : candidates) {
    if (c != article) result.arms.push_back(c);
  }
  if (result.arms.size() > 1) {
    race(result, keeping, budget_ns, gauge);
    confirm(result, keeping, end_ns, gauge);
  } else {
    keeping.step = "the article's final configuration alone";
    static_cast<void>(run_undisturbed(keeping, article, slice_run_ns(tune_slice_ns(budget_ns, 1, kConfirmRounds))));
  }
  result.article = keeping.kept(article);
  std::optional<Trial> best = keeping.kept(result.arms[result.winner]);
  if (best && best->gib_per_s()) result.best = std::move(best);
  return result;
}

}  // namespace pipetop
