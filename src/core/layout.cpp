#include "pipetop/core/layout.hpp"

#include <algorithm>

#include "pipetop/core/derived_figures.hpp"
#include "pipetop/core/profile_category.hpp"

namespace pipetop {
namespace {

constexpr int kHeaderRows = 2;
constexpr int kMinChartRows = 8;  // title, time axis and at least six rows of plot
// The counters panel: its title, a row per derived figure it shows, and the CPU user/sys row.
constexpr int kMaxCounterRows = 1 + kPanelFigureRows + 1;
constexpr int kMinCounterRows = 3;
// The help box: its keys and figures, and with the profile panel a blank row, a row per category
// and one for the time shares.
constexpr int kHelpRows = 24;
constexpr int kProfileHelpRows = 1 + static_cast<int>(kProfileCategoryCount) + 1;

struct BodyRows {
  int chart = 0;
  int counters = 0;
  int profile = 0;
};

// The rows between the header and the status line: the chart and the counters at their minimum, the
// profile panel at its minimum when asked for and it fits; then the counters, then the profile panel
// grow to their maximum; the chart takes the rest.
BodyRows split_body(int body, bool profile) {
  BodyRows rows;
  const bool fits = profile && body >= kMinChartRows + kMinCounterRows + kMinProfileRows;
  rows.profile = fits ? kMinProfileRows : 0;
  const int extra = body - kMinChartRows - rows.profile;
  rows.counters = std::clamp(extra, kMinCounterRows, kMaxCounterRows);
  if (fits) rows.profile += std::clamp(extra - rows.counters, 0, kMaxProfileRows - kMinProfileRows);
  rows.chart = body - rows.counters - rows.profile;
  return rows;
}

}  // namespace

std::vector<Rect> DashboardLayout::regions() const {
  if (too_small) return {notice};
  if (profile.empty()) return {header, chart, readout, counters, status, footer};
  return {header, chart, readout, counters, profile, status, footer};
}

DashboardLayout layout_dashboard(int width, int height, const LayoutOptions& options) {
  DashboardLayout l;
  if (width < kMinWidth || height < kMinHeight) {
    l.too_small = true;
    const int h = std::min(height, 3);
    l.notice = {0, std::max(0, (height - h) / 2), std::max(width, 0), std::max(h, 0)};
    return l;
  }
  const int readout_w = width >= 100 ? 28 : 22;
  const BodyRows rows = split_body(height - kHeaderRows - 2, options.profile);  // status, footer: a row each
  l.header = {0, 0, width, kHeaderRows};
  l.chart = {0, kHeaderRows, width - readout_w, rows.chart};
  l.readout = {width - readout_w, kHeaderRows, readout_w, rows.chart};
  l.counters = {0, kHeaderRows + rows.chart, width, rows.counters};
  if (rows.profile > 0) l.profile = {0, l.counters.y + rows.counters, width, rows.profile};
  l.status = {0, height - 2, width, 1};
  l.footer = {0, height - 1, width, 1};
  const int help_w = width;  // the whole width: nothing of the dashboard half-shows beside it
  const int help_h = std::min(height - 1, kHelpRows + (options.profile ? kProfileHelpRows : 0));
  l.help = {(width - help_w) / 2, (height - help_h) / 2, help_w, help_h};
  return l;
}

}  // namespace pipetop
