#include "pipetop/app/live_pairs.hpp"

#include <algorithm>
#include <variant>

#include "pipetop/core/config/config_change.hpp"
#include "pipetop/core/machine/pair_placement.hpp"
#include "pipetop/core/screen/key_table.hpp"

namespace pipetop {
namespace {

std::string pair_words(std::size_t pair, const RunConfig& config) {
  return "pair " + std::to_string(pair + 1) + " (" + describe_cpus(config) + ")";
}

}  // namespace

LivePairs::LivePairs(std::vector<WorkerPlan> plans, std::vector<CpuPair> pinned, const SystemFiles& files)
    : pinned_(std::move(pinned)), separate_(plans.front().separate), aggregate_(plans.size(), true) {
  for (WorkerPlan& plan : plans) pairs_.push_back(std::make_unique<LivePair>(std::move(plan), files));
}

// `next` (the controller's configuration, on the first pair's CPUs) for `pair`: the same strategies
// and sizes, pinned as the pinning key says, on the pair's own CPUs.
Result<RunConfig> LivePairs::config_of(std::size_t pair, const RunConfig& next) const {
  RunConfig config = next;
  const Pinning pinning = pinning_of(next, separate_);
  if (pinning == Pinning::unpinned) {
    config.writer_cpu = config.reader_cpu = kUnpinned;
    return config;
  }
  if (pinned_.size() != pairs_.size()) {
    return std::unexpected(usage_error(std::to_string(pairs_.size()) + " pairs do not fit pinned on the CPUs allowed",
                                       "they stay unpinned"));
  }
  config.writer_cpu = pinned_[pair].writer;
  config.reader_cpu = pinning == Pinning::same_core ? pinned_[pair].writer : pinned_[pair].reader;
  return config;
}

Result<void> LivePairs::change(const RunConfig& next) {
  std::vector<RunConfig> configs;
  for (std::size_t k = 0; k < pairs_.size(); ++k) {
    Result<RunConfig> config = config_of(k, next);
    if (!config) return std::unexpected(config.error());
    configs.push_back(std::move(*config));
  }
  for (std::size_t k = 0; k < pairs_.size(); ++k) {
    if (Result<void> changed = pairs_[k]->change(configs[k]); !changed) {
      // The rules are the same for every pair, so only the first can refuse: nothing has changed.
      if (k == 0) return changed;
      send_back(k);
      return changed;
    }
  }
  aggregate_.restart();
  return {};
}

// Pair `refused` could not run what was asked: every other pair goes back to what they last ran (the
// refused one goes back by itself).
void LivePairs::send_back(std::size_t refused) {
  if (!last_good_) return;
  for (std::size_t k = 0; k < pairs_.size(); ++k) {
    if (k == refused) continue;
    if (Result<RunConfig> config = config_of(k, *last_good_); config) (void)pairs_[k]->change(*config);
  }
  aggregate_.restart();
}

void LivePairs::poll(std::int64_t now_ns, std::vector<SessionEvent>& out) {
  std::vector<SessionEvent> events;
  for (std::size_t k = 0; k < pairs_.size(); ++k) {
    events.clear();
    pairs_[k]->poll(now_ns, events);
    for (SessionEvent& e : events) take(k, e, out);
  }
}

// The pairs' starts, samples and readings go to the aggregate, whose own events (the total's start
// once every pair runs, the summed samples, the mean readings) go out in their place.
void LivePairs::take(std::size_t pair, SessionEvent& event, std::vector<SessionEvent>& out) {
  if (const auto* start = std::get_if<SegmentStart>(&event)) {
    aggregate_.start(pair, *start);
    if (aggregate_.started()) last_good_ = aggregate_.total().config();
  } else if (std::holds_alternative<WorkerSample>(event) || std::holds_alternative<WorkerTimes>(event)) {
    aggregate_.add(pair, event);
  } else if (const auto* huge = std::get_if<HugePagesSeen>(&event)) {
    if (pair == 0 || (huge->result.requested && !huge->result.verified)) out.push_back(*huge);  // the worst said
  } else if (auto* problem = std::get_if<PairProblem>(&event)) {
    problem->text = pair_words(pair, pairs_[pair]->config()) + ": " + problem->text;
    out.push_back(std::move(*problem));
  } else if (auto* refused = std::get_if<ChangeRefused>(&event)) {
    refused->text = pair_words(pair, refused->config) + ": " + refused->text;
    out.push_back(std::move(*refused));
    send_back(pair);
  }
  // Profiles: --pairs refuses --profile, so no pair is profiled.
  for (SessionEvent& e : aggregate_.take_events()) out.push_back(std::move(e));
}

void LivePairs::stop() {
  for (const std::unique_ptr<LivePair>& pair : pairs_) pair->stop();
}

PairPhase LivePairs::phase() const {
  bool starting = !aggregate_.started();
  for (const std::unique_ptr<LivePair>& pair : pairs_) {
    const PairPhase p = pair->phase();
    if (p == PairPhase::stopped || p == PairPhase::ended) return PairPhase::stopped;
    starting = starting || p == PairPhase::starting;
  }
  return starting ? PairPhase::starting : PairPhase::running;
}

const RunConfig& LivePairs::config() const {
  return pairs_.front()->config();
}

std::uint64_t LivePairs::dropped_samples() const {
  std::uint64_t drops = 0;
  for (const std::unique_ptr<LivePair>& pair : pairs_) drops += pair->dropped_samples();
  return drops;
}

std::vector<PairFigure> LivePairs::pair_figures() const {
  std::vector<PairFigure> figures;
  for (std::size_t k = 0; k < pairs_.size(); ++k) {
    const RunConfig& config = pairs_[k]->config();
    figures.push_back({{config.writer_cpu.value_or(kUnpinned), config.reader_cpu.value_or(kUnpinned)},
                       aggregate_.pair_gib_per_s(k),
                       aggregate_.started(k) && pairs_[k]->phase() == PairPhase::running});
  }
  return figures;
}

}  // namespace pipetop
