#pragma once
// A recording in place of the live pair: its events come out of poll() at the pace they were recorded
// (or `speed` times it), pausable, and from any segment's start. Nothing runs: a change is refused.

#include <cstddef>
#include <vector>

#include "pipetop/app/pair_control.hpp"
#include "pipetop/app/playback.hpp"

namespace pipetop {

class ReplayPair final : public PairControl, public Playback {
 public:
  // `events` in the order recorded (at least one SegmentStart for a figure to show); `speed` > 0.
  // Plays from `now_ns`.
  ReplayPair(std::vector<SessionEvent> events, double speed, std::int64_t now_ns);

  // Always a usage error: a recording's configuration is what it was.
  [[nodiscard]] Result<void> change(const RunConfig& next) override;
  void poll(std::int64_t now_ns, std::vector<SessionEvent>& out) override;
  void stop() override {}
  [[nodiscard]] PairPhase phase() const override;  // running until the last event is out, then stopped
  [[nodiscard]] const RunConfig& config() const override { return config_; }
  [[nodiscard]] std::uint64_t dropped_samples() const override { return 0; }

  void set_paused(bool paused, std::int64_t now_ns) override;
  void seek(std::size_t index, std::int64_t now_ns) override;
  [[nodiscard]] std::size_t segments() const override { return segment_starts_.size(); }
  [[nodiscard]] std::string position(std::int64_t now_ns) const override;

 private:
  // The recording's time at `now_ns`.
  [[nodiscard]] std::int64_t recorded_ns(std::int64_t now_ns) const;

  std::vector<SessionEvent> events_;
  std::vector<std::size_t> segment_starts_;  // the index of each SegmentStart
  double speed_;
  std::int64_t first_ns_ = 0;  // the recording's first and last event times
  std::int64_t last_ns_ = 0;
  std::size_t next_ = 0;      // the next event to give out
  std::size_t catch_up_ = 0;  // events before this one are given at once (a seek)
  std::int64_t from_ns_ = 0;  // the recording's time when the clock last (re)started
  std::int64_t wall_ns_ = 0;  // the wall time then
  bool paused_ = false;
  RunConfig config_;
};

}  // namespace pipetop
