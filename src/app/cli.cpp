#include "pipetop/app/cli.hpp"

#include <CLI/CLI.hpp>
#include <charconv>
#include <cmath>
#include <sstream>

#include "pipetop/app/config_options.hpp"
#include "pipetop/core/comparison.hpp"
#include "pipetop/core/duration.hpp"
#include "pipetop/core/ladder.hpp"
#include "pipetop/core/pair_scaling.hpp"
#include "pipetop/core/pairs_options.hpp"
#include "pipetop_version.hpp"

namespace pipetop {
namespace {

// "pipetop 0.1.0 (git v0.1.0-42-gabc1234-dirty)".
constexpr const char* kVersion = "pipetop " PIPETOP_VERSION " (git " PIPETOP_GIT_DESCRIBE ")";
constexpr const char* kOutputGroup = "Output";
constexpr const char* kEndsGroup = "Your program at the other end (-- COMMAND ARGS: start it and read its stdout)";

constexpr const char* kMainFooter = R"(Commands:
  (none)   the live dashboard: every option above toggles with a key while it runs (? lists them)
  run      move bytes headless and print a line per second (or samples) and a summary
  check    a new machine's first minute: its facts, the article's ladder, verdicts
  tune     search for the fastest pipe this machine can do
  tour     the article's ladder as a guided tour: a caption per step, the summary at the end
  replay   draw a recording (--record FILE) or run --format json output again
  events   what can be counted here, and why not

Examples:
  pipetop                                     # the dashboard, write/read: press v, s, h, b to climb the ladder
  pipetop --writer vmsplice --reader splice --huge-pages --busy-loop
  pipetop run --busy-loop --duration 10s
  pipetop check
  pipetop tour --theme high-contrast          # a talk: space pauses, → ← step, q quits
  pipetop --record talk.jsonl ; pipetop replay talk.jsonl --speed 2
  producer | pipetop                          # measure your program: pipetop reads it (keys from /dev/tty)
  pipetop -- producer ARGS                    # start it and read its stdout; q ends both
  pipetop --stdout --writer vmsplice | consumer   # pipetop writes into your program
  pipetop --pairs 8                           # 8 pairs on separate cores: their sum, and each pair's

Exit codes: 0 ok, 1 a worker failed, nothing moved or --verify found a mismatch, 2 usage error, 3 this
machine cannot do what was asked, 4 a figure regressed against the baseline of --compare beyond
--threshold (check, run), 128+N interrupted by signal N (run); run -- COMMAND: the command's own exit
status.
)";

constexpr const char* kRunFooter = R"(Examples:
  pipetop run                                              # write/read, 5 s, a line per second
  pipetop run --writer vmsplice --reader splice --huge-pages --busy-loop --buffer-size 1MiB
  pipetop run --format json --duration 10s > run.json      # a JSON line per sample, then the summary
  pipetop run --verify --bytes 10G                         # check every byte of 10 GiB
  pipetop run --export result                              # also result.cmd, .csv, .json and result.svg
  pipetop run --record run.jsonl && pipetop replay run.jsonl # the run again, in the dashboard
  pipetop run -q --format json --busy-loop > before.json   # a baseline ...
  pipetop run --busy-loop --compare before.json            # ... and later: exit 4 if 10% slower, beyond the noise
  pipetop run --format openmetrics > pipetop.prom          # metrics for node_exporter's textfile collector
  pipetop run --pairs 4 --duration 10s                     # 4 pairs at once: the aggregate GiB/s and each pair's
  pipetop run --pairs 4 --writer-cpu -1 --reader-cpu -1    # the same, all left to the scheduler (shared CPUs)

Measuring your own program (pipetop is the reader or the writer; the summary names the other end):
  producer | pipetop run --stdin                           # read stdin until it ends (auto when stdin is a pipe)
  pipetop run -- producer ARGS                             # start it, read its stdout until it ends
  pipetop run --stdout --writer vmsplice --bytes 1G | consumer   # write into it (stdout must be a pipe)
  producer | pipetop run --stdin --pass | consumer         # forward every byte unchanged while measuring
With --stdin or --pass the summary goes to stdout, or to stderr when stdout carries the data (--stdout,
--pass). Without --duration a form that reads runs until the other program closes its end.
Exit code of run -- COMMAND: the command's exit status (128+N if signal N killed it), unless pipetop
failed (1) or was interrupted (128+N); 0 when pipetop ended it for --duration. A command that does not
exist is a usage error (2), one that cannot be executed an environment error (3).

The headline figure is the steady-state mean: the reader's bytes over time after the first 200 ms
(the first 10% of a run shorter than 2 s). On a machine with fewer than three CPUs the parent and whatever reads this output
share the workers' CPUs: write to a file rather than a pipe.
)";

