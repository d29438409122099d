#include "pipetop/app/ab_command.hpp"

#include <array>

#include "pipetop/app/command_options.hpp"
#include "pipetop/app/print_error.hpp"
#include "pipetop/app/progress_line.hpp"
#include "pipetop/app/session_trial_runner.hpp"
#include "pipetop/app/worker_plan.hpp"
#include "pipetop/core/config/shell_words.hpp"
#include "pipetop/core/experiment/command_arm.hpp"
#include "pipetop/core/experiment/round_runner.hpp"
#include "pipetop/core/report/ab_report.hpp"
#include "pipetop/system/machine_gauge_reader.hpp"
#include "pipetop/system/machine_reader.hpp"
#include "pipetop/system/shell_command_runner.hpp"

namespace pipetop {
namespace {

constexpr const char* kAbFooter = R"(Examples:
  pipetop ab --a '--busy-loop' --b ''                       # +busy against write/read, 30 s at most
  pipetop ab --a '--writer vmsplice --reader splice --huge-pages --busy-loop' \
             --b '--writer vmsplice --reader splice --huge-pages'
  pipetop ab --a '--buffer-size 1M' --b '--buffer-size 256K' --budget 2m --precision 1%
  pipetop ab --a '--busy-loop' --b '--busy-loop' --format json > aa.json   # A/A: its own noise
  pipetop ab --a '--writer vmsplice --reader splice' --b-command \
    'taskset -c $PIPETOP_WRITER_CPU ./write --write_with_vmsplice --read_with_splice |
     taskset -c $PIPETOP_READER_CPU ./read --write_with_vmsplice --read_with_splice \
       --bytes_to_pipe=$PIPETOP_BYTES --csv'

Each round runs A and B once for --round after a warm-up, back to back, on the same CPUs, the order
alternating (AB, BA, AB, ...), so both sides meet the same slow or fast phase of the machine; a round where
either side waited for its CPU is dropped. The ratio is the median of the rounds' A/B, with its 95% interval
(order statistics of the median: 6 rounds at least). It stops once the interval is within --precision of
the ratio (±2%), or when another round would overrun --budget, and says which, with how steady the machine
was (how much one configuration varied between rounds, CPU time stolen by the hypervisor, run delay).

With --b-command, B is another program (the seed benchmark above): each slice runs the command once
through /bin/sh, in a process group of its own that is killed when the shell exits, pinned to A's CPUs.
It finds the writer's and the reader's CPU in $PIPETOP_WRITER_CPU and $PIPETOP_READER_CPU, and in
$PIPETOP_BYTES the bytes that fill its slice at its last figure ($PIPETOP_SLICE_S: the slice's length);
it must move them, stop, and print its GiB/s first on its last line. That figure is its own.
)";

// The error of side `option` ("--a") as the user should read it.
Error side_error(const std::string& option, Error error) {
  error.message = option + ": " + error.message;
  return error;
}

Error not_configuration(const std::string& option, const std::vector<std::string>& extras) {
  return usage_error(option + ": '" + CLI::detail::join(extras, " ") + "' is not a configuration option",
                     "FLAGS take what pipetop run takes to configure a pair (pipetop run --help); the rounds set "
                     "each run's length (--round, --budget), not --duration or --bytes");
}

// Side `option`'s FLAGS as `run` reads its configuration options.
Result<RunConfig> parse_side(const std::string& option, const std::string& flags) {
  Result<std::vector<std::string>> words = split_shell_words(flags);
  if (!words) return std::unexpected(side_error(option, words.error()));
  CLI::App app{"", "pipetop ab " + option};
  app.set_help_flag();  // --help inside FLAGS is no option of a configuration
  app.allow_extras();
  RunConfig config;
  ParseProblems problems;
  bind_config_options(app, config, problems, {.timing = false});
  std::vector<std::string> args(words->rbegin(), words->rend());  // CLI11 takes them last first
  try {
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    return std::unexpected(usage_error(option + ": " + e.what(), "pipetop run --help lists the options and values"));
  }
  if (problems.first) return std::unexpected(side_error(option, *problems.first));
  if (!app.remaining().empty()) return std::unexpected(not_configuration(option, app.remaining()));
  return config;
}

// Both sides on the same CPUs: a side that names no CPU for a worker takes the other side's.
void pin_alike(RunConfig& a, RunConfig& b) {
  if (!a.writer_cpu) a.writer_cpu = b.writer_cpu;
  if (!b.writer_cpu) b.writer_cpu = a.writer_cpu;
  if (!a.reader_cpu) a.reader_cpu = b.reader_cpu;
  if (!b.reader_cpu) b.reader_cpu = a.reader_cpu;
}

// B's configuration when it is a command: only the CPUs its slices are given, A's.
RunConfig cpus_of(const RunConfig& a) {
  RunConfig b;
  b.writer_cpu = a.writer_cpu;
  b.reader_cpu = a.reader_cpu;
  return b;
}

Result<WorkerPlan> plan_side(const char* side, const RunConfig& config, const MachineFacts& facts) {
  Result<WorkerPlan> plan = plan_workers(config, facts);
  if (!plan) return std::unexpected(side_error(side, plan.error()));
  return plan;
}

// Both sides planned on the same CPUs. Each is first checked as given, so that an error names the side
// whose FLAGS hold the problem (not the side that took a CPU from it). B as a command takes A's plan
// with A's CPUs alone for its configuration.
Result<std::array<WorkerPlan, 2>> plan_sides(const AbCommand& command, const MachineFacts& facts) {
  if (command.b_command) {
    Result<WorkerPlan> a_plan = plan_side("A", command.a, facts);
    if (!a_plan) return std::unexpected(a_plan.error());
    WorkerPlan b_plan = *a_plan;
    b_plan.config = cpus_of(a_plan->config);
    return std::array<WorkerPlan, 2>{std::move(*a_plan), std::move(b_plan)};
  }
  for (const auto& [side, config] : {std::pair{"A", &command.a}, std::pair{"B", &command.b}}) {
    if (Result<WorkerPlan> plan = plan_side(side, *config, facts); !plan) return std::unexpected(plan.error());
  }
  RunConfig a = command.a;
  RunConfig b = command.b;
  pin_alike(a, b);
  Result<WorkerPlan> a_plan = plan_side("A", a, facts);
  if (!a_plan) return std::unexpected(a_plan.error());
  Result<WorkerPlan> b_plan = plan_side("B", b, facts);
  if (!b_plan) return std::unexpected(b_plan.error());
  return std::array<WorkerPlan, 2>{std::move(*a_plan), std::move(*b_plan)};
}

}  // namespace

CLI::App* bind_ab_command(CLI::App& app, AbBinding& binding, ParseProblems& problems) {
  CLI::App* ab = app.add_subcommand("ab", "Compare two configurations in paired rounds: A/B with a 95% interval");
  binding.subcommand = ab;
  ab->add_option("--a", binding.a_flags, "Configuration A: run's options in one argument ('--busy-loop --huge-pages')")
      ->type_name("FLAGS");
  ab->add_option("--b", binding.b_flags, "Configuration B, the same way ('' for run's defaults: write/read)")
      ->type_name("FLAGS");
  ab->add_option("--b-command", binding.b_command,
                 "B is this command instead, run by /bin/sh each slice on A's CPUs; it prints its own GiB/s")
      ->type_name("COMMAND");
  AbCommand& c = binding.command;
  bind_rounds_options(*ab, c.budget_ns, c.slice_ns, c.precision, problems, "side");
  bind_format(*ab, c.format, problems, {OutputFormat::text, OutputFormat::json});
  ab->allow_extras();  // a configuration option outside --a and --b: finish_ab_command says where it belongs
  ab->footer(kAbFooter);
  return ab;
}

Result<AbCommand> finish_ab_command(const AbBinding& binding) {
  const CLI::App& ab = *binding.subcommand;
  if (!ab.remaining().empty()) {
    return std::unexpected(usage_error(
        "'" + CLI::detail::join(ab.remaining(), " ") + "' is not an option of ab",
        "each side's configuration goes inside --a '...' and --b '...': pipetop ab --a '--busy-loop' --b ''"));
  }
  const bool b_command = ab.count("--b-command") > 0;
  if (b_command && ab.count("--b") > 0) {
    return std::unexpected(usage_error("--b and --b-command both give B: give one",
                                       "--b 'FLAGS' for a configuration of pipetop's, --b-command 'COMMAND' for "
                                       "another program"));
  }
  if (b_command && binding.b_command.find_first_not_of(" \t\n") == std::string::npos) {
    return std::unexpected(usage_error("--b-command is empty: it needs a command to run for B",
                                       "--b-command 'COMMAND' (run by /bin/sh; it prints its GiB/s last)"));
  }
  for (const char* option : {"--a", "--b"}) {
    if (ab.count(option) == 0 && !(b_command && std::string(option) == "--b")) {
      return std::unexpected(usage_error(std::string("ab compares two configurations: ") + option + " is missing",
                                         "pipetop ab --a '--busy-loop' --b '' (empty FLAGS: run's defaults), or "
                                         "--b-command 'COMMAND' for another program as B"));
    }
  }
  AbCommand command = binding.command;
  Result<RunConfig> a = parse_side("--a", binding.a_flags);
  if (!a) return std::unexpected(a.error());
  command.a = std::move(*a);
  if (b_command) {
    command.b_command = binding.b_command;
  } else {
    Result<RunConfig> b = parse_side("--b", binding.b_flags);
    if (!b) return std::unexpected(b.error());
    command.b = std::move(*b);
  }
  if (Result<void> fits = check_round_fits(2, command.slice_ns, command.budget_ns); !fits) {
    return std::unexpected(fits.error());
  }
  return command;
}

int run_ab(const AbCommand& command, const SystemFiles& files, OutputStream& out) {
  const Result<std::array<WorkerPlan, 2>> plans = plan_sides(command, read_machine_facts(files));
  if (!plans) return print_error(plans.error());
  const WorkerPlan& a = (*plans)[0];
  const WorkerPlan& b = (*plans)[1];
  SessionTrialRunner runner(files, a.machine);
  ShellCommandRunner shell;
  CommandTrialRunner command_runner(shell, command.b_command.value_or(""), a.machine.allowed.cpus);
  MachineGaugeReader gauge(files);
  const RoundsPlan plan{2, {kAOverB}, command.budget_ns, command.precision};
  Result<PairedRounds> rounds = PairedRounds::start(plan, runner.now_ns());
  if (!rounds) return print_error(rounds.error());
  const AbSides sides{a.config, b.config, command.slice_ns, command.b_command};
  const bool text = command.format == OutputFormat::text;
  if (text) out.write(ab_intro_text(sides, plan));
  ProgressLine progress(text);  // JSON: the rounds on stderr while they run
  const std::array<RoundArm, 2> arms{RoundArm{&runner, a.config, false}, command.b_command
                                                                             ? RoundArm{&command_runner, b.config, true}
                                                                             : RoundArm{&runner, b.config, false}};
  run_rounds(*rounds, arms, command.slice_ns, &gauge, [&](const PairedRounds& r) {
    std::string line = ab_round_text(r);
    if (text) {
      out.write(line);
    } else {
      line.pop_back();  // ProgressLine ends the line itself
      progress.show("ab: " + line);
    }
  });
  progress.done();
  out.write(text ? ab_summary_text(*rounds) : ab_json(*rounds, sides) + "\n");
  return rounds->stopped() == StopReason::failed ? static_cast<int>(ExitCode::runtime) : 0;
}

}  // namespace pipetop
