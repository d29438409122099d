#include "pipetop/core/layout.hpp"

#include <algorithm>

#include "pipetop/core/derived_figures.hpp"

namespace pipetop {
namespace {

constexpr int kHeaderRows = 2;
constexpr int kMinChartRows = 8;  // title, time axis and at least six rows of plot
// The counters panel: its title, a row per derived figure it shows, and the CPU user/sys row.
constexpr int kMaxCounterRows = 1 + kPanelFigureRows + 1;

}  // namespace

std::vector<Rect> DashboardLayout::regions() const {
  if (too_small) return {notice};
  std::vector<Rect> shown;
  for (const Rect& r : {header, chart, readout, caption, counters, status, footer}) {
    if (!r.empty()) shown.push_back(r);
  }
  return shown;
}

DashboardLayout layout_dashboard(int width, int height, LayoutOptions options) {
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
  // The counters take what the chart can spare, up to all their rows. A caption takes its rows from the
  // counters first, so the chart keeps its height, but leaves them three where the chart can spare them.
  const int spare = body - kMinChartRows;
  const int counters_full = std::min(spare, kMaxCounterRows);
  const int available = spare - caption_h;  // beside the caption and the smallest chart
  const int counters_h = options.panels != PanelSet::all || available < 3
                             ? 0
                             : std::clamp(counters_full - caption_h, 3, std::min(available, kMaxCounterRows));
  const int chart_h = body - caption_h - counters_h;
  const int readout_w = chart_only ? 0 : width >= 100 ? 28 : 22;
  l.header = {0, 0, width, header_h};
  l.chart = {0, header_h, width - readout_w, chart_h};
  l.readout = {width - readout_w, header_h, readout_w, chart_h};
  l.caption = {0, header_h + chart_h, width, caption_h};
  l.counters = {0, header_h + chart_h + caption_h, width, counters_h};
  l.status = {0, height - 1 - footer_h, width, 1};
  l.footer = {0, height - 1, width, footer_h};
  const int help_w = width;  // the whole width: nothing of the dashboard half-shows beside it
  const int help_h = std::min(height - 1, 24);
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