constexpr const char* kCheckFooter = R"(Examples:
  pipetop check                         # facts, the ladder at 2 s a rung, a 20 s tune, verdicts
  pipetop check --seconds 5s --format json > check.json
  pipetop check --export machine-a      # also machine-a.cmd (pipetop and seed commands), .csv, .json, .svg
  pipetop check --repeat 3 --json > baseline.json    # each rung 3 times: a baseline with its spread
  pipetop check --compare baseline.json              # exit 4 when a rung is 10% slower, beyond the noise
  pipetop check --format openmetrics > pipetop.prom  # metrics for node_exporter's textfile collector
  pipetop check --pairs 8               # also 1, 2, 4, 8 pairs at once: aggregate and efficiency
  pipetop check --scaling               # the same up to as many pairs as this machine holds

A rung is beyond the noise when every run of it here is slower (or faster) than every run in the baseline.
)";

constexpr const char* kTuneFooter = R"(Examples:
  pipetop tune                          # 60 s: buffer sizes, huge pages, busy loop and pinning
  pipetop tune --budget 2m --format json
)";

constexpr const char* kTourFooter = R"(Examples:
  pipetop tour                          # 8 s a step; space pauses, → ← move, 1-6 jump, q quits
  pipetop tour --step 15s --theme light --y-max 80 --record talk.jsonl
  pipetop tour --no-ui --step 3s        # the captions and the summary, for a script
  pipetop tune --format json > tuned.json && pipetop tour --tuned tuned.json
)";

constexpr const char* kReplayFooter = R"(Examples:
  pipetop replay talk.jsonl             # as recorded; space pauses, → ← move between segments, r restarts
  pipetop replay run.json --speed 4     # run --format json output replays too
  pipetop replay good-machine.jsonl --baseline here.json
)";

constexpr const char* kEventsFooter = R"(Examples:
  pipetop events                        # the default set, each opened here: usable, or why not
  pipetop events --all tlb              # every PMU event whose name contains "tlb"
)";

// A usage error as parse_command_line returns it.
ParsedCommandLine usage(const Error& error) {
  ParsedCommandLine parsed;
  parsed.exit_code = static_cast<int>(error.kind);
  parsed.err = "pipetop: " + format_error(error) + "\n";
  return parsed;
}

// --format for a command that writes `allowed` ("text, csv or json").
void bind_format(CLI::App& app, OutputFormat& format, ParseProblems& problems, const std::string& allowed) {
  add_parsed_option(app, "--format", "FORMAT", "Output: " + allowed + " (default text)", parse_output_format, format,
                    problems)
      ->group(kOutputGroup);
}

void bind_force(CLI::App& app, Overwrite& overwrite) {
  app.add_flag_callback(
         "--force", [&overwrite] { overwrite = Overwrite::replace; },
         "Let --export replace files that exist (a link is replaced, never followed)")
      ->group(kOutputGroup);
}

void bind_json_alias(CLI::App& app, OutputFormat& format) {
  app.add_flag_callback(
         "--json", [&format] { format = OutputFormat::json; }, "The same as --format json")
      ->group(kOutputGroup);
}

// --compare BASELINE and --threshold PERCENT for a command whose baseline is `what`.
void bind_compare(CLI::App& app, std::string& path, double& threshold, ParseProblems& problems,
                  const std::string& what) {
  constexpr const char* kCompareGroup = "Comparison";
  app.add_option("--compare", path,
                 "Compare with " + what +
                     " (this machine's or another's): each figure's ratio, whether it is beyond the noise, the "
                     "facts that differ; exit 4 when one regressed beyond --threshold")
      ->type_name("BASELINE")
      ->group(kCompareGroup);
  add_parsed_option(app, "--threshold", "PERCENT", "How much slower is a regression (default 10%; with --compare)",
                    parse_threshold, threshold, problems)
      ->group(kCompareGroup);
}

