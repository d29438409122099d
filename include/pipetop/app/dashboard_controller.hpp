#pragma once
// The dashboard apart from the terminal: keys become configuration and view changes, what the pair
// reports builds the History, and each frame's model comes from both. Nothing here blocks — a change
// starts in the background and the keys keep working while it does — and it is tested in-process
// with a scripted PairControl.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "pipetop/app/pair_control.hpp"
#include "pipetop/core/history.hpp"
#include "pipetop/core/key_table.hpp"
#include "pipetop/core/trial.hpp"
#include "pipetop/ui/dashboard_model.hpp"

namespace pipetop {

// Writes the current segment somewhere; returns where, or why it could not.
using SegmentExporter = std::function<Result<std::string>(const std::vector<Trial>&)>;

class DashboardController {
 public:
  // `pair` must outlive the controller; `state` holds the starting configuration and the default CPUs.
  DashboardController(PairControl& pair, DashboardState state, std::string machine, SegmentExporter exporter);

  // A key (a click already mapped to the key it stands for) at `now_ns`. Returns false to quit.
  [[nodiscard]] bool press(int key, std::int64_t now_ns);

  // Takes in what the pair did since the last tick.
  void tick(std::int64_t now_ns);

  // The frame to draw at `now_ns` (the dashboard's own CPU use is the caller's to fill in).
  [[nodiscard]] DashboardModel model(std::int64_t now_ns) const;

  [[nodiscard]] const DashboardState& state() const { return state_; }
  [[nodiscard]] const History& history() const { return history_; }

 private:
  void change(const DashboardState& next, std::int64_t now_ns);
  void export_segment(std::int64_t now_ns);
  void take(const SessionEvent& event, std::int64_t now_ns);
  void show(std::string message, bool error, std::int64_t now_ns);
  [[nodiscard]] std::string problem() const;

  PairControl& pair_;
  DashboardState state_;
  std::string machine_;
  SegmentExporter exporter_;
  History history_;
  std::optional<History> frozen_;  // what the display shows while frozen
  std::int64_t frozen_ns_ = 0;
  std::vector<SessionEvent> events_;
  std::string message_;
  bool message_is_error_ = false;
  std::int64_t message_until_ns_ = 0;
  // The current segment's first and last sample of each worker (writer, reader), for its export.
  std::array<std::pair<std::optional<Sample>, std::optional<Sample>>, 2> segment_ends_;
};

}  // namespace pipetop
