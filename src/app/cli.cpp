#include "pipetop/app/cli.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <functional>
#include <memory>
#include <sstream>

#include "pipetop/app/command_options.hpp"
#include "pipetop/app/completions.hpp"
#include "pipetop/app/config_options.hpp"
#include "pipetop/app/help_formatter.hpp"
#include "pipetop/app/made_by.hpp"
#include "pipetop/core/base/close_matches.hpp"
#include "pipetop/core/base/duration.hpp"
#include "pipetop/core/config/pairs_options.hpp"
#include "pipetop/core/experiment/ladder.hpp"
#include "pipetop/core/experiment/pair_scaling.hpp"
#include "pipetop/core/experiment/paired_rounds.hpp"

namespace pipetop {
namespace {

constexpr const char* kMainFooter = R"(Examples:
  pipetop                                     # the dashboard: press v, s, h, b to climb the ladder
  pipetop --writer vmsplice --reader splice --huge-pages --busy-loop
  pipetop run --busy-loop --duration 10s
  pipetop check
  pipetop ab --a '--busy-loop' --b ''         # is +busy faster here? A/B in paired rounds
  pipetop sweep buffer-size 4KiB..4MiB        # the curve over buffer sizes, the caches marked
  pipetop tour --theme high-contrast          # a talk: space pauses, → ← step, q quits
  pipetop --record talk.jsonl ; pipetop replay talk.jsonl --speed 2
  producer | pipetop                          # measure your program (keys from /dev/tty)
  pipetop -- producer ARGS                    # start it and read its stdout; q ends both
  pipetop --stdout --writer vmsplice | consumer   # pipetop writes into your program
  pipetop --pairs 8                           # 8 pairs on separate cores: their sum and each pair's

Exit codes: 0 ok, 1 a worker failed, nothing moved or --verify found a mismatch, 2 usage error (a file
given to read that cannot be read or is not what it should be, too), 3 this machine cannot do what was
asked, 4 a figure regressed against the baseline of --compare beyond --threshold (check, run), 128+N
interrupted by signal N (run); run -- COMMAND: the command's own exit status, 127 when there is no such
command, 126 when it cannot be executed.
)";

constexpr const char* kRunFooter = R"(Examples:
  pipetop run                                              # write/read, 5 s, a line per second
  pipetop run --writer vmsplice --reader splice --huge-pages --busy-loop --buffer-size 1MiB
  pipetop run --format json --duration 10s > run.json      # a JSON line per sample, then a summary
  pipetop run --verify --bytes 10G                         # check every byte of 10 GiB
  pipetop run --export result                              # also result.cmd, .csv, .json, .svg
  pipetop run --record run.jsonl && pipetop replay run.jsonl # the run again, in the dashboard
  pipetop run -q --format json --busy-loop > before.json   # a baseline ...
  pipetop run --busy-loop --compare before.json            # ... and later: exit 4 if 10% slower
  pipetop run --format openmetrics > pipetop.prom          # for node_exporter's textfile collector
  pipetop run --pairs 4 --duration 10s                     # 4 pairs: the aggregate and each pair's
  pipetop run --pairs 4 --writer-cpu -1 --reader-cpu -1    # the same, left to the scheduler

Measuring your own program (pipetop is the reader or the writer; the summary names the other end):
  producer | pipetop run --stdin                           # to its end (auto when stdin is a pipe)
  pipetop run -- producer ARGS                             # start it, read its stdout until it ends
  pipetop run --stdout --writer vmsplice --bytes 1G | consumer   # write into it (a pipe)
  producer | pipetop run --stdin --pass | consumer         # forward every byte while measuring
  producer | pipetop run --stdin --pass --size 40G | consumer   # progress on stderr: %, ETA
  kill -USR1 PID                                           # the summary so far on stderr; it goes on
With --stdin or --pass the summary goes to stdout, or to stderr when stdout carries the data (--stdout,
--pass). Without --duration a form that reads runs until the other program closes its end.
With stderr a terminal these forms keep a progress line there (as pv; -q: none) instead of the line per
second; --format json adds a progress line a second.
Exit code of run -- COMMAND: the command's exit status (128+N if signal N killed it), unless pipetop
failed (1) or was interrupted (128+N); 0 when pipetop ended it for --duration. A command that does not
exist is a usage error (2), one that cannot be executed an environment error (3).

The headline figure is the steady-state mean: the reader's bytes over time after the first 200 ms
(the first 10% of a run shorter than 2 s). On a machine with fewer than three CPUs the parent and whatever reads this output
share the workers' CPUs: write to a file rather than a pipe.
)";

