#pragma once
// Every configuration tried in a session, fastest first: one row per segment of the History (a
// configuration tried twice is two rows, so its repeatability shows), with its final statistics, or
// the current segment's so far. Shown by the dashboard's L key and written as CSV by x: the seed
// benchmark's columns, then the statistics.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/screen/history.hpp"

namespace pipetop {

struct LeaderboardRow {
  std::size_t segment = 0;  // its index in History::segments(), in time order
  std::string label;        // what changed, as its chart marker says ("+busy")
  RunConfig config;
  SegmentStats stats;
  bool current = false;  // still running: its statistics are so far
};

// The segments of `history`, by mean GiB/s from the fastest; segments without a mean yet come last,
// in time order.
[[nodiscard]] std::vector<LeaderboardRow> leaderboard(const History& history);

// The columns after the seed's: each row's statistics and its place.
inline constexpr std::string_view kLeaderboardCsvColumns =
    "p5_gib_per_s,p95_gib_per_s,samples,seconds,speedup_vs_first,rank,label,configuration";

// A header (the seed's columns, its first named mean_gib_per_s for the GiB/s it holds, where the
// seed says gigabytes_per_second; then kLeaderboardCsvColumns) and a row per entry, in the rows'
// order; empty statistics are empty cells, and text cells are quoted as RFC 4180 says.
[[nodiscard]] std::string leaderboard_csv(const std::vector<LeaderboardRow>& rows);

}  // namespace pipetop
