#include "pipetop/app/replay_pair.hpp"

#include <algorithm>
#include <cmath>

#include "pipetop/core/base/number_format.hpp"

namespace pipetop {

ReplayPair::ReplayPair(std::vector<SessionEvent> events, double speed, std::int64_t now_ns)
    : events_(std::move(events)), speed_(speed > 0 ? speed : 1.0), wall_ns_(now_ns) {
  for (std::size_t i = 0; i < events_.size(); ++i) {
    if (const auto* start = std::get_if<SegmentStart>(&events_[i])) {
      if (segment_starts_.empty()) config_ = start->config;
      segment_starts_.push_back(i);
    }
  }
  if (!events_.empty()) {
    first_ns_ = event_time_ns(events_.front());
    last_ns_ = first_ns_;
    for (const SessionEvent& e : events_) last_ns_ = std::max(last_ns_, event_time_ns(e));
  }
  from_ns_ = first_ns_;
}

Result<void> ReplayPair::change(const RunConfig&) {
  return std::unexpected(usage_error("a replay cannot change the configuration", "it shows what was recorded"));
}

std::int64_t ReplayPair::recorded_ns(std::int64_t now_ns) const {
  if (paused_) return from_ns_;
  return from_ns_ + std::llround(static_cast<double>(now_ns - wall_ns_) * speed_);
}

void ReplayPair::poll(std::int64_t now_ns, std::vector<SessionEvent>& out) {
  const std::int64_t until = recorded_ns(now_ns);
  while (next_ < events_.size() && (next_ < catch_up_ || event_time_ns(events_[next_]) <= until)) {
    if (const auto* start = std::get_if<SegmentStart>(&events_[next_])) config_ = start->config;
    out.push_back(events_[next_++]);
  }
}

PairPhase ReplayPair::phase() const {
  return next_ < events_.size() ? PairPhase::running : PairPhase::stopped;
}

void ReplayPair::set_paused(bool paused, std::int64_t now_ns) {
  if (paused == paused_) return;
  from_ns_ = recorded_ns(now_ns);
  wall_ns_ = now_ns;
  paused_ = paused;
}

void ReplayPair::seek(std::size_t index, std::int64_t now_ns) {
  next_ = 0;
  catch_up_ = segment_starts_.empty() ? 0 : segment_starts_[std::min(index, segment_starts_.size() - 1)];
  from_ns_ = catch_up_ < events_.size() ? event_time_ns(events_[catch_up_]) : first_ns_;
  wall_ns_ = now_ns;
}

std::string ReplayPair::position(std::int64_t now_ns) const {
  const std::string length = format_fixed(static_cast<double>(last_ns_ - first_ns_) / 1e9, 1) + " s";
  if (next_ == events_.size()) return "replay ended at " + length + " (r: again)";
  const std::int64_t at = std::clamp(recorded_ns(now_ns), first_ns_, last_ns_);
  std::string text = "replay " + format_fixed(static_cast<double>(at - first_ns_) / 1e9, 1) + " / " + length;
  if (speed_ != 1.0) text += " ×" + format_grouped(speed_, 3);
  return paused_ ? text + " · paused" : text;
}

}  // namespace pipetop
