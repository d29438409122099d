#include "pipetop/core/screen/layout.hpp"

#include <algorithm>

#include "pipetop/core/counters/derived_figures.hpp"
#include "pipetop/core/profile/profile_category.hpp"

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

// The rows between the header and the status line, a caption's taken out. With every panel: the
// counters at their minimum and the profile panel at its minimum when asked for and it fits; then the
// counters, then the profile panel grow to their maximum; the chart takes the rest. A caption takes its
// rows from the counters first, so the chart keeps its height, but leaves them their minimum where the
// chart can spare it. With panels hidden, the chart takes every row.
BodyRows split_body(int body, int caption, const LayoutOptions& options) {
  BodyRows rows;
  const int available = body - kMinChartRows - caption;  // beside the caption and the smallest chart
  if (options.panels == PanelSet::all && available >= kMinCounterRows) {
    const bool fits = options.profile && available >= kMinCounterRows + kMinProfileRows;
    rows.profile = fits ? kMinProfileRows : 0;
    const int counters_full = std::min(body - kMinChartRows - rows.profile, kMaxCounterRows);
    rows.counters =
        std::clamp(counters_full - caption, kMinCounterRows, std::min(available - rows.profile, kMaxCounterRows));
    if (fits)
      rows.profile += std::clamp(available - rows.profile - rows.counters, 0, kMaxProfileRows - kMinProfileRows);
  }
  rows.chart = body - caption - rows.counters - rows.profile;
  return rows;
}

}  // namespace

std::vector<Rect> DashboardLayout::regions() const {
  if (too_small) return {notice};
  std::vector<Rect> shown;
  for (const Rect& r : {header, chart, readout, caption, counters, profile, status, footer}) {
    if (!r.empty()) shown.push_back(r);
  }
  return shown;
}

DashboardLayout layout_dashboard(int width, int height, const LayoutOptions& options) {
  DashboardLayout l;
  if (width < kMinWidth || height < kMinHeight) {
    l.too_small = true;
    const int h = std::min(height, 3);
    l.notice = {0, std::max(0, (height - h) / 2), std::max(width, 0), std::max(h, 0)};
    return l;
  }
  const bool chart_only = options.panels == PanelSet::chart_only;
  const int header_h = chart_only ? 0 : kHeaderRows;
  const int footer_h = chart_only ? 0 : 1;
  const int body = height - header_h - footer_h - 1;  // the status line takes one row
  const int caption_h = std::clamp(options.caption_rows, 0, body - kMinChartRows);
  const BodyRows rows = split_body(body, caption_h, options);
  const int readout_w = chart_only ? 0 : width >= 100 ? 28 : 22;
  l.header = {0, 0, width, header_h};
  l.chart = {0, header_h, width - readout_w, rows.chart};
  l.readout = {width - readout_w, header_h, readout_w, rows.chart};
  l.caption = {0, header_h + rows.chart, width, caption_h};
  l.counters = {0, l.caption.y + caption_h, width, rows.counters};
  if (rows.profile > 0) l.profile = {0, l.counters.y + rows.counters, width, rows.profile};
  l.status = {0, height - 1 - footer_h, width, 1};
  l.footer = {0, height - 1, width, footer_h};
  const int help_w = width;  // the whole width: nothing of the dashboard half-shows beside it
  const int help_h = std::min(height - 1, kHelpRows + (options.profile ? kProfileHelpRows : 0));
  l.help = {(width - help_w) / 2, (height - help_h) / 2, help_w, help_h};
  return l;
}

PanelSet next_panels(PanelSet panels) {
  switch (panels) {
    case PanelSet::all:
      return PanelSet::chart_readout;
    case PanelSet::chart_readout:
      return PanelSet::chart_only;
    case PanelSet::chart_only:
      break;
  }
  return PanelSet::all;
}

}  // namespace pipetop
