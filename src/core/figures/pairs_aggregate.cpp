#include "pipetop/core/figures/pairs_aggregate.hpp"

#include <algorithm>
#include <utility>
#include <variant>

#include "pipetop/core/base/duration.hpp"

namespace pipetop {
namespace {

// The span each pair's own rate is measured over (the dashboard's strip).
constexpr std::int64_t kPairRateWindowNs = kNsPerS;

}  // namespace

PairsAggregate::PairsAggregate(std::size_t pairs, bool forward)
    : forward_(forward), merge_(pairs, kPairRateWindowNs), starts_(merge_.pairs()) {
  for (auto& role : times_) role.assign(merge_.pairs(), std::nullopt);
}

void PairsAggregate::restart() {
  merge_.restart();
  starts_.assign(starts_.size(), std::nullopt);
  started_count_ = 0;
  for (auto& role : times_) role.assign(starts_.size(), std::nullopt);
  total_ = SegmentAggregate{};
}

void PairsAggregate::start(std::size_t pair, const SegmentStart& start) {
  if (pair >= starts_.size() || starts_[pair]) return;
  starts_[pair] = start;
  if (++started_count_ < starts_.size()) return;
  SegmentStart total = *starts_.front();
  for (const std::optional<SegmentStart>& s : starts_) total.t_ns = std::max(total.t_ns, s->t_ns);
  total_ = SegmentAggregate(total);
  if (forward_) pending_.emplace_back(std::move(total));
}

void PairsAggregate::fold(SessionEvent event) {
  total_.apply(event);
  if (forward_) pending_.push_back(std::move(event));
}

void PairsAggregate::merge_new_samples() {
  for (const WorkerRole role : {WorkerRole::writer, WorkerRole::reader}) {
    for (const Sample& sum : merge_.merged(role)) fold(WorkerSample{role, sum});
  }
}

void PairsAggregate::add(std::size_t pair, const SessionEvent& event) {
  if (pair >= starts_.size()) return;
  if (const auto* sample = std::get_if<WorkerSample>(&event)) {
    merge_.add(pair, sample->role, sample->sample);
    if (started()) merge_new_samples();
  } else if (const auto* times = std::get_if<WorkerTimes>(&event)) {
    std::vector<std::optional<ProcessTimes>>& read = times_[role_index(times->role)];
    read[pair] = times->times;
    if (!started() || std::any_of(read.begin(), read.end(), [](const auto& t) { return !t; })) return;
    std::vector<ProcessTimes> all;
    for (const std::optional<ProcessTimes>& t : read) all.push_back(*t);
    read.assign(read.size(), std::nullopt);
    fold(WorkerTimes{times->role, mean_times(all)});
  }
}

std::vector<SessionEvent> PairsAggregate::take_events() {
  return std::exchange(pending_, {});
}

std::optional<double> PairsAggregate::pair_gib_per_s(std::size_t pair) const {
  if (!started(pair)) return std::nullopt;
  return merge_.gib_per_s(pair);
}

}  // namespace pipetop
