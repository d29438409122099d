#include "pipetop/app/live_pairs.hpp"

#include <algorithm>
#include <variant>

#include "pipetop/core/config_change.hpp"
#include "pipetop/core/key_table.hpp"
#include "pipetop/core/pair_placement.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kPairRateWindowNs = kNsPerS;

std::size_t index_of(WorkerRole role) {
  return role == WorkerRole::writer ? 0 : 1;
}

std::string pair_words(std::size_t pair, const RunConfig& config) {
  return "pair " + std::to_string(pair + 1) + " (" + describe_cpus(config) + ")";
}

}  // namespace

LivePairs::LivePairs(std::vector<WorkerPlan> plans, std::vector<CpuPair> pinned, const SystemFiles& files)
    : pinned_(std::move(pinned)),
      separate_(plans.front().separate),
      merge_(plans.size(), kPairRateWindowNs),
      started_(plans.size(), false) {
  for (WorkerPlan& plan : plans) pairs_.push_back(std::make_unique<LivePair>(std::move(plan), files));
  for (auto& role : times_) role.assign(pairs_.size(), std::nullopt);
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
  merge_.restart();
  started_.assign(pairs_.size(), false);
  first_.reset();
  announced_ = false;
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
  merge_.restart();
  started_.assign(pairs_.size(), false);
  first_.reset();
  announced_ = false;
}

void LivePairs::poll(std::int64_t now_ns, std::vector<SessionEvent>& out) {
  std::vector<SessionEvent> events;
  for (std::size_t k = 0; k < pairs_.size(); ++k) {
    events.clear();
    pairs_[k]->poll(now_ns, events);
    for (SessionEvent& e : events) take(k, e, out);
  }
  if (!announced_) return;
  for (const WorkerRole role : {WorkerRole::writer, WorkerRole::reader}) {
    for (const Sample& sum : merge_.merged(role)) out.push_back(WorkerSample{role, sum});
    std::vector<std::optional<WorkerTimes>>& read = times_[index_of(role)];
    std::vector<ProcessTimes> all;
    for (const std::optional<WorkerTimes>& t : read) {
      if (t) all.push_back(t->times);
    }
    if (all.size() == pairs_.size()) {
      out.push_back(WorkerTimes{role, mean_times(all)});
      read.assign(pairs_.size(), std::nullopt);
    }
  }
}

void LivePairs::take(std::size_t pair, SessionEvent& event, std::vector<SessionEvent>& out) {
  if (auto* start = std::get_if<SegmentStart>(&event)) {
    started_[pair] = true;
    if (pair == 0) first_ = std::move(*start);
    if (announced_ || !first_ || std::find(started_.begin(), started_.end(), false) != started_.end()) return;
    last_good_ = first_->config;
    out.push_back(std::move(*first_));
    announced_ = true;
  } else if (const auto* sample = std::get_if<WorkerSample>(&event)) {
    merge_.add(pair, sample->role, sample->sample);
  } else if (const auto* times = std::get_if<WorkerTimes>(&event)) {
    times_[index_of(times->role)][pair] = *times;
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
}

void LivePairs::stop() {
  for (const std::unique_ptr<LivePair>& pair : pairs_) pair->stop();
}

PairPhase LivePairs::phase() const {
  bool starting = !announced_;
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
                       started_[k] ? merge_.gib_per_s(k) : std::nullopt,
                       started_[k] && pairs_[k]->phase() == PairPhase::running});
  }
  return figures;
}

}  // namespace pipetop
