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
  return {header, chart, readout, counters, status, footer};
}

DashboardLayout layout_dashboard(int width, int height) {
  DashboardLayout l;
  if (width < kMinWidth || height < kMinHeight) {
    l.too_small = true;
    const int h = std::min(height, 3);
    l.notice = {0, std::max(0, (height - h) / 2), std::max(width, 0), std::max(h, 0)};
    return l;
  }
  const int readout_w = width >= 100 ? 28 : 22;
  const int body = height - kHeaderRows - 2;  // status and footer take one row each
  const int counters_h = std::clamp(body - kMinChartRows, 3, kMaxCounterRows);
  const int chart_h = body - counters_h;
  l.header = {0, 0, width, kHeaderRows};
  l.chart = {0, kHeaderRows, width - readout_w, chart_h};
  l.readout = {width - readout_w, kHeaderRows, readout_w, chart_h};
  l.counters = {0, kHeaderRows + chart_h, width, counters_h};
  l.status = {0, height - 2, width, 1};
  l.footer = {0, height - 1, width, 1};
  const int help_w = width;  // the whole width: nothing of the dashboard half-shows beside it
  const int help_h = std::min(height - 1, 24);
  l.help = {(width - help_w) / 2, (height - help_h) / 2, help_w, help_h};
  return l;
}

}  // namespace pipetop
