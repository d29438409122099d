#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/base/printf_string.hpp"
#include "pipetop/core/profile/profile_report.hpp"
#include "pipetop/core/screen/text_cells.hpp"
#include "pipetop/ui/widgets.hpp"

namespace pipetop {
namespace {

constexpr int kRoleCells = 7;     // "writer " before each bar and line
constexpr int kMinBarCells = 20;  // narrower, the sample count gives way
constexpr std::size_t kTopStacksEach = 2;
constexpr std::size_t kBeforeCategories = 3;  // each worker's largest shares in the previous segment
// Each category's colour in the bar, in table order: waiting stands out, user space stays plain, and
// neighbours differ where a theme has enough colours (dark: red, yellow, green, magenta, yellow, ...).
constexpr std::array<Color, kProfileCategoryCount> kCategoryColors{
    Color::bad,  Color::warn,  Color::chart,  Color::marker, Color::accent,
    Color::good, Color::title, Color::normal, Color::dim,
};

// Each category's fill in the bar, in table order: a glyph of its own, so that two categories in the
// same colour (a theme has fewer colours than there are categories) or no colour at all (NO_COLOR, a
// monochrome terminal) still show as two segments. ASCII, so the same on every terminal.
constexpr std::array<char, kProfileCategoryCount> kCategoryFills{'~', '#', '=', '^', '+', ':', '/', '.', '-'};

}  // namespace

Color category_color(ProfileCategory category) {
  return kCategoryColors[static_cast<std::size_t>(category)];
}

char category_fill(ProfileCategory category) {
  return kCategoryFills[static_cast<std::size_t>(category)];
}

namespace {

// The cells of `width` each share gets, by largest remainder: they add up to `width` exactly.
std::vector<int> split_cells(const std::vector<double>& shares, int width) {
  std::vector<int> cells(shares.size(), 0);
  std::vector<std::pair<double, std::size_t>> remainders;
  int used = 0;
  for (std::size_t i = 0; i < shares.size(); ++i) {
    const double exact = shares[i] * width;
    cells[i] = static_cast<int>(std::floor(exact));
    used += cells[i];
    remainders.emplace_back(exact - cells[i], i);
  }
  std::stable_sort(remainders.begin(), remainders.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  for (std::size_t i = 0; used < width && i < remainders.size(); ++i, ++used) ++cells[remainders[i].second];
  return cells;
}

// A segment of `cells`: "wait/wake 38% ~~~~", or "wait/wake ~", or "38% ~", whichever is the first to
// fit with at least one cell of the category's fill after it; the fill alone when none does. A label
// is never cut, and a segment never shows a lone letter.
std::string segment_text(const CategoryShare& c, int cells) {
  const std::string name = std::string(category_rule(c.category).short_name);
  const std::string fill(1, category_fill(c.category));
  for (const std::string& label : {name + " " + format_whole_percent(c.share), name, format_whole_percent(c.share)}) {
    const int rest = cells - text_width(label);
    if (rest == 1) return label + fill;
    if (rest >= 2) return label + " " + std::string(static_cast<std::size_t>(rest - 1), fill[0]);
  }
  return std::string(static_cast<std::size_t>(std::max(cells, 0)), fill[0]);
}

// One stacked bar: each category that took samples, in its colour and fill, labelled from its first
// cell.
void draw_bar(Canvas& canvas, int x, int y, int width, const std::vector<CategoryShare>& categories) {
  std::vector<CategoryShare> shown;
  std::vector<double> shares;
  for (const CategoryShare& c : categories) {
    if (c.samples == 0) continue;
    shown.push_back(c);
    shares.push_back(c.share);
  }
  const std::vector<int> cells = split_cells(shares, width);
  for (std::size_t i = 0; i < shown.size(); ++i) {
    if (cells[i] <= 0) continue;
    canvas.text(x, y, segment_text(shown[i], cells[i]), {category_color(shown[i].category), true, true});
    x += cells[i];
  }
}

std::string title_words(const DashboardModel& m) {
  if (!m.state.profiling) {
    return m.pairs.empty() ? "profiling off (--no-profile)" : "profiling off: a profile follows one pair (--pairs)";
  }
  for (const WorkerRole role : kWorkerRoles) {
    const std::optional<WorkerProfile>& p = m.history.profile(role);
    if (!p) continue;
    const ProfileSource& s = p->source;
    if (s.mode == ProfileMode::unavailable) return "no profile: " + s.reason;
    const std::string text = s.event + printf_string(" %d Hz", s.frequency_hz);
    return text + (s.mode == ProfileMode::kernel_and_user ? " · kernel+user" : " · " + s.reason);
  }
  return "waiting for the workers";
}

// Each worker's profile summed up (writer, reader); none when it is not profiled.
using Summaries = std::array<std::optional<ProfileSummary>, 2>;

Summaries summaries_of(const DashboardModel& m) {
  Summaries summaries;
  for (const WorkerRole role : kWorkerRoles) {
    if (const std::optional<WorkerProfile>& p = m.history.profile(role))
      summaries[role_index(role)] = summarize_profile(*p);
  }
  return summaries;
}

// What the count after a bar says: "1.02 k samples" (the profile's samples of this worker's CPU time
// in this segment), and "+3 lost" when the kernel dropped some; empty when no bar is drawn.
std::string samples_words(const std::optional<ProfileSummary>& summary) {
  if (!summary || summary->note()) return {};
  return format_count(static_cast<double>(summary->samples)) + " samples" +
         (summary->lost > 0 ? " +" + format_count(static_cast<double>(summary->lost)) + " lost" : "");
}

// The cells the sample counts take after the bars (the wider of the two, and a blank before it), so
// both bars end in the same column; 0 when that would leave a bar fewer than kMinBarCells.
int samples_cells(const Rect& a, const Summaries& summaries) {
  int cells = 0;
  for (const std::optional<ProfileSummary>& summary : summaries) {
    const std::string words = samples_words(summary);
    if (!words.empty()) cells = std::max(cells, text_width(words) + 1);
  }
  const int room = a.w - 2 - kRoleCells;
  return room - cells >= kMinBarCells ? cells : 0;
}

// The writer's or the reader's row: its bar and sample count (in `count_cells` at the row's end), or
// why there are no shares.
void draw_worker_bar(Canvas& canvas, const Rect& a, int y, WorkerRole role, const DashboardModel& m,
                     const std::optional<ProfileSummary>& summary, int count_cells) {
  canvas.text(a.x + 1, y, to_string(role), {Color::dim});
  const int x = a.x + 1 + kRoleCells;
  const int room = a.x + a.w - 1 - x;
  if (!summary) {
    draw_clipped(canvas, x, y, m.state.profiling ? "—" : "not profiled", room, {Color::dim});
    return;
  }
  if (const std::optional<std::string> note = summary->note()) {
    draw_clipped(canvas, x, y, *note, room, {Color::dim});
    return;
  }
  const int bar = room - count_cells;
  draw_bar(canvas, x, y, bar, summary->categories);
  if (count_cells == 0) return;
  draw_clipped(canvas, x + bar + 1, y, samples_words(summary), count_cells - 1,
               {summary->lost > 0 ? Color::warn : Color::dim});
}

// "reader-bound: the pipe is full 92% of the time", or what is still missing.
std::string bottleneck_line(const DashboardModel& m) {
  if (const std::optional<std::string> words = bottleneck_words(m.history.pipe_fill())) return *words;
  return "pipe fill: " + std::to_string(m.history.pipe_fill().samples()) + " of the " +
         std::to_string(kMinFillSamples) + " looks a share needs";
}

void draw_time_line(Canvas& canvas, const Rect& a, int y, WorkerRole role, const DashboardModel& m) {
  const std::string heading = role_heading(role, m);  // with --pairs, "writers " takes a cell more
  const int role_cells = std::max(kRoleCells, text_width(heading) + 1);
  canvas.text(a.x + 1, y, heading, {Color::dim});
  const std::optional<TimeShares> t = m.history.time_shares(role);
  if (!t) {
    draw_clipped(canvas, a.x + 1 + role_cells, y, "time: waiting for two readings", a.w - role_cells - 2, {Color::dim});
    return;
  }
  const std::string switches = switches_words(*t);
  draw_clipped(canvas, a.x + 1 + role_cells, y, time_shares_words(*t) + (switches.empty() ? "" : " · " + switches),
               a.w - role_cells - 2);
}

// The previous configuration's profiles, to compare with: "before +busy  writer wait/wake 56% ·
// copy 22% · pages 15%  reader ...", where "+busy" is the change that ended it. Nothing when the
// previous segment was not profiled; false when nothing was drawn.
bool draw_before_line(Canvas& canvas, const Rect& a, int y, const DashboardModel& m) {
  const std::vector<Segment>& segments = m.history.segments();
  if (segments.size() < 2) return false;
  const Segment& before = segments[segments.size() - 2];
  std::string text;
  for (const WorkerRole role : kWorkerRoles) {
    const std::optional<ProfileSummary>& p = before.profiles[role_index(role)];
    if (p) text += "  " + std::string(to_string(role)) + " " + profile_line(*p, kBeforeCategories);
  }
  if (text.empty()) return false;
  const std::string label = "before " + segments.back().label;
  canvas.text(a.x + 1, y, label, {Color::dim});
  draw_clipped(canvas, a.x + 1 + text_width(label), y, text, a.w - 2 - text_width(label), {Color::dim});
  return true;
}

// The top stacks, the writer's and the reader's in turn, as rows allow.
void draw_top_stacks(Canvas& canvas, const Rect& a, int y, const DashboardModel& m) {
  std::array<std::vector<StackShare>, 2> top;
  for (const WorkerRole role : kWorkerRoles) {
    const std::optional<WorkerProfile>& p = m.history.profile(role);
    if (p && !p->tally.too_few_samples() && p->source.mode != ProfileMode::unavailable) {
      top[role_index(role)] = p->tally.top_stacks(kTopStacksEach);
    }
  }
  for (std::size_t i = 0; i < kTopStacksEach; ++i) {
    for (const WorkerRole role : kWorkerRoles) {
      const std::vector<StackShare>& stacks = top[role_index(role)];
      if (i >= stacks.size() || y >= a.y + a.h) continue;
      canvas.text(a.x + 1, y, to_string(role), {Color::dim});
      const int x = a.x + 1 + kRoleCells;
      const std::string share = pad_left(format_whole_percent(stacks[i].share), 4) + "  ";
      canvas.text(x, y, share, {Color::normal, true, false});
      draw_clipped(canvas, x + text_width(share), y, describe_stack(stacks[i].frames),
                   a.w - kRoleCells - 2 - text_width(share), {Color::dim});
      ++y;
    }
  }
}

}  // namespace

void draw_profile(Canvas& canvas, const Rect& a, const DashboardModel& m) {
  const std::string title = "where the time goes";
  canvas.text(a.x + 1, a.y, title, {Color::title, true, false});
  const std::string hint = "w hides";
  const int hint_x = a.x + a.w - 1 - text_width(hint);
  canvas.text(hint_x, a.y, hint, {Color::dim});
  const int words_x = a.x + 1 + text_width(title) + 2;
  draw_clipped(canvas, words_x, a.y, title_words(m), hint_x - 1 - words_x, {Color::dim});
  int y = a.y + 1;
  const Summaries summaries = summaries_of(m);
  const int count_cells = samples_cells(a, summaries);
  for (const WorkerRole role : kWorkerRoles) {
    draw_worker_bar(canvas, a, y++, role, m, summaries[role_index(role)], count_cells);
  }
  draw_clipped(canvas, a.x + 1, y++, bottleneck_line(m), a.w - 2, {Color::accent, true, false});
  for (const WorkerRole role : kWorkerRoles) {
    if (y < a.y + a.h) draw_time_line(canvas, a, y++, role, m);
  }
  if (y < a.y + a.h && draw_before_line(canvas, a, y, m)) ++y;
  if (y < a.y + a.h) draw_top_stacks(canvas, a, y, m);
}

}  // namespace pipetop
