#include "pipetop/core/screen/chart_columns.hpp"

#include <algorithm>
#include <cmath>

namespace pipetop {

std::int64_t column_start(std::int64_t t_ns, std::int64_t column_ns) {
  std::int64_t index = t_ns / column_ns;
  if (t_ns % column_ns != 0 && t_ns < 0) --index;
  return index * column_ns;
}

int ChartSpan::cell_of(std::int64_t t_ns, int cells) const {
  if (span_ns() <= 0) return 0;
  const double at = static_cast<double>(t_ns - t0_ns) / static_cast<double>(span_ns());
  return static_cast<int>(std::floor(at * cells));
}

ChartSpan chart_span(std::int64_t now_ns, std::int64_t window_ns, int columns) {
  if (columns <= 0) return {now_ns - window_ns, std::max<std::int64_t>(1, window_ns), 0};
  const std::int64_t column_ns = std::max<std::int64_t>(1, window_ns / columns);
  return {column_start(now_ns, column_ns) + column_ns - column_ns * columns, column_ns, columns};
}

void ColumnCache::clear() {
  final_.clear();
  column_ns_ = 0;
}

const std::vector<Envelope>& ColumnCache::columns(const std::deque<RatePoint>& points, std::int64_t t0_ns,
                                                  std::int64_t column_ns, int count) {
  out_.clear();
  if (count <= 0 || column_ns <= 0) return out_;
  const std::int64_t first = column_start(t0_ns, column_ns) / column_ns;
  const std::int64_t end = first + count;           // one past the last column's index
  if (column_ns != column_ns_ || first < first_) {  // another grid, or a window that moved back in time
    final_.clear();
    column_ns_ = column_ns;
  }
  while (!final_.empty() && first_ < first) {
    final_.pop_front();
    ++first_;
  }
  if (final_.empty()) first_ = first;
  // Columns ending at or before the newest point's start are final: add those not kept yet.
  const std::int64_t final_end =
      points.empty() ? first_ : std::min(end, column_start(points.back().t0_ns, column_ns) / column_ns);
  const auto kept_end = first_ + static_cast<std::int64_t>(final_.size());
  if (final_end > kept_end) {
    for (const Envelope& e : column_envelopes(points, kept_end * column_ns, final_end * column_ns,
                                              static_cast<int>(final_end - kept_end))) {
      final_.push_back(e);
    }
  }
  const auto fresh_from = first_ + static_cast<std::int64_t>(final_.size());
  const auto kept = std::min<std::int64_t>(static_cast<std::int64_t>(final_.size()), count);
  out_.assign(final_.begin(), final_.begin() + kept);
  if (fresh_from < end) {
    for (const Envelope& e :
         column_envelopes(points, fresh_from * column_ns, end * column_ns, static_cast<int>(end - fresh_from))) {
      out_.push_back(e);
    }
  }
  return out_;
}

}  // namespace pipetop
