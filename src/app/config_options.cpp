#include "pipetop/app/config_options.hpp"

#include "pipetop/core/base/duration.hpp"
#include "pipetop/core/base/size.hpp"
#include "pipetop/core/config/flag_options.hpp"
#include "pipetop/core/config/page_kinds.hpp"
#include "pipetop/core/config/prefaults.hpp"
#include "pipetop/core/config/strategies.hpp"
#include "pipetop/core/config/transports.hpp"

namespace pipetop {
namespace {

constexpr const char* kStrategyGroup = "Strategy (the seed benchmark's options, same meanings)";
constexpr const char* kPinningGroup = "Pinning";
constexpr const char* kCountingGroup = "Counters and sampling";
constexpr const char* kLengthGroup = "Run length";

std::vector<std::string> names_of(const auto& table) {
  std::vector<std::string> names;
  for (const auto& row : table) names.emplace_back(row.name);
  return names;
}

std::string strategy_help(const auto& table) {
  std::string text;
  for (const auto& row : table)
    text += (text.empty() ? "" : "; ") + std::string(row.name) + ": " + std::string(row.summary);
  return text;
}

}  // namespace

Result<std::optional<std::uint64_t>> parse_optional_size(std::string_view text) {
  Result<std::uint64_t> size = parse_size(text);
  if (!size) return std::unexpected(size.error());
  return *size;
}

namespace {

// A byte offset: a size, or zero (page-aligned), in any of a size's forms ("0", "0B", "0KiB").
Result<std::optional<std::uint64_t>> parse_offset(std::string_view text) {
  const std::size_t digits = text.find_first_not_of("0123456789");
  const std::string_view number = text.substr(0, digits);
  const bool zero = !number.empty() && number.find_first_not_of('0') == std::string_view::npos;
  if (!zero) return parse_optional_size(text);
  const std::string one = "1" + std::string(text.substr(number.size()));  // the unit checked as parse_size does
  if (Result<std::uint64_t> unit = parse_size(one); !unit) {
    return std::unexpected(usage_error("--buffer-offset: invalid offset '" + std::string(text) + "'",
                                       "write a whole number of bytes from 0, e.g. 0, 16, 2048, 4095"));
  }
  return std::uint64_t{0};
}

}  // namespace

std::string choices_type(const std::vector<std::string>& names) {
  std::string type;
  for (const std::string& name : names) type += (type.empty() ? "" : "|") + name;
  return type;
}

void bind_config_options(CLI::App& app, RunConfig& c, ParseProblems& problems, const ConfigOptionScope& scope) {
  if (scope.strategies) {
    add_parsed_option(app, "--writer", choices_type(names_of(kWriterStrategies)),
                      "How the writer fills the pipe: " + strategy_help(kWriterStrategies), parse_writer_kind, c.writer,
                      problems)
        ->group(kStrategyGroup);
    add_parsed_option(app, "--reader", choices_type(names_of(kReaderStrategies)),
                      "How the reader empties it: " + strategy_help(kReaderStrategies), parse_reader_kind, c.reader,
                      problems)
        ->group(kStrategyGroup);
    add_parsed_option(app, "--transport", choices_type(names_of(kTransports)),
                      "What joins the writer to the reader: " + strategy_help(kTransports), parse_transport_kind,
                      c.transport, problems)
        ->group(kStrategyGroup);
    for (const FlagOption& flag : kFlagOptions) {
      if (flag.kind == FlagKind::transfer) {
        app.add_flag("--" + std::string(flag.name), c.*flag.member, std::string(flag.help))->group(kStrategyGroup);
      }
    }
    add_applied_option(
        app, "--pages", choices_type(names_of(kPageKinds)),
        "Where the buffers' pages come from: " + strategy_help(kPageKinds), parse_page_kind,
        [&c](PageKind kind) { ask_page_kind(c, kind); }, problems)
        ->group(kStrategyGroup);
    add_applied_option(
        app, "--prefault", choices_type(names_of(kPrefaults)),
        "How the buffers' pages are faulted in before the transfer (set-up time and faults are reported apart from "
        "the transfer's): " +
            strategy_help(kPrefaults),
        parse_prefault, [&c](Prefault kind) { ask_prefault(c, kind); }, problems)
        ->group(kStrategyGroup);
  }
  if (scope.buffer) {
    add_parsed_option(app, "--buffer-size", "SIZE",
                      "The size of every write, read, splice and vmsplice call, as the seed's --buf_size (256KiB; "
                      "65536, 64K, 1M, 2MiB...)",
                      parse_size, c.buffer_bytes, problems)
        ->group(kStrategyGroup);
    add_parsed_option(
        app, "--buffer-offset", "BYTES",
        "Where each buffer's bytes start past a page boundary (default 16, the seed's malloc; 0 with "
        "huge pages of any kind, as the seed's aligned_alloc): 0 is page-aligned; it decides how a vmsplice fills "
        "the pipe's slots and where copies alias",
        parse_offset, c.buffer_offset, problems)
        ->group(kStrategyGroup);
  }
  if (scope.pipe) {
    add_parsed_option(app, "--pipe-size", "SIZE",
                      "F_SETPIPE_SZ (default: half the buffer with vmsplice, else the kernel's default)",
                      parse_optional_size, c.pipe_bytes, problems)
        ->group(kStrategyGroup);
  }
  app.add_option("--writer-cpu", c.writer_cpu,
                 "Pin the writer to this CPU (-1: unpinned; default: two physical cores of the allowed CPUs)")
      ->type_name("CPU")
      ->group(kPinningGroup);
  app.add_option("--reader-cpu", c.reader_cpu, "Pin the reader to this CPU (-1: unpinned)")
      ->type_name("CPU")
      ->group(kPinningGroup);
  app.add_option("-e,--event", c.events,
                 "Also count this event in each worker (repeatable): cache-misses, LD_BLOCKS:STORE_FORWARD, perf::...")
      ->type_name("EVENT")
      ->allow_extra_args(false)
      ->group(kCountingGroup);
  for (const FlagOption& flag : kFlagOptions) {
    if (flag.kind == FlagKind::counting) {
      app.add_flag("--" + std::string(flag.name), c.*flag.member, std::string(flag.help))->group(kCountingGroup);
    }
  }
  add_parsed_option(app, "--interval", "DURATION", "Sampling interval (10ms; 1ms at least)", parse_duration_ns,
                    c.interval_ns, problems)
      ->group(kCountingGroup);
  if (scope.timing) {
    add_parsed_option(app, "--duration", "DURATION", "How long to move bytes (5s; 250ms, 1.5s, 2m...)",
                      parse_duration_ns, c.duration_ns, problems)
        ->group(kLengthGroup);
    add_parsed_option(app, "--bytes", "SIZE", "Stop once the writer has moved this many bytes (instead of --duration)",
                      parse_optional_size, c.bytes_limit, problems)
        ->group(kLengthGroup);
  }
}

}  // namespace pipetop
