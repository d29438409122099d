#include "pipetop/app/cli.hpp"

#include <CLI/CLI.hpp>
#include <sstream>

namespace pipetop {
namespace {

// Raw option values as typed; converted by to_run_command().
struct RunArgs {
  std::string writer = "write";
  std::string reader = "read";
  bool huge_pages = false;
  bool busy_loop = false;
  bool poll = false;
  bool gift = false;
  bool lock_memory = false;
  bool no_touch = false;
  bool same_buffer = false;
  bool verify = false;
  std::string buffer_size = "256KiB";
  std::string pipe_size;
  std::optional<int> writer_cpu;
  std::optional<int> reader_cpu;
  std::string interval = "10ms";
  std::string duration = "5s";
  std::string bytes;
  std::string format = "text";
  std::string export_prefix;
  std::vector<std::string> events;
  bool user_only = false;
  bool no_counters = false;
};

// The options that make a configuration: both the dashboard and `run` take them.
void bind_config_options(CLI::App& run, RunArgs& a) {
  run.add_option("--writer", a.writer, "How the writer moves bytes into the pipe: write | vmsplice")->capture_default_str();
  run.add_option("--reader", a.reader, "How the reader takes bytes out: read | splice (to /dev/null)")->capture_default_str();
  run.add_flag("--huge-pages", a.huge_pages, "2 MiB-aligned buffers with MADV_HUGEPAGE (verified after pre-faulting)");
  run.add_flag("--busy-loop", a.busy_loop, "Non-blocking calls, spinning on EAGAIN instead of sleeping");
  run.add_flag("--poll", a.poll, "poll(2) the pipe before each call");
  run.add_flag("--gift", a.gift, "SPLICE_F_GIFT on vmsplice, SPLICE_F_MOVE on splice");
  run.add_flag("--lock-memory", a.lock_memory, "mlock(2) the buffers");
  run.add_flag("--no-touch", a.no_touch, "Do not pre-fault the buffers");
  run.add_flag("--same-buffer", a.same_buffer, "Both writer halves in one allocation instead of two");
  run.add_flag("--verify", a.verify, "Writer sends a position-dependent pattern; reader checks every byte");
  run.add_option("--buffer-size", a.buffer_size, "Writer buffer (two halves) and reader buffer: 65536, 64K, 2MiB...")
      ->capture_default_str();
  run.add_option("--pipe-size", a.pipe_size, "F_SETPIPE_SZ (default: half the buffer with vmsplice, else kernel default)");
  run.add_option("--writer-cpu", a.writer_cpu, "Pin the writer to this CPU (-1: unpinned; default: separate cores)");
  run.add_option("--reader-cpu", a.reader_cpu, "Pin the reader to this CPU (-1: unpinned)");
  run.add_option("--interval", a.interval, "Sampling interval (10ms, 100ms...)")->capture_default_str();
  run.add_option("-e,--event", a.events,
                 "Also count this event in each worker (repeatable): cache-misses, LD_BLOCKS:STORE_FORWARD, perf::...")
      ->allow_extra_args(false);
  run.add_flag("--user-only", a.user_only, "Count user space only (default: user and kernel)");
  run.add_flag("--no-counters", a.no_counters, "Open no counters (to measure what they cost)");
}

void bind_run_options(CLI::App& run, RunArgs& a) {
  bind_config_options(run, a);
  run.add_option("--duration", a.duration, "How long to move bytes (5s, 1m...)")->capture_default_str();
  run.add_option("--bytes", a.bytes, "Stop after the writer has moved this many bytes (overrides --duration)");
  run.add_option("--format", a.format, "Output: text | csv | json (JSON Lines)")->capture_default_str();
  run.add_option("--export", a.export_prefix, "Also write PREFIX.cmd, PREFIX.csv (seed schema) and PREFIX.json");
}

// A parse error prefixed with the option it came from: "--duration: invalid duration '0s'...".
template <class T>
Result<T> for_option(const char* option, Result<T> parsed) {
  if (!parsed) parsed.error().message = std::string(option) + ": " + parsed.error().message;
  return parsed;
}

Result<RunCommand> to_run_command(const RunArgs& a) {
  RunCommand command;
  RunConfig& c = command.config;
  auto apply = [](auto parsed, auto& field) -> Result<void> {
    if (!parsed) return std::unexpected(parsed.error());
    field = *parsed;
    return {};
  };
  const Result<void> steps[] = {
      apply(parse_writer_kind(a.writer), c.writer),
      apply(parse_reader_kind(a.reader), c.reader),
      apply(for_option("--buffer-size", parse_size(a.buffer_size)), c.buffer_bytes),
      a.pipe_size.empty() ? Result<void>{} : apply(for_option("--pipe-size", parse_size(a.pipe_size)), c.pipe_bytes),
      apply(for_option("--interval", parse_duration_ns(a.interval)), c.interval_ns),
      apply(for_option("--duration", parse_duration_ns(a.duration)), c.duration_ns),
      a.bytes.empty() ? Result<void>{} : apply(for_option("--bytes", parse_size(a.bytes)), c.bytes_limit),
      apply(parse_output_format(a.format), command.format),
  };
  for (const Result<void>& step : steps) {
    if (!step) return std::unexpected(step.error());
  }
  c.huge_pages = a.huge_pages;
  c.busy_loop = a.busy_loop;
  c.poll = a.poll;
  c.gift = a.gift;
  c.lock_memory = a.lock_memory;
  c.no_touch = a.no_touch;
  c.same_buffer = a.same_buffer;
  c.verify = a.verify;
  c.writer_cpu = a.writer_cpu;
  c.reader_cpu = a.reader_cpu;
  c.events = a.events;
  c.user_only = a.user_only;
  c.no_counters = a.no_counters;
  command.export_prefix = a.export_prefix;
  return command;
}

}  // namespace

ParsedCommandLine parse_command_line(int argc, const char* const* argv) {
  CLI::App app{"pipetop: watch Linux pipe throughput, strategy by strategy.\n"
               "Without a command: the live dashboard (every option toggles with a key).",
               "pipetop"};
  app.set_version_flag("--version", "pipetop 0.1.0");
  app.require_subcommand(0, 1);
  RunArgs args;
  bind_config_options(app, args);
  DashboardCommand dashboard_args;
  app.add_option("--refresh-hz", dashboard_args.refresh_hz, "Dashboard redraws per second (1-60)")
      ->capture_default_str();
  app.add_flag("--ascii", dashboard_args.ascii, "No braille or box drawing in the dashboard, whatever the locale");
  CLI::App* run = app.add_subcommand("run", "Move bytes headless and print samples and a summary");
  bind_run_options(*run, args);
  EventsCommand events_args;
  CLI::App* events = app.add_subcommand("events", "List the counters this machine can count, and why not");
  events->add_flag("--all", events_args.all, "Every event of the detected PMUs, not only the default set");
  events->add_flag("--user-only", events_args.user_only, "Try them counting user space only");
  events->add_option("filter", events_args.filter, "Show only events whose name contains this");
  std::string check_seconds = "2s";
  std::string check_tune_budget = "20s";
  std::string tune_budget_text = "60s";
  bool json_output = false;
  std::string export_prefix;
  CLI::App* check = app.add_subcommand("check", "Sanity-check this machine: facts, the article's ladder, verdicts");
  bind_config_options(*check, args);
  check->add_option("--seconds", check_seconds, "How long each rung runs (2s)")->capture_default_str();
  check->add_option("--tune-budget", check_tune_budget, "Time for finding the tuned best (20s)")->capture_default_str();
  check->add_flag("--json", json_output, "One JSON document instead of text");
  check->add_option("--export", export_prefix, "Also write PREFIX.cmd, PREFIX.csv (seed schema) and PREFIX.json");
  CLI::App* tune = app.add_subcommand("tune", "Search for the fastest pipe this machine can do");
  bind_config_options(*tune, args);
  tune->add_option("--budget", tune_budget_text, "Time the search may take (60s)")->capture_default_str();
  tune->add_flag("--json", json_output, "One JSON document instead of text");
  tune->add_option("--export", export_prefix, "Also write PREFIX.cmd, PREFIX.csv (seed schema) and PREFIX.json");

  ParsedCommandLine parsed;
  auto usage = [&parsed](const Error& error) {
    parsed.exit_code = static_cast<int>(error.kind);
    parsed.err = "pipetop: " + format_error(error) + "\n";
    return parsed;
  };
  const std::string first = argc > 1 ? argv[1] : "";
  const auto named_first = [&first](CLI::App* sub) { return sub->check_name(first); };
  if (!first.empty() && !first.starts_with("-") && app.get_subcommands(named_first).empty()) {
    return usage(pipetop::usage_error("unknown command '" + first + "'", "pipetop --help lists the commands"));
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    std::ostringstream out;
    std::ostringstream err;
    const int code = app.exit(e, out, err);
    parsed.out = out.str();
    parsed.err = err.str();
    parsed.exit_code = code == 0 ? 0 : static_cast<int>(ExitCode::usage);
    return parsed;
  }
  if (events->parsed()) {
    parsed.events = events_args;
    return parsed;
  }
  if (check->parsed() || tune->parsed()) {
    Result<RunCommand> base = to_run_command(args);
    if (!base) return usage(base.error());
    Result<std::int64_t> seconds = for_option("--seconds", parse_duration_ns(check_seconds));
    Result<std::int64_t> tune_budget = check->parsed() ? for_option("--tune-budget", parse_duration_ns(check_tune_budget))
                                                       : for_option("--budget", parse_duration_ns(tune_budget_text));
    if (!seconds) return usage(seconds.error());
    if (!tune_budget) return usage(tune_budget.error());
    if (check->parsed()) {
      parsed.check = CheckCommand{base->config, *seconds, *tune_budget, json_output, export_prefix};
    } else {
      parsed.tune = TuneCommand{base->config, *tune_budget, json_output, export_prefix};
    }
    return parsed;
  }
  Result<RunCommand> command = to_run_command(args);
  if (!command) return usage(command.error());
  if (run->parsed()) {
    parsed.run = std::move(*command);
    return parsed;
  }
  if (dashboard_args.refresh_hz < 1 || dashboard_args.refresh_hz > 60) {
    return usage(pipetop::usage_error("--refresh-hz " + std::to_string(dashboard_args.refresh_hz) + " is outside 1-60",
                                      "10 (the default) redraws smoothly at well under 2% of a CPU"));
  }
  dashboard_args.config = command->config;
  parsed.dashboard = dashboard_args;
  return parsed;
}

}  // namespace pipetop
