#include <string>

#include "pipetop/core/base/size.hpp"
#include "pipetop/core/config/config_change.hpp"
#include "pipetop/core/config/flag_options.hpp"
#include "pipetop/core/config/page_kinds.hpp"
#include "pipetop/core/config/prefaults.hpp"
#include "pipetop/core/config/strategies.hpp"
#include "pipetop/core/config/transports.hpp"
#include "pipetop/core/figures/run_summary.hpp"
#include "pipetop/ui/widgets.hpp"

namespace pipetop {
namespace {

struct Part {
  std::string text;
  int key;
  Style style;
};

std::string cpu_text(const RunConfig& c) {
  std::string text = describe_cpus(c);
  if (c.writer_cpu && c.reader_cpu && *c.writer_cpu == *c.reader_cpu && *c.writer_cpu != kUnpinned) text += " same";
  return text;
}

// --pairs N: how many, and how the pinning key placed them (each pair's CPUs are in the strip).
std::string pairs_text(const DashboardModel& m) {
  std::string text = std::to_string(m.pairs.size()) + (m.pairs.size() == 1 ? " pair " : " pairs ");
  switch (pinning_of(m.state.config, m.state.separate)) {
    case Pinning::separate_cores:
      return text + "pinned";
    case Pinning::same_core:
      return text + "each on one cpu";
    case Pinning::unpinned:
      break;
  }
  return text + "unpinned";
}

// The configuration in words; `compact` when the full words would not fit ("256K" for "256 KiB").
std::vector<Part> config_parts(const DashboardModel& m, bool compact) {
  const RunConfig& c = m.state.config;
  const Style on{Color::accent, true, false};
  const auto size = [compact](std::uint64_t bytes) {
    std::string text = compact ? format_size_arg(bytes) : format_size(bytes);
    if (compact && text.ends_with("iB")) text.erase(text.size() - 2);
    return text;
  };
  std::vector<Part> parts{{(compact ? "" : "writer ") + std::string(to_string(c.writer)), kWriterKey.key, on},
                          {(compact ? "" : "reader ") + std::string(to_string(c.reader)), kReaderKey.key, on}};
  switch (m.state.ends) {  // the user's program holds one end: its side is named, not configured
    case EndsKind::stdin_reader:
      parts.front() = {"from stdin", 0, {}};
      break;
    case EndsKind::command_reader:
      parts.front() = {"from the command", 0, {}};
      break;
    case EndsKind::stdout_writer:
      parts.back() = {"to stdout", 0, {}};
      break;
    case EndsKind::own_pair:
      break;
  }
  for (const FlagOption& flag : kFlagOptions) {
    if (flag.kind != FlagKind::transfer || !(c.*flag.member)) continue;
    if (flag.member == &RunConfig::huge_pages) {  // with what was measured: verified or not
      const std::string huge = std::string(compact ? flag.compact : flag.words) + " ";
      parts.push_back(m.history.huge_pages().verified
                          ? Part{huge + (compact ? "✓" : "✓ verified"), flag.key, {Color::good, true, false}}
                          : Part{huge + (compact ? "✗" : "✗ not verified"), flag.key, {Color::bad, true, false}});
      continue;
    }
    parts.push_back({std::string(compact ? flag.compact : flag.words), flag.key, on});
  }
  // The page kinds and prefault methods beyond the seed's flags (thp and none are the flags above).
  if (c.pages != PageKind::small) {
    parts.push_back({(compact ? "" : "pages ") + std::string(to_string(c.pages)), kPagesKey.key, on});
  }
  if (c.prefault != Prefault::touch && !c.no_touch) {
    parts.push_back({(compact ? "" : "prefault ") + std::string(to_string(c.prefault)), kPrefaultKey.key, on});
  }
  parts.push_back({(compact ? "buf " : "buffer ") + size(c.buffer_bytes), '+', {}});
  if (c.buffer_offset) parts.push_back({"+" + std::to_string(*c.buffer_offset) + " B", 'a', on});
  const Transport& transport = transport_of(c.transport);
  if (c.transport != TransportKind::pipe) parts.push_back({std::string(transport.name), 'f', on});
  // The running pipe's size; before a pair runs (0: none known yet), the size asked for, or none.
  const std::optional<std::uint64_t> pipe =
      m.history.pipe_bytes() != 0 ? std::optional(m.history.pipe_bytes()) : requested_pipe_bytes(c);
  const std::string what = transport.is_pipe ? "pipe " : "sndbuf ";
  parts.push_back({pipe ? what + size(*pipe) : what + "?", ']', {}});
  parts.push_back({m.pairs.empty() ? cpu_text(c) : pairs_text(m), 'c', {}});
  return parts;
}

int parts_width(const std::vector<Part>& parts, int separator) {
  int width = 0;
  for (const Part& p : parts) width += text_width(p.text) + separator;
  return width - separator;
}

std::string counters_note(const DashboardModel& m) {
  // pipetop's own worker's counters: the reader's when the user's program writes
  const bool theirs_write = m.state.ends == EndsKind::stdin_reader || m.state.ends == EndsKind::command_reader;
  const WorkerRole ours = theirs_write ? WorkerRole::reader : WorkerRole::writer;
  const std::vector<CounterInfo>& counters = m.history.counters(ours);
  const CounterMode mode = counter_mode(counters, m.state.config.user_only, m.state.config.no_counters);
  std::string note = "counters " + std::string(mode.label);
  if (!mode.why.empty()) note += " (" + mode.why + ")";
  for (const CounterInfo& info : counters) {
    if (info.name != "cycles" || info.state != CounterState::unavailable) continue;
    note += info.problem == CounterProblem::no_pmu ? " (no hardware PMU: virtual machine?)"
                                                   : " (hardware: " + info.reason + ")";
  }
  return note;
}

}  // namespace

std::vector<HeaderSpan> draw_header(Canvas& canvas, const Rect& area, const DashboardModel& m) {
  std::vector<HeaderSpan> spans;
  const bool unicode = canvas.unicode();
  const std::string separator = unicode ? " · " : " | ";
  const int right = area.x + area.w;
  int x = area.x + canvas.text(area.x, area.y, " pipetop ", {Color::title, true, true}) + 1;
  // A tag on the right: the live display frozen, the tour paused, a replay (paused or not).
  const bool replay = m.state.mode == DashboardMode::replay;
  const std::string_view tag = m.state.frozen ? (m.state.mode == DashboardMode::live ? " FROZEN " : " PAUSED ")
                               : replay       ? " REPLAY "
                                              : "";
  const int frozen_w = tag.empty() ? 0 : text_width(tag) + 1;
  const int separator_w = text_width(separator);
  std::vector<Part> parts = config_parts(m, false);
  if (parts_width(parts, separator_w) > right - frozen_w - x) parts = config_parts(m, true);
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const int room = right - frozen_w - x - (i > 0 ? separator_w : 0);
    if (room < 4) break;  // no dangling separator: a part is drawn with the one before it, or not at all
    if (i > 0) x += canvas.text(x, area.y, separator, {Color::dim});
    const int used = draw_clipped(canvas, x, area.y, parts[i].text, room, parts[i].style);
    if (parts[i].key != 0 && !replay) spans.push_back({{x, area.y, used, 1}, parts[i].key});
    x += used;
  }
  if (!tag.empty()) canvas.text(right - frozen_w, area.y, tag, {Color::warn, true, true});

  // A problem comes first (what went wrong matters more than the machine's name), then the facts.
  int x2 = area.x + 1;
  if (!m.problem.empty()) {
    x2 += draw_clipped(canvas, x2, area.y + 1, m.problem, right - x2, {Color::bad, true, false});
    if (right - x2 > 4) x2 += canvas.text(x2, area.y + 1, separator, {Color::dim});
  }
  if (!m.other_end.empty() && right - x2 > 4) {  // who is at the other end matters more than the machine
    x2 += draw_clipped(canvas, x2, area.y + 1, m.other_end, right - x2, {Color::accent, true, false});
    if (right - x2 > 4) x2 += canvas.text(x2, area.y + 1, separator, {Color::dim});
  }
  if (right - x2 > 4) {
    draw_clipped(canvas, x2, area.y + 1, m.machine + separator + counters_note(m), right - x2, {Color::dim});
  }
  return spans;
}

}  // namespace pipetop
