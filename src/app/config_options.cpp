#include "pipetop/app/config_options.hpp"

#include "pipetop/core/duration.hpp"
#include "pipetop/core/flag_options.hpp"
#include "pipetop/core/size.hpp"
#include "pipetop/core/strategies.hpp"

namespace pipetop {
namespace {

constexpr const char* kStrategyGroup = "Strategy (the seed benchmark's options, same meanings)";
constexpr const char* kPinningGroup = "Pinning";
constexpr const char* kCountingGroup = "Counters and sampling";
constexpr const char* kLengthGroup = "Run length";

Result<std::optional<std::uint64_t>> parse_optional_size(std::string_view text) {
  Result<std::uint64_t> size = parse_size(text);
  if (!size) return std::unexpected(size.error());
  return *size;
}

std::string strategy_help(const auto& table) {
  std::string text;
  for (const auto& row : table)
    text += (text.empty() ? "" : "; ") + std::string(row.name) + ": " + std::string(row.summary);
  return text;
}

}  // namespace

void bind_config_options(CLI::App& app, RunConfig& c, ParseProblems& problems, const ConfigOptionScope& scope) {
  if (scope.strategies) {
    add_parsed_option(app, "--writer", "STRATEGY",
                      "How the writer fills the pipe (" + writer_choices() + "): " + strategy_help(kWriterStrategies),
                      parse_writer_kind, c.writer, problems)
        ->group(kStrategyGroup);
    add_parsed_option(app, "--reader", "STRATEGY",
                      "How the reader empties it (" + reader_choices() + "): " + strategy_help(kReaderStrategies),
                      parse_reader_kind, c.reader, problems)
        ->group(kStrategyGroup);
    for (const FlagOption& flag : kFlagOptions) {
      if (flag.kind == FlagKind::transfer) {
        app.add_flag("--" + std::string(flag.name), c.*flag.member, std::string(flag.help))->group(kStrategyGroup);
      }
    }
  }
  if (scope.buffer) {
    add_parsed_option(app, "--buffer-size", "SIZE",
                      "The size of every write, read, splice and vmsplice call, as the seed's --buf_size (256KiB; "
                      "65536, 64K, 1M, 2MiB...); each buffer starts where the seed's malloc puts it, 16 bytes "
                      "past a page boundary (2 MiB-aligned with --huge-pages)",
                      parse_size, c.buffer_bytes, problems)
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