constexpr const char* kCheckFooter = R"(Examples:
  pipetop check                         # facts, the ladder at 2 s a rung, a 20 s tune, 30 s of steps, verdicts
  pipetop check --seconds 5s --format json > check.json
  pipetop check --export machine-a      # also machine-a.cmd, .csv, .json, .svg
  pipetop check --repeat 3 --json > baseline.json    # each rung 3 times: a baseline with its spread
  pipetop check --compare baseline.json              # exit 4 when a rung is 10% slower
  pipetop check --format openmetrics > pipetop.prom  # for node_exporter's textfile collector
  pipetop check --pairs 8               # also 1, 2, 4, 8 pairs at once: aggregate and efficiency
  pipetop check --scaling               # the same up to as many pairs as this machine holds

Each step (a rung against the one before it) is raced in paired rounds: every round runs each rung once for
--round, in ladder order then backwards, so a step's two rungs meet the same phase of the machine. Its
speed-up is the median of the rounds' ratios with a 95% interval, and a verdict calls it faster or slower
only when the interval excludes no change; how much a fixed rung varied between rounds is printed beside.
A rung is beyond the noise when every run of it here is slower (or faster) than every run in the baseline.
)";

constexpr const char* kTuneFooter = R"(Examples:
  pipetop tune                          # 60 s: buffer sizes, huge pages, busy loop and pinning
  pipetop tune --budget 2m --format json
)";

constexpr const char* kTourFooter = R"(Examples:
  pipetop tour                          # 8 s a step; space pauses, → ← move, 1-6 jump, q quits
  pipetop tour --step 15s --theme light --y-max 80 --record talk.jsonl
  pipetop tour --no-ui                  # the captions and the summary, for a script
  pipetop tune --format json > tuned.json && pipetop tour --tuned tuned.json
)";

constexpr const char* kReplayFooter = R"(Examples:
  pipetop replay talk.jsonl             # space pauses, → ← move between segments, r restarts
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

// The words after the first "--": the command to measure, never pipetop's options.
struct TrailingCommand {
  std::vector<std::string> words;
  bool given = false;  // "--" was on the command line, with or without words after it
};

// One command of the command line (a subcommand, or the dashboard: the app itself): CLI11's parser of
// it, and what turns the values it bound into the parsed command once it is the one given (the checks
// CLI11 cannot make). Each binder below adds one, holding its command's values.
struct Subcommand {
  CLI::App* app = nullptr;
  std::function<Result<void>(const TrailingCommand&, ParsedCommandLine&)> finish;
  bool takes_command = false;       // -- COMMAND: the user's program is measured (run, the dashboard)
  bool own_configurations = false;  // it measures configurations of its own (check, tune): say so to extras
};

// --pairs N goes with some options only: those in `given`, and "--" when a command was given.
Result<void> check_pairs(std::vector<std::string> given, const TrailingCommand& trailing, const RunConfig& config,
                         std::string_view command) {
  if (trailing.given) given.emplace_back("--");
  return check_pairs_options(given, config, command);
}

Subcommand bind_dashboard(CLI::App& app, ParseProblems& problems) {
  auto c = std::make_shared<DashboardCommand>();
  bind_config_options(app, c->config, problems, {.timing = false});
  bind_view_options(app, c->view, problems);
  bind_record(app, c->record_path, "every sample and change")->group(kDashboardGroup);
  bind_profile_options(app, c->profile, problems);
  bind_pairs(app, c->pairs, problems,
             "N writer/reader pairs at once, placed by topology: the chart shows their sum, a strip under it each "
             "pair's GiB/s; every key applies to them all")
      ->group(kDashboardGroup);
  bind_ends_options(app, c->ends);
  const auto finish = [c, &app](const TrailingCommand& trailing, ParsedCommandLine& parsed) -> Result<void> {
    if (Result<void> ok = check_refresh(app, c->view.refresh_hz); !ok) return ok;
    c->ends.command = trailing.words;
    c->ends.given = given_options(app);
    if (c->pairs > 0) {
      if (Result<void> ok = check_pairs(c->ends.given, trailing, c->config, "pipetop"); !ok) return ok;
      c->profile.enabled = false;  // a profile follows one pair's two workers
    }
    parsed.dashboard = *c;
    return {};
  };
  return {&app, finish, true};
}

