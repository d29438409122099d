#include "pipetop/core/counters/counter_table.hpp"

#include <algorithm>
#include <array>
#include <cstdio>

#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/screen/text_cells.hpp"

namespace pipetop {
namespace {

constexpr int kNameWidth = 26;
constexpr int kCellWidth = 34;

// A cell wider than its column still keeps two spaces before the next one.
std::string pad(std::string text, int width) {
  return text_cells(text) < width ? pad_right(std::move(text), width) : std::move(text) + "  ";
}

std::string cell(const CounterSummary& c) {
  if (c.info.state == CounterState::unavailable) return "n/a: " + c.info.reason;
  if (!c.value) return "did not run";
  std::string text = c.info.name == "task-clock" ? format_fixed(*c.value / 1e9, 2) + " s" : format_count(*c.value);
  if (c.per_gib && c.info.name != "task-clock") text += "  " + format_count(*c.per_gib) + "/GiB";
  if (c.running_fraction && *c.running_fraction < 0.995) {  // below what rounds to "100%"
    text += "  [scaled " + format_fixed(*c.running_fraction * 100, 0) + "%]";
  }
  if (c.info.state == CounterState::user_only) text += "  (user-only)";
  return text;
}

std::string row(std::string_view name, const std::string& writer, const std::string& reader) {
  if (writer == reader && writer.starts_with("n/a")) {
    return "  " + pad(std::string(name), kNameWidth) + writer + " (both)\n";
  }
  return "  " + pad(std::string(name), kNameWidth) + pad(writer, kCellWidth) + reader + "\n";
}

std::vector<CounterInfo> infos_of(const WorkerSummary& w) {
  std::vector<CounterInfo> infos;
  for (const CounterSummary& c : w.counters) infos.push_back(c.info);
  return infos;
}

std::string cpu_cell(const WorkerSummary& w) {
  if (!w.cpu_user_percent || !w.cpu_system_percent) return "—";
  return format_fixed(w.cpu_user_percent, 1) + "% user  " + format_fixed(w.cpu_system_percent, 1) + "% sys";
}

}  // namespace

std::string counter_table(const RunSummary& s, const RunConfig& config, std::optional<WorkerRole> theirs) {
  const CounterMode mode =
      counter_mode(infos_of(theirs == WorkerRole::writer ? s.reader : s.writer), config.user_only, config.no_counters);
  const auto heading = [&theirs](WorkerRole role) {
    const std::string name(to_string(role));
    if (!theirs) return name;
    return name + (role == *theirs ? " (theirs)" : " (pipetop)");
  };
  std::string text = "  " + pad("counters (" + std::string(mode.label) + ")", kNameWidth) +
                     pad(heading(WorkerRole::writer), kCellWidth) + heading(WorkerRole::reader) + "\n";
  const std::vector<CounterSummary>& writer = s.writer.counters;
  const std::vector<CounterSummary>& reader = s.reader.counters;
  for (std::size_t i = 0; i < std::max(writer.size(), reader.size()); ++i) {
    const std::string_view name = i < writer.size() ? writer[i].info.name : reader[i].info.name;
    text += row(name, i < writer.size() ? cell(writer[i]) : "—", i < reader.size() ? cell(reader[i]) : "—");
  }
  for (const DerivedField& field : kDerivedFields) {
    text += row(field.label, format_fixed(s.writer.derived.*field.member, field.decimals),
                format_fixed(s.reader.derived.*field.member, field.decimals));
  }
  text += row("CPU time", cpu_cell(s.writer), cpu_cell(s.reader));
  if (!mode.why.empty()) text += "  user only: " + mode.why + "\n";
  return text;
}

}  // namespace pipetop
