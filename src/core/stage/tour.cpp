#include "pipetop/core/stage/tour.hpp"

#include <algorithm>

#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/base/printf_string.hpp"
#include "pipetop/core/base/size.hpp"
#include "pipetop/core/config/config_change.hpp"
#include "pipetop/core/config/flag_options.hpp"
#include "pipetop/core/screen/text_cells.hpp"

namespace pipetop {
namespace {

// Two decimals below 10 GiB/s, one above, as the readout shows them.
std::string gib(double v) {
  return format_fixed(v, v < 10 ? 2 : 1);
}

std::string times(double ratio) {
  return "×" + format_fixed(ratio, ratio < 10 ? 1 : 0);
}

std::optional<double> sum(std::optional<double> a, std::optional<double> b) {
  if (!a || !b) return std::nullopt;
  return *a + *b;
}

std::optional<double> larger(std::optional<double> a, std::optional<double> b) {
  if (!a) return b;
  if (!b) return a;
  return std::max(*a, *b);
}

// "fell from 26,000 to 40": a figure before and now, when both were measured.
std::string from_to(std::optional<double> before, std::optional<double> now, std::string_view unit) {
  if (!before || !now) return {};
  const std::string verb = *now < *before ? "fell" : "went";
  return verb + " from " + format_grouped(*before) + std::string(unit) + " to " + format_grouped(*now) +
         std::string(unit);
}

// The second sentence: what the step gained over the one before, honestly when it gained nothing.
std::string gain(const TourFigures& now, const std::optional<TourFigures>& before) {
  if (!now.gib_per_s) return "Measuring…";
  const std::optional<double> was = before ? before->gib_per_s : std::nullopt;
  if (!was || *was <= 0) return gib(*now.gib_per_s) + " GiB/s here.";
  const double ratio = *now.gib_per_s / *was;
  const std::string figures = "(" + gib(*was) + " → " + gib(*now.gib_per_s) + " GiB/s)";
  if (ratio >= 1.1) return times(ratio) + " over the last step " + figures + ".";
  if (ratio > 0.9) return "About the same as the last step here " + figures + ".";
  return "Slower than the last step here: " + times(ratio) + " " + figures + ".";
}

// The same from the step's race against the last one (once it has a round): the median of the
// rounds' ratios, with its interval once there are rounds enough, and a verdict only where the
// interval excludes no change.
std::string raced_gain(const StepRace& race) {
  const RatioEstimate& r = race.ratio;
  const std::string rounds = std::to_string(r.rounds) + (r.rounds == 1 ? " paired round" : " paired rounds");
  const std::string figures = race.last_gib_per_s && race.here_gib_per_s
                                  ? gib(*race.last_gib_per_s) + " → " + gib(*race.here_gib_per_s) + " GiB/s, "
                                  : std::string();
  if (!r.interval && race.ended) {
    return times(*r.median) + " over the last step (" + figures + rounds + ", too few for a 95% interval).";
  }
  if (!r.interval) return times(*r.median) + " over the last step so far (" + figures + rounds + ").";
  const std::string detail = "(" + figures + "95% CI " + format_fixed(r.interval->low, 2) + "–" +
                             format_fixed(r.interval->high, 2) + ", " + rounds + ")";
  switch (r.change()) {
    case Change::faster:
      return times(*r.median) + " over the last step " + detail + ".";
    case Change::slower:
      return "Slower than the last step here: ×" + format_fixed(*r.median, 2) + " " + detail + ".";
    case Change::none_shown:
    case Change::unknown:
      break;
  }
  return "No difference from the last step shown here: ×" + format_fixed(*r.median, 2) + " " + detail + ".";
}

std::string first_step(const TourFigures& now) {
  std::string text = "The starting point: write() copies every byte into the pipe and read() copies it out again";
  if (now.switches_per_s) {
    text += ", and the two take turns sleeping on a full or empty pipe (" + format_grouped(*now.switches_per_s) +
            " context switches/s)";
  }
  text += ".";
  if (now.gib_per_s) {
    text += " " + gib(*now.gib_per_s) + " GiB/s here; the article's laptop did " + format_fixed(kArticleGiBPerS[0], 1) +
            ".";
  }
  return text;
}

std::string huge_pages_step(const TourFigures& now, const std::optional<TourFigures>& before,
                            const std::string& gained) {
  if (!now.huge_pages_verified && !now.huge_pages_detail.empty()) {
    return "Huge pages were asked for but not obtained here (" + now.huge_pages_detail +
           "), so this step shows little. " + gained;
  }
  std::string text = "With 2 MiB pages the kernel pins one page where it pinned 512, and the TLB covers the buffer";
  const std::string tlb = from_to(before ? before->dtlb_misses_per_mib : std::nullopt, now.dtlb_misses_per_mib, "");
  if (!tlb.empty()) text += ": dTLB misses per MiB " + tlb;
  return text + ". " + gained;
}

// What the busy loop did to the workers' sleeping, in the words the figures allow: it is meant to stop
// them sleeping on the pipe (voluntary switches fall), but spinning workers that share CPUs are
// preempted instead (involuntary switches rise), which a total of both would hide or contradict.
std::string busy_loop_sleeps(const TourFigures& now, const std::optional<TourFigures>& before) {
  const std::string sleeps = from_to(before ? before->sleeps_per_s : std::nullopt, now.sleeps_per_s, "/s");
  if (sleeps.empty()) {  // no /proc readings (a replayed run): the counters' total only
    const std::string switches = from_to(before ? before->switches_per_s : std::nullopt, now.switches_per_s, "/s");
    if (switches.empty()) return "The busy loop keeps both sides from sleeping on the pipe";
    if (*now.switches_per_s < *before->switches_per_s)
      return "Neither side sleeps any more: context switches " + switches;
    return "The busy loop should keep both sides from sleeping, yet context switches " + switches;
  }
  std::string text =
      *now.sleeps_per_s < *before->sleeps_per_s
          ? "Neither side sleeps on the pipe any more: voluntary context switches " + sleeps
          : "The busy loop should keep both sides from sleeping, yet voluntary context switches " + sleeps;
  const std::optional<double> was = before->preemptions_per_s;
  if (now.preemptions_per_s && was && *now.preemptions_per_s > *was && *now.preemptions_per_s >= 100) {
    text += "; the scheduler now takes a spinning worker's CPU instead (involuntary switches " +
            from_to(was, now.preemptions_per_s, "/s") + ")";
  }
  return text;
}

std::string busy_loop_step(const TourFigures& now, const std::optional<TourFigures>& before,
                           const std::string& gained) {
  std::string text = busy_loop_sleeps(now, before);
  if (now.eagain_share && *now.eagain_share > 0) {
    text += ", and " + format_fixed(*now.eagain_share * 100, 0) + "% of the calls spin on a full or empty pipe";
  }
  text += ". " + gained;
  if (now.cpu_wait && *now.cpu_wait >= 0.05) {
    text += " Here they waited for a CPU " + format_fixed(*now.cpu_wait * 100, 0) +
            "% of the time: spinning needs a CPU each.";
  }
  return text;
}

std::string larger_buffer_step(const TourStep& step, const TourFigures& now, const std::optional<TourFigures>& before,
                               const std::string& gained) {
  std::string text = "A buffer of " + format_size(step.config.buffer_bytes) + " moves more bytes per call";
  const std::string calls = from_to(before ? before->calls_per_gib : std::nullopt, now.calls_per_gib, "");
  if (!calls.empty()) text += ": calls per GiB " + calls;
  return text + ". " + gained;
}

}  // namespace

std::vector<TourStep> tour_steps(const RunConfig& base, const std::optional<RunConfig>& tuned) {
  RunConfig c = without_transfer_flags(base);
  std::vector<TourStep> steps;
  const auto add = [&](TourStepKind kind, std::string name, std::optional<double> article) {
    steps.push_back({kind, std::move(name), c, article});
  };
  add(TourStepKind::write_read, "write/read", kArticleGiBPerS[0]);
  c.writer = WriterKind::vmsplice;
  add(TourStepKind::vmsplice, "+vmsplice", kArticleGiBPerS[1]);
  c.reader = ReaderKind::splice;
  add(TourStepKind::splice, "+splice", kArticleGiBPerS[2]);
  c.huge_pages = true;
  add(TourStepKind::huge_pages, "+huge pages", kArticleGiBPerS[3]);
  c.busy_loop = true;
  add(TourStepKind::busy_loop, "+busy loop", kArticleGiBPerS[4]);
  if (tuned) {
    c = *tuned;
    c.writer_cpu = base.writer_cpu;  // this machine's pinning, as every other step
    c.reader_cpu = base.reader_cpu;
    add(TourStepKind::tuned, "tuned best", std::nullopt);
  } else {
    c.buffer_bytes = kTourLargerBuffer;
    add(TourStepKind::larger_buffer, "buffer " + format_size(kTourLargerBuffer), std::nullopt);
  }
  return steps;
}

bool same_step(const RunConfig& a, const RunConfig& b) {
  if (a.writer != b.writer || a.reader != b.reader || a.buffer_bytes != b.buffer_bytes) return false;
  return std::ranges::all_of(
      kFlagOptions, [&](const FlagOption& f) { return f.kind != FlagKind::transfer || a.*f.member == b.*f.member; });
}

std::optional<std::size_t> step_of(const std::vector<TourStep>& steps, const RunConfig& config) {
  for (std::size_t i = 0; i < steps.size(); ++i) {
    if (same_step(steps[i].config, config)) return i;
  }
  return std::nullopt;
}

TourFigures tour_figures(const History& history) {
  TourFigures f;
  f.gib_per_s = history.current_segment_stats().mean;
  const WorkerTimeUse w = history.time_use(WorkerRole::writer);
  const WorkerTimeUse r = history.time_use(WorkerRole::reader);
  f.sleeps_per_s = sum(w.voluntary_per_s, r.voluntary_per_s);
  f.preemptions_per_s = sum(w.involuntary_per_s, r.involuntary_per_s);
  f.switches_per_s = sum(f.sleeps_per_s, f.preemptions_per_s);
  f.cpu_wait = larger(w.cpu_wait, r.cpu_wait);
  const std::deque<FigurePoint>& figures = history.figures(WorkerRole::writer);
  if (!figures.empty()) {
    f.faults_per_gib = figures.back().figures.page_faults_per_gib;
    f.dtlb_misses_per_mib = figures.back().figures.dtlb_misses_per_mib;
    if (!f.switches_per_s) {  // no /proc readings (a replayed run): the counters', when they count
      f.switches_per_s = sum(figures.back().figures.context_switches_per_s,
                             history.figures(WorkerRole::reader).empty()
                                 ? std::nullopt
                                 : history.figures(WorkerRole::reader).back().figures.context_switches_per_s);
    }
  }
  const WorkerCalls wc = history.calls(WorkerRole::writer);
  const WorkerCalls rc = history.calls(WorkerRole::reader);
  f.calls_per_gib = wc.per_gib;
  if (wc.eagain_share && rc.eagain_share && wc.per_s && rc.per_s && *wc.per_s + *rc.per_s > 0) {
    f.eagain_share = (*wc.eagain_share * *wc.per_s + *rc.eagain_share * *rc.per_s) / (*wc.per_s + *rc.per_s);
  }
  f.huge_pages_verified = history.huge_pages().verified;
  if (history.huge_pages().requested) f.huge_pages_detail = history.huge_pages().detail;
  return f;
}

std::int64_t tour_steady_ns(std::int64_t step_ns) {
  return std::min(kTourSteadyNs, step_ns / 2);
}

StepRace step_race(const PairedRounds& rounds, bool ended) {
  return StepRace{rounds.estimate(Contrast{0, 1}), rounds.arm_figures(0).median_gib_per_s,
                  rounds.arm_figures(1).median_gib_per_s, ended};
}

std::string tour_caption(const TourStep& step, const TourFigures& now, const std::optional<TourFigures>& before,
                         const std::optional<StepRace>& race) {
  if (step.kind == TourStepKind::write_read) return first_step(now);
  // Until the race has a round, the two steps' means, and that the race is on (or, once it ended
  // without one, why).
  std::string gained;
  if (race && race->ratio.median) {
    gained = raced_gain(*race);
  } else if (race && race->ended) {
    gained = gain(now, before) + " Its race against the last step kept no round (" +
             std::to_string(race->ratio.dropped) + " dropped: a worker waited for its CPU).";
  } else {
    gained = gain(now, before) + (race ? " Now racing it against the last step in alternating rounds…" : "");
  }
  switch (step.kind) {
    case TourStepKind::write_read:
      break;
    case TourStepKind::vmsplice:
      return "vmsplice() hands the pipe references to the writer's pages instead of copying them: only read() "
             "copies now. " +
             gained;
    case TourStepKind::splice:
      return "splice() moves those page references on to /dev/null, so no byte is copied at all any more. " + gained;
    case TourStepKind::huge_pages:
      return huge_pages_step(now, before, gained);
    case TourStepKind::busy_loop:
      return busy_loop_step(now, before, gained);
    case TourStepKind::larger_buffer:
      return larger_buffer_step(step, now, before, gained);
    case TourStepKind::tuned:
      break;
  }
  return "The fastest configuration tune found on this machine: " + describe_config(step.config) + ". " + gained;
}

std::vector<std::string> tour_summary(const std::vector<TourStep>& steps,
                                      const std::vector<std::optional<TourFigures>>& measured,
                                      const std::vector<std::optional<StepRace>>& races) {
  const auto mean = [&](std::size_t i) -> std::optional<double> {
    return i < measured.size() && measured[i] ? measured[i]->gib_per_s : std::nullopt;
  };
  const auto ratio = [&](std::optional<double> a, std::optional<double> b) {
    return a && b && *b > 0 ? times(*a / *b) : std::string();
  };
  const auto race = [&](std::size_t i) -> const RatioEstimate* {
    return i < races.size() && races[i] && races[i]->ratio.median ? &races[i]->ratio : nullptr;
  };
  bool raced = false;
  bool dropped = false;    // a race ran and kept no round
  bool intervals = false;  // a column of blanks says nothing: it shows where a race held six rounds
  for (std::size_t i = 0; i < steps.size(); ++i) {
    raced = raced || race(i) != nullptr;
    dropped = dropped || (i < races.size() && races[i] && !races[i]->ratio.median && races[i]->ratio.dropped > 0);
    intervals = intervals || (race(i) != nullptr && race(i)->interval);
  }
  std::vector<std::string> lines{"The ladder on this machine, beside the article's (its author's laptop)",
                                 printf_string("  %-14s %8s %7s%s %7s   %8s %7s %7s", "step", "GiB/s", "step",
                                               intervals ? "     95% CI" : "", "first", "article", "step", "first")};
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const std::optional<double> here = mean(i);
    const std::optional<double> article = steps[i].article_gib_per_s;
    const std::string article_step = i > 0 ? ratio(article, steps[i - 1].article_gib_per_s) : std::string();
    std::string step_ratio = i > 0 ? ratio(here, mean(i - 1)) : "";
    std::string interval;
    if (const RatioEstimate* r = race(i)) {
      step_ratio = times(*r->median);
      if (r->interval) interval = format_fixed(r->interval->low, 2) + "–" + format_fixed(r->interval->high, 2);
    }
    lines.push_back("  " + pad_right(steps[i].name, 14) + " " + pad_left(format_fixed(here, 2), 8) + " " +
                    pad_left(step_ratio, 7) + (intervals ? " " + pad_left(interval, 10) : "") + " " +
                    pad_left(ratio(here, mean(0)), 7) + "   " + pad_left(format_fixed(article, 1), 8) + " " +
                    pad_left(article_step, 7) + " " + pad_left(ratio(article, steps[0].article_gib_per_s), 7));
  }
  std::optional<std::size_t> last;
  for (std::size_t i = 1; i < steps.size(); ++i) {
    if (mean(i)) last = i;
  }
  if (mean(0) && last) {
    lines.push_back("  Here " + gib(*mean(0)) + " → " + gib(*mean(*last)) + " GiB/s (" + ratio(mean(*last), mean(0)) +
                    "); the article " + format_fixed(kArticleGiBPerS.front(), 1) + " → " +
                    format_fixed(kArticleGiBPerS.back(), 1) + " GiB/s (" +
                    times(kArticleGiBPerS.back() / kArticleGiBPerS.front()) + ").");
  }
  if (intervals) {
    lines.push_back("  A raced step's speed-up is the median of its rounds against the step before, alternating,");
    lines.push_back("  with its 95% interval; GiB/s and first are the steps' means.");
  } else if (raced) {
    lines.push_back("  A raced step's speed-up is the median of its rounds against the step before, alternating;");
    lines.push_back("  none held the 6 rounds an interval needs (--step 12s does). GiB/s, first: the steps' means.");
  }
  if (dropped) {
    lines.push_back("  A race that kept no round (each dropped: a worker waited for its CPU, another program is");
    lines.push_back("  running) leaves its step's speed-up the ratio of the two steps' means.");
  }
  return lines;
}

}  // namespace pipetop