Subcommand bind_run(CLI::App& app, ParseProblems& problems) {
  auto c = std::make_shared<RunCommand>();
  CLI::App* run = app.add_subcommand("run", "Move bytes headless and print samples and a summary");
  bind_config_options(*run, c->config, problems, {});
  bind_format(*run, c->format, problems,
              {OutputFormat::text, OutputFormat::csv, OutputFormat::json, OutputFormat::openmetrics},
              "; json: JSON Lines");
  bind_export(*run, c->export_prefix, c->overwrite, problems,
              "PREFIX.cmd (pipetop's and the seed's commands), PREFIX.csv (the seed's row), PREFIX.json, PREFIX.svg "
              "(the chart)");
  run->add_flag("-q,--quiet", c->quiet, "Only the summary: no progress line, no line per second, no sample rows")
      ->group(kOutputGroup);
  bind_compare(*run, c->compare_path, c->threshold, problems, "a previous run's output (pipetop run --format json)");
  bind_aa_budget(*run, c->aa_budget_ns, problems);
  bind_record(*run, c->record_path, "every sample")->group(kOutputGroup);
  bind_profile_options(*run, c->profile, problems);
  bind_pairs(*run, c->pairs, problems,
             "N writer/reader pairs at once, each on its own pipe, placed by topology (two physical cores of one "
             "node first, then SMT siblings, then across nodes): the aggregate GiB/s and each pair's. When fewer "
             "fit pinned than asked, runs those that fit and says how to run them all");
  bind_ends_options(*run, c->ends);
  add_parsed_option(*run, "--size", "SIZE",
                    "Your program's stream is this long (as pv -s): the progress line and the line per second add "
                    "the share done and the time left (with --stdin, --stdout or -- COMMAND)",
                    parse_optional_size, c->size_bytes, problems)
      ->group(kEndsGroup);
  run->footer(kRunFooter);
  const auto finish = [c, run](const TrailingCommand& trailing, ParsedCommandLine& parsed) -> Result<void> {
    if (Result<void> ok = check_compare(*run, c->compare_path); !ok) return ok;
    if (!c->compare_path.empty() && c->format == OutputFormat::csv) {
      return std::unexpected(usage_error("run --compare writes its comparison in text, json or openmetrics, not csv",
                                         "use --format json, and --format csv in another run"));
    }
    c->ends.command = trailing.words;
    c->ends.given = given_options(*run);
    if (c->pairs > 0) {
      if (Result<void> ok = check_pairs(c->ends.given, trailing, c->config, "pipetop run"); !ok) return ok;
    }
    parsed.run = *c;
    return {};
  };
  return {run, finish, true};
}

Subcommand bind_events(CLI::App& app, ParseProblems& problems) {
  auto c = std::make_shared<EventsCommand>();
  CLI::App* events = app.add_subcommand("events", "List the counters this machine can count, and why not");
  events->add_flag("--all", c->all, "Every event of the detected PMUs, not only the default set");
  events->add_flag("--user-only", c->user_only, "Try them counting user space only");
  events->add_option("filter", c->filter, "Show only events whose name contains this")->type_name("TEXT");
  bind_format(*events, c->format, problems, {OutputFormat::text, OutputFormat::json});
  events->footer(kEventsFooter);
  const auto finish = [c](const TrailingCommand&, ParsedCommandLine& parsed) -> Result<void> {
    parsed.events = *c;
    return {};
  };
  return {events, finish};
}