// --threshold means nothing without --compare: a usage error rather than a silent no-op.
Result<void> check_compare(const CLI::App& app, const std::string& compare_path) {
  if (app.count("--threshold") == 0 || !compare_path.empty()) return {};
  return std::unexpected(usage_error("--threshold is the limit of a comparison, and there is no --compare",
                                     "pipetop " + app.get_name() + " --compare BASELINE --threshold 5%"));
}

// The formats a command writes; another one is a usage error naming the command.
Result<void> check_format(const char* command, OutputFormat format, std::initializer_list<OutputFormat> allowed) {
  for (const OutputFormat f : allowed) {
    if (f == format) return {};
  }
  std::string names;
  for (const OutputFormat f : allowed) names += (names.empty() ? "" : " or ") + std::string(to_string(f));
  return std::unexpected(
      usage_error(std::string(command) + " writes " + names + ", not " + std::string(to_string(format)),
                  "use --format " + std::string(to_string(*allowed.begin()))));
}

// A positive, finite number ("80", "2.5").
Result<double> parse_positive(std::string_view text) {
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || !std::isfinite(value) || value <= 0) {
    return std::unexpected(usage_error("'" + std::string(text) + "' is not a positive number"));
  }
  return value;
}

// How the dashboard looks, for every command that shows it.
void bind_view_options(CLI::App& app, ViewOptions& view, ParseProblems& problems) {
  constexpr const char* kGroup = "Dashboard";
  app.add_option("--refresh-hz", view.refresh_hz, "Dashboard redraws per second (1-60; default 10)")
      ->type_name("HZ")
      ->group(kGroup);
  app.add_flag("--ascii", view.ascii, "No braille or box drawing, whatever the locale")->group(kGroup);
  add_parsed_option(app, "--theme", "THEME",
                    "Colours: dark (default), light or high-contrast (T cycles; NO_COLOR wins)", parse_theme,
                    view.theme, problems)
      ->group(kGroup);
  add_parsed_option(
      app, "--y-max", "GIBPS", "Pin the chart's axis at this many GiB/s, so steps compare across a talk",
      [](std::string_view text) -> Result<std::optional<double>> { return parse_positive(text); }, view.y_max, problems)
      ->group(kGroup);
  app.add_option("--baseline", view.baseline_path,
                 "Measure against this recording or run --format json output (drawn dimmed; × against it)")
      ->type_name("FILE")
      ->group(kGroup);
}

// The user's program at one end: --stdin, --stdout, --pass (-- COMMAND is read before parsing).
void bind_ends_options(CLI::App& app, EndsRequest& ends) {
  app.add_flag("--stdin", ends.stdin_flag,
               "Measure the program writing into pipetop's stdin: pipetop is the reader (splice by default)")
      ->group(kEndsGroup);
  app.add_flag("--stdout", ends.stdout_flag,
               "Measure the program reading pipetop's stdout: pipetop is the writer (stdout must be a pipe)")
      ->group(kEndsGroup);
  app.add_flag("--pass", ends.pass,
               "With --stdin or -- COMMAND: forward every byte unchanged to stdout while measuring")
      ->group(kEndsGroup);
}

// Every option of `app` given on the command line, as "--name" (the ends' rules read them).
std::vector<std::string> given_options(const CLI::App& app) {
  std::vector<std::string> given;
  for (const CLI::Option* option : app.get_options()) {
    if (option->count() > 0 && !option->get_lnames().empty()) given.push_back("--" + option->get_lnames().front());
  }
  return given;
}

// --refresh-hz of `command` (echoed as typed: std::to_string would show 0.000000 for 0).
Result<void> check_refresh(const CLI::App& command, double hz) {
  if (std::isfinite(hz) && hz >= 1 && hz <= 60) return {};
  const std::string typed = command.get_option("--refresh-hz")->as<std::string>();
  return std::unexpected(usage_error("--refresh-hz " + typed + " is not a rate from 1 to 60",
                                     "10 (the default) redraws smoothly at well under 2% of a CPU"));
}

// Options an unpicked command does not take reach CLI11 as extras; say which command and why.
Error not_an_option_of(const std::string& command, const std::string& extras) {
  const std::string why =
      command == "check" || command == "tune"
          ? ": " + command + " measures its own configurations (the article's ladder, or the search)"
          : "";
  return usage_error("'" + extras + "' is not an option of " + command + why,
                     "pipetop " + command + " --help lists its options; pipetop run takes any configuration");
}

}  // namespace

