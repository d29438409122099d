#include "pipetop/core/report/seed_benchmark.hpp"

#include <array>
#include <cstdio>

#include "pipetop/core/config/flag_options.hpp"
#include "pipetop/core/config/page_kinds.hpp"
#include "pipetop/core/config/prefaults.hpp"
#include "pipetop/core/config/strategies.hpp"

namespace pipetop {
namespace {

constexpr std::uint64_t kSeedBufferBytes = 1 << 18;  // the seed's default --buf_size

// --pipe_size as the seed's programs take it: only without vmsplice (its writer refuses both), and
// only when pipetop set it.
std::optional<std::uint64_t> seed_pipe_bytes(const RunConfig& c) {
  if (!c.pipe_bytes || strategy_of(c.writer).references_pages) return std::nullopt;
  return c.pipe_bytes;
}

// Every boolean column of the seed's CSV, by its name, as the seed's programs see `c`.
std::vector<std::pair<std::string_view, bool>> seed_switches(const RunConfig& c, bool huge_pages_verified) {
  std::vector<std::pair<std::string_view, bool>> on;
  for (const WriterStrategy& w : kWriterStrategies) {
    if (w.seed_flag && !w.seed_flag->empty()) on.emplace_back(*w.seed_flag, c.writer == w.kind);
  }
  for (const ReaderStrategy& r : kReaderStrategies) {
    if (r.seed_flag && !r.seed_flag->empty()) on.emplace_back(*r.seed_flag, c.reader == r.kind);
  }
  for (const FlagOption& f : kFlagOptions) {
    if (!f.seed_flag.empty()) on.emplace_back(f.seed_flag, c.*f.member);
  }
  on.emplace_back("check_huge_page", c.huge_pages && huge_pages_verified);
  return on;
}

bool switch_on(const std::vector<std::pair<std::string_view, bool>>& switches, std::string_view name) {
  for (const auto& [flag, on] : switches) {
    if (flag == name) return on;
  }
  return false;
}

// The seed's boolean columns (those after the first four), in its header's order.
std::vector<std::string_view> switch_columns() {
  std::vector<std::string_view> names;
  std::string_view columns = kSeedCsvHeader;
  for (int skip = 0; skip < 4; ++skip) columns.remove_prefix(columns.find(',') + 1);
  while (!columns.empty()) {
    const std::size_t comma = columns.find(',');
    names.push_back(columns.substr(0, comma));
    columns.remove_prefix(comma == std::string_view::npos ? columns.size() : comma + 1);
  }
  return names;
}

std::string taskset(const std::optional<int>& cpu) {
  return cpu && *cpu != kUnpinned ? "taskset -c " + std::to_string(*cpu) + " " : "";
}

}  // namespace

std::vector<std::string> seed_flags(const RunConfig& c, bool huge_pages_verified) {
  std::vector<std::string> flags;
  // In the order of the seed's CSV columns, so the command reads like the row it prints.
  const auto switches = seed_switches(c, huge_pages_verified);
  for (const std::string_view name : switch_columns()) {
    if (switch_on(switches, name)) flags.push_back("--" + std::string(name));
  }
  if (c.buffer_bytes != kSeedBufferBytes) flags.push_back("--buf_size=" + std::to_string(c.buffer_bytes));
  if (const std::optional<std::uint64_t> pipe = seed_pipe_bytes(c))
    flags.push_back("--pipe_size=" + std::to_string(*pipe));
  return flags;
}

std::string seed_command_line(const RunConfig& c, std::uint64_t bytes_to_pipe, bool huge_pages_verified) {
  std::string flags;
  for (const std::string& f : seed_flags(c, huge_pages_verified)) flags += " " + f;
  std::string line = taskset(c.writer_cpu) + "./write" + flags + " | " + taskset(c.reader_cpu) + "./read" + flags +
                     " --bytes_to_pipe=" + std::to_string(bytes_to_pipe) + " --csv";
  std::string missing;
  if (!strategy_of(c.writer).seed_flag) missing += " --writer " + std::string(to_string(c.writer));
  if (!strategy_of(c.reader).seed_flag) missing += " --reader " + std::string(to_string(c.reader));
  for (const FlagOption& f : kFlagOptions) {
    if (f.kind == FlagKind::transfer && f.seed_flag.empty() && c.*f.member) missing += " --" + std::string(f.name);
  }
  if (c.pages != PageKind::small) missing += " --pages " + std::string(to_string(c.pages));
  if (c.prefault != Prefault::touch) missing += " --prefault " + std::string(to_string(c.prefault));
  std::string notes;
  if (!missing.empty()) notes += " the seed has no" + missing + ";";
  if (c.poll) notes += " the seed's reader polls stdout, not the pipe: it waits until stdout is readable;";
  if (!notes.empty()) line += "  #" + notes.substr(0, notes.size() - 1);
  return line;
}

std::string seed_csv_row(const RunConfig& c, std::optional<double> gib_per_s, std::uint64_t bytes_to_pipe,
                         bool huge_pages_verified) {
  std::array<char, 32> rate{};
  std::snprintf(rate.data(), rate.size(), "%f", gib_per_s.value_or(0.0));
  std::string row = std::string(rate.data()) + "," + std::to_string(bytes_to_pipe) + "," +
                    std::to_string(c.buffer_bytes) + "," + std::to_string(seed_pipe_bytes(c).value_or(0));
  const auto switches = seed_switches(c, huge_pages_verified);
  for (const std::string_view name : switch_columns()) row += switch_on(switches, name) ? ",1" : ",0";
  return row;
}

}  // namespace pipetop