Subcommand bind_check(CLI::App& app, ParseProblems& problems) {
  auto c = std::make_shared<CheckCommand>();
  auto repeat = std::make_shared<std::optional<int>>();
  CLI::App* check = app.add_subcommand("check", "Sanity-check this machine: facts, the article's ladder, verdicts");
  bind_config_options(*check, c->base, problems, {.strategies = false, .pipe = false, .timing = false});
  add_parsed_option(*check, "--seconds", "DURATION", "How long each rung runs (default 2s)", parse_duration_ns,
                    c->rung_ns, problems);
  add_parsed_option(*check, "--tune-budget", "DURATION", "Time for finding the tuned best (default 20s)",
                    parse_duration_ns, c->tune_budget_ns, problems);
  add_parsed_option(*check, "--repeat", "N",
                    "Run each rung N times (3 to 100) and report the median: the spread tells noise from a "
                    "change (default 1; 3 with --compare)",
                    parse_repeat, *repeat, problems);
  add_parsed_option(*check, "--rounds-budget", "DURATION",
                    "Time for racing each step against the one before it in paired rounds (default 30s)",
                    parse_duration_ns, c->rounds_budget_ns, problems);
  add_parsed_option(*check, "--round", "DURATION",
                    "Each rung's slice of a round, after its warm-up (default 100ms; 50ms at least)", parse_slice,
                    c->slice_ns, problems);
  bind_pairs(*check, c->pairs, problems,
             "Also run 1, 2, 4 ... N writer/reader pairs at once, placed by topology (separate cores of one node, "
             "then SMT siblings, then across nodes): the aggregate, each pair's figure, the efficiency, and "
             "same-node against cross-node where there are two NUMA nodes. When fewer pairs fit than asked, runs "
             "those that fit and says so");
  check->add_flag("--scaling", c->scaling,
                  "The same up to the pairs the allowed CPUs hold pinned (1, 2, 4 ... half of them)");
  bind_format(*check, c->format, problems, {OutputFormat::text, OutputFormat::json, OutputFormat::openmetrics});
  bind_json_alias(*check, c->format);
  bind_compare(*check, c->compare_path, c->threshold, problems, "a previous check --json");
  bind_export(*check, c->export_prefix, c->overwrite, problems,
              "PREFIX.cmd (pipetop's and the seed's commands), PREFIX.csv, PREFIX.json");
  check->add_flag("-q,--quiet", c->quiet, "No progress on stderr")->group(kOutputGroup);
  bind_profile_options(*check, c->profile, problems);
  check->footer(kCheckFooter);
  const auto finish = [c, repeat, check](const TrailingCommand&, ParsedCommandLine& parsed) -> Result<void> {
    if (Result<void> ok = check_compare(*check, c->compare_path); !ok) return ok;
    if (c->scaling && c->pairs > 0) {
      return std::unexpected(usage_error("--scaling chooses how many pairs, and --pairs says it too",
                                         "pipetop check --scaling, or pipetop check --pairs N"));
    }
    c->repeat = repeat->value_or(c->compare_path.empty() ? 1 : kMinRepeat);
    parsed.check = *c;
    return {};
  };
  return {check, finish, false, true};
}

Subcommand bind_tune(CLI::App& app, ParseProblems& problems) {
  auto c = std::make_shared<TuneCommand>();
  CLI::App* tune = app.add_subcommand("tune", "Search for the fastest pipe this machine can do");
  bind_config_options(*tune, c->base, problems, {.strategies = false, .buffer = false, .pipe = false, .timing = false});
  add_parsed_option(*tune, "--budget", "DURATION", "Time the search may take (default 60s)", parse_duration_ns,
                    c->budget_ns, problems);
  bind_format(*tune, c->format, problems, {OutputFormat::text, OutputFormat::json});
  bind_json_alias(*tune, c->format);
  bind_export(*tune, c->export_prefix, c->overwrite, problems,
              "PREFIX.cmd (pipetop's and the seed's commands), PREFIX.csv, PREFIX.json");
  tune->add_flag("-q,--quiet", c->quiet, "No progress on stderr")->group(kOutputGroup);
  tune->footer(kTuneFooter);
  const auto finish = [c](const TrailingCommand&, ParsedCommandLine& parsed) -> Result<void> {
    parsed.tune = *c;
    return {};
  };
  return {tune, finish, false, true};
}

Subcommand bind_tour(CLI::App& app, ParseProblems& problems) {
  auto c = std::make_shared<TourCommand>();
  CLI::App* tour = app.add_subcommand("tour", "The article's ladder as a guided tour, step by step, with captions");
  bind_config_options(*tour, c->base, problems, {.strategies = false, .buffer = false, .pipe = false, .timing = false});
  add_parsed_option(*tour, "--step", "DURATION", "How long each step holds (default 8s)", parse_duration_ns, c->step_ns,
                    problems);
  tour->add_flag("--no-ui", c->no_ui,
                 "No dashboard: print each step's caption, its speed-up raced against the step before in paired "
                 "rounds, and the summary");
  tour->add_option("--tuned", c->tuned_path,
                   "The last step is this `tune --format json` output's best (default: a 1 MiB buffer)")
      ->type_name("FILE");
  bind_record(*tour, c->record_path, "every sample and step");
  bind_view_options(*tour, c->view, problems);
  tour->footer(kTourFooter);
  const auto finish = [c, tour](const TrailingCommand&, ParsedCommandLine& parsed) -> Result<void> {
    if (Result<void> ok = check_refresh(*tour, c->view.refresh_hz); !ok) return ok;
    parsed.tour = *c;
    return {};
  };
  return {tour, finish};
}

