#include "pipetop/core/screen/leaderboard.hpp"

#include <algorithm>
#include <cstdio>

#include "pipetop/core/config/config_change.hpp"
#include "pipetop/core/report/seed_benchmark.hpp"

namespace pipetop {
namespace {

std::string cell(std::optional<double> value) {
  if (!value) return "";
  std::array<char, 32> buf{};
  std::snprintf(buf.data(), buf.size(), "%.4f", *value);
  return buf.data();
}

// RFC 4180: a field with a comma, a quote or a line break goes in quotes, its quotes doubled.
std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string out = "\"";
  for (const char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace

std::vector<LeaderboardRow> leaderboard(const History& history) {
  const std::vector<Segment>& segments = history.segments();
  std::vector<LeaderboardRow> rows;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    const bool current = i + 1 == segments.size();
    rows.push_back({i, segments[i].label, segments[i].config,
                    current ? history.current_segment_stats() : segments[i].stats, current});
  }
  std::stable_sort(rows.begin(), rows.end(), [](const LeaderboardRow& a, const LeaderboardRow& b) {
    if (a.stats.mean.has_value() != b.stats.mean.has_value()) return a.stats.mean.has_value();
    return a.stats.mean && *a.stats.mean > *b.stats.mean;
  });
  return rows;
}

std::string leaderboard_csv(const std::vector<LeaderboardRow>& rows) {
  // The seed names its first column gigabytes_per_second and puts GiB/s in it; here it is named for
  // what it holds.
  const std::string_view seed_columns_after_rate = kSeedCsvHeader.substr(kSeedCsvHeader.find(','));
  std::string text =
      "mean_gib_per_s" + std::string(seed_columns_after_rate) + "," + std::string(kLeaderboardCsvColumns) + "\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const LeaderboardRow& r = rows[i];
    const SegmentStats& s = r.stats;
    text += seed_csv_row(r.config, s.mean, s.bytes, s.huge_pages_verified);
    text += "," + cell(s.p5) + "," + cell(s.p95) + "," + std::to_string(s.samples) + "," + cell(s.seconds) + "," +
            cell(s.speedup) + "," + std::to_string(i + 1) + "," + csv_field(r.label) + "," +
            csv_field(describe_config(r.config)) + "\n";
  }
  return text;
}

}  // namespace pipetop
