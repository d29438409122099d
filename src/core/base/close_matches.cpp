#include "pipetop/core/base/close_matches.hpp"

#include <algorithm>
#include <cctype>

namespace pipetop {
namespace {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      const bool same =
          std::tolower(static_cast<unsigned char>(a[i - 1])) == std::tolower(static_cast<unsigned char>(b[j - 1]));
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::vector<std::string> suggest_close_matches(std::string_view name, const std::vector<std::string>& candidates,
                                               std::size_t limit) {
  std::vector<std::pair<std::size_t, std::string>> scored;
  const std::size_t threshold = std::max<std::size_t>(2, name.size() / 3);
  for (const std::string& candidate : candidates) {
    const std::size_t distance = edit_distance(name, candidate);
    if (distance <= threshold) scored.emplace_back(distance, candidate);
  }
  std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> best;
  const auto same = [](std::string_view a, std::string_view b) { return edit_distance(a, b) == 0; };
  for (std::size_t i = 0; i < scored.size() && best.size() < limit; ++i) {
    const bool seen =
        std::any_of(best.begin(), best.end(), [&](const std::string& b) { return same(b, scored[i].second); });
    if (!seen) best.push_back(scored[i].second);
  }
  return best;
}

}  // namespace pipetop