// A command whose binder and checks live in a file of its own (ab, sweep): `bind` adds it, `finish`
// makes its command once it is the one given, kept in `parsed_as`.
template <class Binding, class Command>
Subcommand bind_own(CLI::App& app, ParseProblems& problems, CLI::App* (*bind)(CLI::App&, Binding&, ParseProblems&),
                    Result<Command> (*finish)(const Binding&), std::optional<Command> ParsedCommandLine::*parsed_as) {
  auto binding = std::make_shared<Binding>();
  CLI::App* command = bind(app, *binding, problems);
  const auto done = [binding, finish, parsed_as](const TrailingCommand&, ParsedCommandLine& parsed) -> Result<void> {
    Result<Command> finished = finish(*binding);
    if (!finished) return std::unexpected(finished.error());
    parsed.*parsed_as = std::move(*finished);
    return {};
  };
  return {command, done};
}

Subcommand bind_replay(CLI::App& app, ParseProblems& problems) {
  auto c = std::make_shared<ReplayCommand>();
  CLI::App* replay = app.add_subcommand("replay", "Draw a recording (--record) or run --format json output again");
  replay->add_option("file", c->path, "The recording")->type_name("FILE")->required();
  add_parsed_option(*replay, "--speed", "N", "Play N times as fast (default 1)", parse_positive, c->speed, problems);
  bind_view_options(*replay, c->view, problems);
  replay->footer(kReplayFooter);
  const auto finish = [c, replay](const TrailingCommand&, ParsedCommandLine& parsed) -> Result<void> {
    if (Result<void> ok = check_refresh(*replay, c->view.refresh_hz); !ok) return ok;
    parsed.replay = *c;
    return {};
  };
  return {replay, finish};
}

// "pipetop run --help lists its options".
std::string help_hint(const CLI::App& command) {
  return "pipetop " + (command.get_parent() == nullptr ? "" : command.get_name() + " ") + "--help lists its options";
}

// Every name of every option `command` takes, as typed ("--duration", "-q"), hidden ones aside.
std::vector<std::string> option_names(const CLI::App& command) {
  std::vector<std::string> names;
  for (const CLI::Option* option : command.get_options()) {
    if (option->get_group().empty()) continue;
    for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
    for (const std::string& name : option->get_snames()) names.push_back("-" + name);
  }
  return names;
}

// Words `command` did not take (CLI11's extras): which command, and the option the first of them
// probably meant, or why the command has no such option when another command has it.
Error not_an_option_of(const Subcommand& command, const std::vector<Subcommand>& commands,
                       const std::vector<std::string>& extras) {
  const std::string name = command.app->get_name();
  const std::string listed = help_hint(*command.app);
  std::string typed;
  for (const std::string& word : extras) {
    if (typed.empty() && word.starts_with("-")) typed = word.substr(0, word.find('='));
  }
  const std::string what = "'" + CLI::detail::join(extras, " ") + "' is not an option of " + name;
  bool elsewhere = false;
  for (const Subcommand& other : commands) {
    const std::vector<std::string> names = option_names(*other.app);
    elsewhere = elsewhere || std::find(names.begin(), names.end(), typed) != names.end();
  }
  if (elsewhere && command.own_configurations) {
    return usage_error(what + ": " + name + " measures its own configurations (the article's ladder, or the search)",
                       listed + "; pipetop run takes any configuration");
  }
  const std::vector<std::string> close = typed.empty() || elsewhere
                                             ? std::vector<std::string>{}
                                             : suggest_close_matches(typed, option_names(*command.app), 1);
  return usage_error(what, close.empty() ? listed : "did you mean " + close.front() + "? " + listed);
}

