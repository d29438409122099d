#include "pipetop/core/tune.hpp"

#include <algorithm>

#include "pipetop/core/flag_options.hpp"

namespace pipetop {
namespace {

constexpr double kSearchShare = 0.7;
constexpr std::size_t kLeaders = 3;
constexpr std::int64_t kMinTrialNs = 200'000'000;

double rate_or_zero(const Trial& t) {
  return t.gib_per_s().value_or(0.0);
}

}  // namespace

std::optional<double> TuneResult::ratio() const {
  if (!best || !article) return std::nullopt;
  const std::optional<double> a = article->gib_per_s();
  const std::optional<double> b = best->gib_per_s();
  if (!a || !b || *a <= 0) return std::nullopt;
  return *b / *a;
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

TuneResult tune(TrialRunner& runner, const std::vector<RunConfig>& candidates, const RunConfig& article,
                std::int64_t budget_ns, const TuneProgress& progress) {
  TuneResult result;
  const std::int64_t start = runner.now_ns();
  const std::int64_t search_end = start + static_cast<std::int64_t>(kSearchShare * static_cast<double>(budget_ns));
  const std::int64_t trial_ns =
      std::max(kMinTrialNs, static_cast<std::int64_t>(kSearchShare * static_cast<double>(budget_ns)) /
                                static_cast<std::int64_t>(std::max<std::size_t>(candidates.size(), 1)) * 8 / 10);
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    if (i > 0 && runner.now_ns() + trial_ns > search_end) break;
    if (progress) {
      progress("trial " + std::to_string(i + 1) + "/" + std::to_string(candidates.size()), candidates[i],
               start + budget_ns - runner.now_ns());
    }
    result.trials.push_back(runner.run(candidates[i], trial_ns));
  }
  // A disturbed trial says little about this machine's best: the undisturbed ones are ranked, and the
  // disturbed ones only when nothing else moved data (then the result says so).
  std::vector<const Trial*> ranked;
  for (const Trial& t : result.trials) {
    if (t.gib_per_s() && !t.disturbed()) ranked.push_back(&t);
  }
  if (ranked.empty()) {
    for (const Trial& t : result.trials) {
      if (t.gib_per_s()) ranked.push_back(&t);
    }
  }
  std::sort(ranked.begin(), ranked.end(),
            [](const Trial* a, const Trial* b) { return rate_or_zero(*a) > rate_or_zero(*b); });
  std::vector<RunConfig> finalists;
  for (std::size_t i = 0; i < ranked.size() && finalists.size() < kLeaders; ++i)
    finalists.push_back(ranked[i]->outcome.config);
  const std::int64_t left = std::max<std::int64_t>(start + budget_ns - runner.now_ns(), 0);
  const std::int64_t confirm_ns =
      std::max(kMinTrialNs, left / static_cast<std::int64_t>(finalists.size() + 1) * 8 / 10);
  for (std::size_t i = 0; i <= finalists.size(); ++i) {
    const bool is_article = i == finalists.size();
    const RunConfig& config = is_article ? article : finalists[i];
    if (progress) {
      progress("confirm " + std::to_string(i + 1) + "/" + std::to_string(finalists.size() + 1), config,
               start + budget_ns - runner.now_ns());
    }
    Trial confirmed = run_undisturbed(runner, config, confirm_ns);
    if (is_article) {
      result.article = confirmed;
    }
    // The article's configuration may win too: then the ratio is 1. A trial that moved nothing never
    // wins, and one that stayed disturbed only over others that did too.
    const bool better =
        !result.best || (result.best->disturbed() && !confirmed.disturbed()) ||
        (result.best->disturbed() == confirmed.disturbed() && rate_or_zero(confirmed) > rate_or_zero(*result.best));
    if (confirmed.gib_per_s() && better) {
      result.best = std::move(confirmed);
    }
  }
  return result;
}

}  // namespace pipetop
