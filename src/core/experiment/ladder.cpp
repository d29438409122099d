#include "pipetop/core/experiment/ladder.hpp"

#include <algorithm>
#include <array>

#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/base/printf_string.hpp"
#include "pipetop/core/base/whole_number.hpp"
#include "pipetop/core/config/flag_options.hpp"
#include "pipetop/core/experiment/article_figures.hpp"
#include "pipetop/core/experiment/ladder_steps.hpp"
#include "pipetop/core/figures/interference.hpp"
#include "pipetop/core/profile/profile_verdicts.hpp"
#include "pipetop/core/report/ratio_text.hpp"
#include "pipetop/core/screen/text_cells.hpp"

namespace pipetop {
namespace {

std::string figure(std::optional<double> v, int decimals) {
  return format_fixed(v, decimals);
}

std::optional<double> speedup(const RungResult& r, const RungResult& first) {
  const std::optional<double> a = r.trial.gib_per_s();
  const std::optional<double> b = first.trial.gib_per_s();
  if (!a || !b || *b <= 0) return std::nullopt;
  return *a / *b;
}

const RungResult* find(const std::vector<RungResult>& results, std::string_view name) {
  for (const RungResult& r : results) {
    if (r.rung.name == name) return &r;
  }
  return nullptr;
}

// A step's verdict: "<what> <gain> ×1.43 (95% CI 1.31–1.52)" when the interval lies above 1, "<what>
// <loss> ..." below it, "<what>: no change shown (...)" when it holds 1, and "<what>: no verdict yet
// (...)" before there is an interval.
std::string step_verdict(const std::string& what, const std::string& gain, const std::string& loss,
                         const RatioEstimate& e) {
  switch (e.change()) {
    case Change::faster:
      return what + " " + gain + " by " + estimate_text(e);
    case Change::slower:
      return what + " " + loss + ": " + estimate_text(e);
    case Change::none_shown:
      return what + ": no change shown, " + estimate_text(e);
    case Change::unknown:
      break;
  }
  return what + ": no verdict yet, " + estimate_text(e);
}

// The busy loop's step, vmsplice/splice +huge to +busy: a gain of ×2 or more says wake-ups are
// expensive here, and why (from the rung without the busy loop's profile; without one, where this
// runs); a smaller gain, that they are cheap.
std::optional<std::string> busy_verdict(const MachineFacts& facts, const std::vector<RungResult>& results,
                                        const LadderSteps& steps) {
  const std::optional<RatioEstimate> busy = steps.estimate("vmsplice/splice +huge +busy", "vmsplice/splice +huge");
  if (!busy || !busy->median) return std::nullopt;
  if (busy->change() != Change::faster) return step_verdict("busy loop", "gives", "costs", *busy);
  if (busy->interval->median < 2) return "busy loop gives only " + estimate_text(*busy) + ": wake-ups are cheap here";
  const RungResult* without = find(results, "vmsplice/splice +huge");
  const std::optional<std::string> cited =
      without == nullptr ? std::nullopt : largest_share_words(*without, ProfileCategory::wait_wake);
  const bool vm = !facts.virtualisation.empty() && !facts.virtualisation.starts_with("none");
  return "busy loop gives " + estimate_text(*busy) + ": wake-ups are expensive here" +
         (cited ? " (without it " + *cited + ")"
          : vm  ? " (virtual machine)"
                : "");
}

}  // namespace

std::vector<Rung> ladder_rungs(const RunConfig& base) {
  auto with = [&base](WriterKind w, ReaderKind r, bool huge, bool busy) {
    RunConfig c = without_transfer_flags(base);  // as article_final: the article's rungs, nothing more
    c.writer = w;
    c.reader = r;
    c.huge_pages = huge;
    c.busy_loop = busy;
    return c;
  };
  using W = WriterKind;
  using R = ReaderKind;
  const auto& article = kArticleGiBPerS;
  return {{"write/read", with(W::write, R::read, false, false), article[0]},
          {"write/read +busy", with(W::write, R::read, false, true)},
          {"vmsplice/read", with(W::vmsplice, R::read, false, false), article[1]},
          {"vmsplice/splice", with(W::vmsplice, R::splice, false, false), article[2]},
          {"vmsplice/splice +huge", with(W::vmsplice, R::splice, true, false), article[3]},
          {"vmsplice/splice +huge +busy", with(W::vmsplice, R::splice, true, true), article[4]}};
}

RungResult rung_result(Rung rung, std::vector<Trial> runs) {
  RungResult result{std::move(rung), {}, {}};
  if (runs.empty()) {
    result.trial.error = runtime_error("the rung was not run");
    return result;
  }
  std::vector<std::size_t> moved;  // the runs with a figure, by figure
  for (std::size_t i = 0; i < runs.size(); ++i) {
    if (const std::optional<double> rate = runs[i].gib_per_s()) {
      result.runs_gib_per_s.push_back(*rate);
      moved.push_back(i);
    }
  }
  const auto failed = std::find_if(runs.begin(), runs.end(), [](const Trial& t) { return !t.gib_per_s(); });
  if (failed != runs.end()) {
    result.trial = std::move(*failed);
    return result;
  }
  std::sort(moved.begin(), moved.end(),
            [&runs](std::size_t a, std::size_t b) { return *runs[a].gib_per_s() < *runs[b].gib_per_s(); });
  result.trial = std::move(runs[moved[(moved.size() - 1) / 2]]);
  return result;
}

Result<int> parse_repeat(std::string_view text) {
  const std::optional<int> runs = parse_whole_number(text, kMinRepeat, kMaxRepeat);
  if (!runs) {
    return std::unexpected(usage_error(
        printf_string("'%s' is not a number of runs from %d to %d", std::string(text).c_str(), kMinRepeat, kMaxRepeat),
        "three runs of each rung are the fewest that show its spread"));
  }
  return *runs;
}

std::vector<RungResult> run_ladder(TrialRunner& runner, const std::vector<Rung>& rungs, std::int64_t rung_ns,
                                   const LadderProgress& progress, int repeat) {
  const auto runs = static_cast<std::size_t>(std::max(repeat, 1));
  std::vector<RungResult> results;
  for (std::size_t i = 0; i < rungs.size(); ++i) {
    std::vector<Trial> trials;
    for (std::size_t run = 0; run < runs; ++run) {
      const std::size_t left = (rungs.size() - i) * runs - run;
      const std::string name =
          runs == 1 ? rungs[i].name : rungs[i].name + printf_string(" (run %zu/%zu)", run + 1, runs);
      if (progress) progress(i, rungs.size(), name, static_cast<std::int64_t>(left) * rung_ns);
      trials.push_back(run_undisturbed(runner, rungs[i].config, rung_ns));
    }
    results.push_back(rung_result(rungs[i], std::move(trials)));
  }
  return results;
}

std::string ladder_table(const std::vector<RungResult>& results, bool unicode) {
  const std::string times = unicode ? "×" : "x";
  constexpr std::array<int, 6> kWidths{9, 8, 12, 11, 11, 10};
  const auto row = [&kWidths](const std::string& name, const std::array<std::string, 6>& cells) {
    std::string line = "  " + pad_right(name, 30);
    for (std::size_t i = 0; i < cells.size(); ++i) line += " " + pad_left(cells[i], kWidths[i]);
    return line + "\n";
  };
  std::string text = row("rung", {"GiB/s", times, "ctx sw/GiB", "faults/GiB", "cycles/KiB", "dTLB/MiB"});
  for (const RungResult& r : results) {
    if (r.trial.error) {
      text += "  " + pad_right(r.rung.name, 30) + " FAILED: " + r.trial.error->message + "\n";
      continue;
    }
    const DerivedFigures& w = r.trial.summary.writer.derived;
    const std::optional<double> x = results.empty() ? std::nullopt : speedup(r, results.front());
    text += row(r.rung.name, {figure(r.trial.gib_per_s(), 2), x ? times + printf_string("%.1f", *x) : "—",
                              figure(w.context_switches_per_gib, 0), figure(w.page_faults_per_gib, 1),
                              figure(w.cycles_per_kib, 0), figure(w.dtlb_misses_per_mib, 1)});
    if (r.trial.disturbed()) text.insert(text.size() - 1, "  disturbed");
  }
  return text;
}

std::vector<std::string> ladder_verdicts(const MachineFacts& facts, const std::vector<RungResult>& results,
                                         const LadderSteps& steps) {
  std::vector<std::string> verdicts;
  for (const RungResult& r : results) {
    if (r.trial.error) verdicts.push_back(r.rung.name + ": could not move data — " + r.trial.error->message);
    if (!r.trial.disturbed()) continue;
    verdicts.push_back(r.rung.name + ": no verdict — run twice and disturbed both times: " +
                       interference_words(r.trial.summary.cpu_waits(), r.trial.outcome.config()).value_or(""));
  }
  if (const RungResult* huge = find(results, "vmsplice/splice +huge"); huge != nullptr && !huge->trial.error) {
    const HugePageResult& h = huge->trial.outcome.segment.huge_pages();
    if (!h.verified) {
      verdicts.push_back(facts.thp_enabled == "never" ? "huge pages: requested, not obtained — THP is `never`"
                                                      : "huge pages: requested, not obtained — " + h.detail);
    } else {
      verdicts.push_back("huge pages: requested and verified (" + h.detail + ")");
    }
  }
  if (const std::optional<std::string> busy = busy_verdict(facts, results, steps)) verdicts.push_back(*busy);
  if (const std::optional<RatioEstimate> zero_copy = steps.estimate("vmsplice/splice", "write/read");
      zero_copy && zero_copy->median) {
    verdicts.push_back(step_verdict("vmsplice + splice", "beat write/read", "lose to write/read", *zero_copy));
  }
  for (std::string& verdict : profile_verdicts(results)) verdicts.push_back(std::move(verdict));
  if (!facts.hardware_pmu)
    verdicts.push_back("hardware counters unavailable: no PMU exposed (cycles, IPC, TLB misses)");
  if (facts.vmsplice_works && !*facts.vmsplice_works) verdicts.push_back("vmsplice does not work on this kernel");
  return verdicts;
}

}  // namespace pipetop