// A command given that is not one: the closest command's name, if one is close.
Error unknown_command(const std::string& word, const std::vector<Subcommand>& commands) {
  std::vector<std::string> names;
  for (const Subcommand& command : commands) {
    if (command.app->get_parent() != nullptr) names.push_back(command.app->get_name());
  }
  const std::vector<std::string> close = suggest_close_matches(word, names, 1);
  return usage_error("unknown command '" + word + "'", (close.empty() ? "" : "did you mean " + close.front() + "? ") +
                                                           "pipetop --help lists the commands");
}

// Takes the words after the first "--" out of argc/argv.
TrailingCommand take_trailing_command(int& argc, const char* const* argv) {
  TrailingCommand trailing;
  for (int i = 1; i < argc; ++i) {
    if (std::string_view(argv[i]) != "--") continue;
    trailing.words.assign(argv + i + 1, argv + argc);
    trailing.given = true;
    argc = i;
    break;
  }
  return trailing;
}

// Help or the version, as CLI11 prints them.
ParsedCommandLine cli11_exit(const CLI::App& app, const CLI::ParseError& e) {
  std::ostringstream out;
  std::ostringstream err;
  app.exit(e, out, err);
  ParsedCommandLine parsed;
  parsed.out = out.str();
  parsed.err = err.str();
  return parsed;
}

}  // namespace

ParsedCommandLine parse_command_line(int argc, const char* const* argv) {
  CLI::App app{
      "pipetop: watch Linux pipe throughput, strategy by strategy, and see why.\n"
      "Without a command: the live dashboard (every option toggles with a key).",
      "pipetop"};
  app.formatter(std::make_shared<HelpFormatter>());  // before the subcommands, which take it from the app
  app.set_version_flag("-V,--version", std::string(version_text()));
  app.require_subcommand(0, 1);
  app.footer(kMainFooter);
  ParseProblems problems;
  const std::vector<Subcommand> commands{
      bind_dashboard(app, problems),
      bind_run(app, problems),
      bind_events(app, problems),
      bind_check(app, problems),
      bind_tune(app, problems),
      bind_tour(app, problems),
      bind_own(app, problems, bind_ab_command, finish_ab_command, &ParsedCommandLine::ab),
      bind_own(app, problems, bind_sweep_command, finish_sweep_command, &ParsedCommandLine::sweep),
      bind_replay(app, problems)};
  for (const Subcommand& command : commands) {
    if (command.app != &app) command.app->group("Commands");  // listed once, by CLI11, from their descriptions
  }

  std::string completions_shell;  // hidden: what the build runs to write the completion files
  app.add_option("--completions", completions_shell, "Print the completion script of SHELL (bash or zsh)")
      ->type_name("SHELL")
      ->group("");

  const TrailingCommand trailing = take_trailing_command(argc, argv);
  const std::string first = argc > 1 ? argv[1] : "";
  const auto named_first = [&first](CLI::App* sub) { return sub->check_name(first); };
  if (!first.empty() && !first.starts_with("-") && app.get_subcommands(named_first).empty()) {
    return usage(unknown_command(first, commands));
  }
  // The command given: the subcommand CLI11 picked, else the dashboard (the app itself).
  const auto picked = [&commands]() -> const Subcommand& {
    for (const Subcommand& command : commands) {
      if (command.app->get_parent() != nullptr && command.app->parsed()) return command;
    }
    return commands.front();
  };
  try {
    app.parse(argc, argv);
  } catch (const CLI::ExtrasError&) {
    return usage(not_an_option_of(picked(), commands, picked().app->remaining()));
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success)) return cli11_exit(app, e);
    return usage(usage_error(e.what(), help_hint(*picked().app)));
  }
  if (!completions_shell.empty()) {
    Result<std::string> script = completion_script(app, completions_shell);
    if (!script) return usage(script.error());
    ParsedCommandLine parsed;
    parsed.out = std::move(*script);
    return parsed;
  }
  if (problems.first) return usage(*problems.first);
  if (trailing.given && trailing.words.empty()) {
    return usage(usage_error("-- needs a command to run", "pipetop run -- cmd ARGS"));
  }
  const Subcommand& command = picked();
  if (trailing.given && !command.takes_command) {
    return usage(usage_error(
        "-- COMMAND is measured by the dashboard (pipetop -- " + trailing.words.front() + " ...) or pipetop run",
        "pipetop run -- " + trailing.words.front() + " ..."));
  }
  ParsedCommandLine parsed;
  if (Result<void> ok = command.finish(trailing, parsed); !ok) return usage(ok.error());
  return parsed;
}

}  // namespace pipetop
