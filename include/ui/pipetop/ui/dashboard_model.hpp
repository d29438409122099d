#pragma once
// Everything the dashboard shows, gathered by the app for one frame; the widgets only read it.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pipetop/core/experiment/live_rounds.hpp"
#include "pipetop/core/figures/baseline.hpp"
#include "pipetop/core/figures/ceiling.hpp"
#include "pipetop/core/figures/pair_figure.hpp"
#include "pipetop/core/figures/run_outcome.hpp"
#include "pipetop/core/screen/history.hpp"
#include "pipetop/core/screen/key_table.hpp"

namespace pipetop {

// The tour as it stands: the step shown, its caption, its clock, and once over, the summary.
struct TourView {
  std::size_t step = 0;  // from 0
  std::size_t steps = 0;
  std::string name;  // "+splice"
  std::string caption;
  std::int64_t remaining_ns = 0;
  bool paused = false;
  bool finished = false;
  std::vector<std::string> summary;  // the summary's lines, once finished
};

// An A/B (the a key) as it stands: its two sides, the race's figures so far, which side ran when.
struct AbView {
  std::array<std::string, 2> labels;  // A and B, each in words against the other: "+busy", "-busy"
  RatioEstimate estimate;             // A over B
  std::array<ArmFigures, 2> sides;    // each side's slices
  bool running = true;
  std::string ended;  // once over, why: "within ±2%", "the 30 s budget ended", "ended by a"
};

struct DashboardModel {
  const DashboardState& state;
  const History& history;
  std::string machine;  // "AMD EPYC · Linux 6.18.44"
  std::string problem;  // a worker failed, huge pages not obtained...: shown in the header
  std::string message;  // the latest toggle's outcome, shown on the status line
  bool message_is_error = false;
  std::uint64_t dropped = 0;  // ring drops since the start
  std::optional<double> ui_cpu_percent;
  bool live = true;         // a pair is running: its latest rate is current, not stale
  std::int64_t now_ns = 0;  // the chart's right edge (held while frozen)
  std::int64_t window_ns = 60'000'000'000;
  const Baseline* baseline = nullptr;  // drawn behind the trace; the readout's × is against it
  std::string key_echo;                // the last key and what it did ("b → busy loop on"), for a moment
  std::optional<TourView> tour;        // in tour mode
  std::string playback;                // a replay's position ("replay 12.3 / 90.0 s"), else empty
  std::string other_end;               // the user's program at one end, named: "producer (stdin): pid 4242: yes y"
  std::vector<PairFigure> pairs;       // with --pairs N: each pair (the chart and readout show their sum)
  std::optional<Ceiling> ceiling;      // memcpy of the buffer size, a labelled line where it fits the axis
  std::optional<AbView> ab;            // an A/B running, or the last one's result until the next change
  // Every A/B slice in the chart's window, this race's and earlier ones' (and, a moment long, A running on after
  // each): shaded by side, and no marker at their starts.
  std::vector<SideSpan> sides;
};

}  // namespace pipetop