ParsedCommandLine parse_command_line(int argc, const char* const* argv) {
  CLI::App app{
      "pipetop: watch Linux pipe throughput, strategy by strategy, and see why.\n"
      "Without a command: the live dashboard (every option toggles with a key).",
      "pipetop"};
  app.set_version_flag("-V,--version", kVersion);
  app.require_subcommand(0, 1);
  app.footer(kMainFooter);
  ParseProblems problems;

  RunConfig dashboard_config;
  bind_config_options(app, dashboard_config, problems, {.timing = false});
  DashboardCommand dashboard;
  bind_view_options(app, dashboard.view, problems);
  app.add_option("--record", dashboard.record_path, "Record every sample and change to FILE, for pipetop replay")
      ->type_name("FILE")
      ->group("Dashboard");
  bind_profile_options(app, dashboard.profile, problems);
  add_parsed_option(app, "--pairs", "N",
                    "N writer/reader pairs at once, placed by topology: the chart shows their sum, a strip under "
                    "it each pair's GiB/s; every key applies to them all",
                    parse_pairs, dashboard.pairs, problems)
      ->group("Dashboard");
  bind_ends_options(app, dashboard.ends);

  RunCommand run_command;
  CLI::App* run = app.add_subcommand("run", "Move bytes headless and print samples and a summary");
  bind_config_options(*run, run_command.config, problems, {});
  bind_format(*run, run_command.format, problems, "text, csv, json (JSON Lines) or openmetrics");
  run->add_option(
         "--export", run_command.export_prefix,
         "Also write PREFIX.cmd (pipetop's and the seed's commands), PREFIX.csv (the seed's row), PREFIX.json, "
         "PREFIX.svg (the chart)")
      ->type_name("PREFIX")
      ->group(kOutputGroup);
  bind_force(*run, run_command.overwrite);
  run->add_flag("-q,--quiet", run_command.quiet, "Only the summary: no line per second, no sample rows")
      ->group(kOutputGroup);
  bind_compare(*run, run_command.compare_path, run_command.threshold, problems,
               "a previous run's output (pipetop run --format json)");
  run->add_option("--record", run_command.record_path, "Also record every sample to FILE, for pipetop replay")
      ->type_name("FILE")
      ->group(kOutputGroup);
  bind_profile_options(*run, run_command.profile, problems);
  add_parsed_option(*run, "--pairs", "N",
                    "N writer/reader pairs at once, each on its own pipe, placed by topology (two physical cores of "
                    "one node first, then SMT siblings, then across nodes): the aggregate GiB/s and each pair's. "
                    "When fewer fit pinned than asked, runs those that fit and says how to run them all",
                    parse_pairs, run_command.pairs, problems);
  bind_ends_options(*run, run_command.ends);
  run->footer(kRunFooter);

  EventsCommand events_command;
  CLI::App* events = app.add_subcommand("events", "List the counters this machine can count, and why not");
  events->add_flag("--all", events_command.all, "Every event of the detected PMUs, not only the default set");
  events->add_flag("--user-only", events_command.user_only, "Try them counting user space only");
  events->add_option("filter", events_command.filter, "Show only events whose name contains this")->type_name("TEXT");
  bind_format(*events, events_command.format, problems, "text or json");
  events->footer(kEventsFooter);

  CheckCommand check_command;
  CLI::App* check = app.add_subcommand("check", "Sanity-check this machine: facts, the article's ladder, verdicts");
  bind_config_options(*check, check_command.base, problems, {.strategies = false, .pipe = false, .timing = false});
  add_parsed_option(*check, "--seconds", "DURATION", "How long each rung runs (default 2s)", parse_duration_ns,
                    check_command.rung_ns, problems);
  add_parsed_option(*check, "--tune-budget", "DURATION", "Time for finding the tuned best (default 20s)",
                    parse_duration_ns, check_command.tune_budget_ns, problems);
  std::optional<int> check_repeat;
  add_parsed_option(*check, "--repeat", "N",
                    "Run each rung N times (3 to 100) and report the median: the spread tells noise from a "
                    "change (default 1; 3 with --compare)",
                    parse_repeat, check_repeat, problems);
  add_parsed_option(*check, "--pairs", "N",
                    "Also run 1, 2, 4 ... N writer/reader pairs at once, placed by topology (separate cores of "
                    "one node, then SMT siblings, then across nodes): the aggregate, each pair's figure, the "
                    "efficiency, and same-node against cross-node where there are two NUMA nodes. When fewer "
                    "pairs fit than asked, runs those that fit and says so",
                    parse_pairs, check_command.pairs, problems);
  check->add_flag("--scaling", check_command.scaling,
                  "The same up to the pairs the allowed CPUs hold pinned (1, 2, 4 ... half of them)");
  bind_format(*check, check_command.format, problems, "text, json or openmetrics");
  bind_json_alias(*check, check_command.format);
  bind_compare(*check, check_command.compare_path, check_command.threshold, problems, "a previous check --json");
  check
      ->add_option("--export", check_command.export_prefix,
                   "Also write PREFIX.cmd (pipetop's and the seed's commands), PREFIX.csv, PREFIX.json")
      ->type_name("PREFIX")
      ->group(kOutputGroup);
  bind_force(*check, check_command.overwrite);
  check->add_flag("-q,--quiet", check_command.quiet, "No progress on stderr")->group(kOutputGroup);
  bind_profile_options(*check, check_command.profile, problems);
  check->footer(kCheckFooter);

  TuneCommand tune_command;
  CLI::App* tune = app.add_subcommand("tune", "Search for the fastest pipe this machine can do");
  bind_config_options(*tune, tune_command.base, problems,
                      {.strategies = false, .buffer = false, .pipe = false, .timing = false});
  add_parsed_option(*tune, "--budget", "DURATION", "Time the search may take (default 60s)", parse_duration_ns,
                    tune_command.budget_ns, problems);
  bind_format(*tune, tune_command.format, problems, "text or json");
  bind_json_alias(*tune, tune_command.format);
  tune->add_option("--export", tune_command.export_prefix,
                   "Also write PREFIX.cmd (pipetop's and the seed's commands), PREFIX.csv, PREFIX.json")
      ->type_name("PREFIX")
      ->group(kOutputGroup);
  bind_force(*tune, tune_command.overwrite);
  tune->add_flag("-q,--quiet", tune_command.quiet, "No progress on stderr")->group(kOutputGroup);
  tune->footer(kTuneFooter);

  TourCommand tour_command;
  CLI::App* tour = app.add_subcommand("tour", "The article's ladder as a guided tour, step by step, with captions");
  bind_config_options(*tour, tour_command.base, problems,
                      {.strategies = false, .buffer = false, .pipe = false, .timing = false});
  add_parsed_option(*tour, "--step", "DURATION", "How long each step holds (default 8s)", parse_duration_ns,
                    tour_command.step_ns, problems);
  tour->add_flag("--no-ui", tour_command.no_ui, "No dashboard: print each step's caption and the summary");
  tour->add_option("--tuned", tour_command.tuned_path,
                   "The last step is this `tune --format json` output's best (default: a 1 MiB buffer)")
      ->type_name("FILE");
  tour->add_option("--record", tour_command.record_path, "Record every sample and step to FILE, for pipetop replay")
      ->type_name("FILE");
  bind_view_options(*tour, tour_command.view, problems);
  tour->footer(kTourFooter);

  ReplayCommand replay_command;
  CLI::App* replay = app.add_subcommand("replay", "Draw a recording (--record) or run --format json output again");
  replay->add_option("file", replay_command.path, "The recording")->type_name("FILE")->required();
  add_parsed_option(*replay, "--speed", "N", "Play N times as fast (default 1)", parse_positive, replay_command.speed,
                    problems);
  bind_view_options(*replay, replay_command.view, problems);
  replay->footer(kReplayFooter);

  // Everything after the first "--" is the command to measure, never pipetop's options.
  std::vector<std::string> command;
  bool dash_dash = false;
  for (int i = 1; i < argc; ++i) {
    if (std::string_view(argv[i]) != "--") continue;
    command.assign(argv + i + 1, argv + argc);
    dash_dash = true;
    argc = i;
    break;
  }
  const std::string first = argc > 1 ? argv[1] : "";
  const auto named_first = [&first](CLI::App* sub) { return sub->check_name(first); };
  if (!first.empty() && !first.starts_with("-") && app.get_subcommands(named_first).empty()) {
    return usage(usage_error("unknown command '" + first + "'", "pipetop --help lists the commands"));
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ExtrasError& e) {
    for (CLI::App* sub : {check, tune, events, tour, replay}) {
      if (sub->parsed()) return usage(not_an_option_of(sub->get_name(), CLI::detail::join(sub->remaining(), " ")));
    }
    std::ostringstream out;
    std::ostringstream err;
    app.exit(e, out, err);
    ParsedCommandLine parsed;
    parsed.err = err.str();
    parsed.exit_code = static_cast<int>(ExitCode::usage);
    return parsed;
  } catch (const CLI::ParseError& e) {
    std::ostringstream out;
    std::ostringstream err;
    const int code = app.exit(e, out, err);
    ParsedCommandLine parsed;
    parsed.out = out.str();
    parsed.err = err.str();
    parsed.exit_code = code == 0 ? 0 : static_cast<int>(ExitCode::usage);
    return parsed;
  }
  if (problems.first) return usage(*problems.first);
  if (dash_dash && command.empty()) return usage(usage_error("-- needs a command to run", "pipetop run -- cmd ARGS"));
  if (dash_dash && (check->parsed() || tune->parsed() || events->parsed() || tour->parsed() || replay->parsed())) {
    return usage(
        usage_error("-- COMMAND is measured by the dashboard (pipetop -- " + command.front() + " ...) or pipetop run",
                    "pipetop run -- " + command.front() + " ..."));
  }

  ParsedCommandLine parsed;
  if (events->parsed()) {
    if (Result<void> ok = check_format("events", events_command.format, {OutputFormat::text, OutputFormat::json});
        !ok) {
      return usage(ok.error());
    }
    parsed.events = events_command;
  } else if (check->parsed()) {
    if (Result<void> ok = check_format("check", check_command.format,
                                       {OutputFormat::text, OutputFormat::json, OutputFormat::openmetrics});
        !ok) {
      return usage(ok.error());
    }
    if (Result<void> ok = check_compare(*check, check_command.compare_path); !ok) return usage(ok.error());
    if (check_command.scaling && check_command.pairs > 0) {
      return usage(usage_error("--scaling chooses how many pairs, and --pairs says it too",
                               "pipetop check --scaling, or pipetop check --pairs N"));
    }
    check_command.repeat = check_repeat.value_or(check_command.compare_path.empty() ? 1 : kMinRepeat);
    parsed.check = check_command;
  } else if (tune->parsed()) {
    if (Result<void> ok = check_format("tune", tune_command.format, {OutputFormat::text, OutputFormat::json}); !ok) {
      return usage(ok.error());
    }
    parsed.tune = tune_command;
  } else if (run->parsed()) {
    if (Result<void> ok = check_compare(*run, run_command.compare_path); !ok) return usage(ok.error());
    if (!run_command.compare_path.empty() && run_command.format == OutputFormat::csv) {
      return usage(usage_error("run --compare writes its comparison in text, json or openmetrics, not csv",
                               "use --format json, and --format csv in another run"));
    }
    run_command.ends.command = command;
    run_command.ends.given = given_options(*run);
    if (run_command.pairs > 0) {
      std::vector<std::string> given = run_command.ends.given;
      if (dash_dash) given.emplace_back("--");
      if (Result<void> ok = check_pairs_options(given, run_command.config, "pipetop run"); !ok) {
        return usage(ok.error());
      }
    }
    parsed.run = run_command;
  } else if (tour->parsed()) {
    if (Result<void> ok = check_refresh(*tour, tour_command.view.refresh_hz); !ok) return usage(ok.error());
    parsed.tour = tour_command;
  } else if (replay->parsed()) {
    if (Result<void> ok = check_refresh(*replay, replay_command.view.refresh_hz); !ok) return usage(ok.error());
    parsed.replay = replay_command;
  } else {
    if (Result<void> ok = check_refresh(app, dashboard.view.refresh_hz); !ok) return usage(ok.error());
    dashboard.config = dashboard_config;
    dashboard.ends.command = command;
    dashboard.ends.given = given_options(app);
    if (dashboard.pairs > 0) {
      std::vector<std::string> given = dashboard.ends.given;
      if (dash_dash) given.emplace_back("--");
      if (Result<void> ok = check_pairs_options(given, dashboard.config, "pipetop"); !ok) return usage(ok.error());
      dashboard.profile.enabled = false;  // a profile follows one pair's two workers
    }
    parsed.dashboard = dashboard;
  }
  return parsed;
}

}  // namespace pipetop
