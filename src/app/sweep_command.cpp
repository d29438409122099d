#include "pipetop/app/sweep_command.hpp"

#include <cstdio>

#include "pipetop/app/command_options.hpp"
#include "pipetop/app/export_files.hpp"
#include "pipetop/app/made_by.hpp"
#include "pipetop/app/print_error.hpp"
#include "pipetop/app/progress_line.hpp"
#include "pipetop/app/session_trial_runner.hpp"
#include "pipetop/app/worker_plan.hpp"
#include "pipetop/core/config/config_change.hpp"
#include "pipetop/core/experiment/round_runner.hpp"
#include "pipetop/core/experiment/sweep_curve.hpp"
#include "pipetop/core/report/sweep_picture.hpp"
#include "pipetop/core/report/sweep_report.hpp"
#include "pipetop/system/machine_gauge_reader.hpp"
#include "pipetop/system/machine_reader.hpp"
#include "pipetop/system/memory_loop.hpp"

namespace pipetop {
namespace {

constexpr const char* kSweepFooter = R"(Examples:
  pipetop sweep buffer-size 4KiB..4MiB                 # 11 values, 2 min at most
  pipetop sweep pipe-size 64KiB..1MiB --busy-loop      # run's options set everything else
  pipetop sweep buffer-offset 0..4095 --writer vmsplice --reader splice
  pipetop sweep buffer-size 64KiB..1MiB --steps 8 --budget 5m --export curve   # also curve.svg, curve.json
  pipetop sweep buffer-size 64KiB..256KiB --format json > sweep.json

Sizes run the powers of two between FROM and TO, offsets 0, 16, 64, 512, 2048 and 4095 between them, and
both ends always (--steps N: N values spread evenly, on a log scale for sizes). The values race as paired
rounds: each round runs every value once for --round after a warm-up, on the same CPUs, forwards then
backwards, so all meet the same phase of the machine. Each value's ratio to the first is the median of the
rounds' ratios with its 95% interval; its GiB/s is the median of its slices with theirs. A slice whose
workers waited for their CPUs is dropped. It stops once every ratio's interval is within --precision, or
when another round would overrun --budget. The table marks where the L1d, L2 and last-level cache sizes
fall among the values.
)";

// Each value's configuration, checked and completed as `run` does it (plan_workers), all on the CPUs the
// first value's plan chose. An error names the value.
Result<std::vector<RunConfig>> plan_values(const SweepCommand& command, const MachineFacts& facts) {
  std::vector<RunConfig> configs;
  RunConfig base = command.base;
  for (const std::uint64_t value : command.values) {
    Result<WorkerPlan> plan = plan_workers(with_sweep_value(base, command.option, value), facts);
    if (!plan) {
      Error error = plan.error();
      error.message = "sweep " + std::string(sweep_option_row(command.option).name) + " at " +
                      sweep_value_text(command.option, value) + ": " + error.message;
      return std::unexpected(error);
    }
    base.writer_cpu = plan->config.writer_cpu;
    base.reader_cpu = plan->config.reader_cpu;
    configs.push_back(plan->config);
  }
  return configs;
}

// PREFIX.svg (the curve) and PREFIX.json (`json`). Returns 0, or 1 when a file could not be written.
int export_sweep(const SweepCommand& command, const SweepCurve& curve, const std::string& json, const SweepSetup& setup,
                 const MachineFacts& facts) {
  const std::string title = "sweep " + std::string(sweep_option_row(command.option).name) + " · reference " +
                            describe_config(setup.configs.front());
  SweepPicture picture = sweep_picture(curve, title, machine_summary(facts));
  picture.stamp.made = made_now();
  for (const auto& [suffix, text] : {std::pair{".svg", sweep_svg(picture)}, std::pair{".json", json}}) {
    if (Result<void> written = write_new_file(command.export_prefix + suffix, text, command.overwrite); !written) {
      return print_error(written.error());
    }
  }
  std::fprintf(stderr, "pipetop: exported %s.{svg,json}\n", command.export_prefix.c_str());
  return 0;
}

}  // namespace

CLI::App* bind_sweep_command(CLI::App& app, SweepBinding& binding, ParseProblems& problems) {
  CLI::App* sweep =
      app.add_subcommand("sweep", "One option over a range of values in paired rounds: a curve, intervals");
  binding.subcommand = sweep;
  std::vector<std::string> names;
  std::string summaries;
  for (const SweepOptionRow& row : kSweepOptions) {
    names.emplace_back(row.name);
    summaries += (summaries.empty() ? "" : "; ") + std::string(row.name) + ": " + std::string(row.summary);
  }
  sweep->add_option("option", binding.option, "What to vary: " + summaries)->type_name(choices_type(names));
  sweep->add_option("range", binding.range, "The values, FROM..TO: 4KiB..4MiB for sizes, 0..4095 for offsets")
      ->type_name("FROM..TO");
  SweepCommand& c = binding.command;
  bind_config_options(*sweep, c.base, problems, {.timing = false});
  add_parsed_option(*sweep, "--steps", "N",
                    "Run N values spread evenly over the range (2 to " + std::to_string(kMaxSweepValues) +
                        "; log scale for sizes) instead of the powers of two or the offsets",
                    parse_sweep_steps, binding.steps, problems);
  bind_rounds_options(*sweep, c.budget_ns, c.slice_ns, c.precision, problems, "value");
  bind_format(*sweep, c.format, problems, {OutputFormat::text, OutputFormat::json});
  bind_export(*sweep, c.export_prefix, c.overwrite, problems,
              "PREFIX.svg (the curve, its intervals and the caches) and PREFIX.json (as --format json)");
  sweep->footer(kSweepFooter);
  return sweep;
}

Result<SweepCommand> finish_sweep_command(const SweepBinding& binding) {
  if (binding.option.empty() || binding.range.empty()) {
    return std::unexpected(usage_error("sweep needs what to vary and the values: OPTION FROM..TO",
                                       "pipetop sweep buffer-size 4KiB..4MiB (or pipe-size, buffer-offset)"));
  }
  SweepCommand command = binding.command;
  Result<SweepOption> option = parse_sweep_option(binding.option);
  if (!option) return std::unexpected(option.error());
  command.option = *option;
  const std::string flag = "--" + std::string(sweep_option_row(*option).name);
  if (binding.subcommand->count(flag) > 0) {
    return std::unexpected(usage_error(flag + " is what this sweep varies: its values come from " + binding.range,
                                       "drop " + flag + ", or sweep another option"));
  }
  Result<SweepRange> range = parse_sweep_range(*option, binding.range);
  if (!range) return std::unexpected(range.error());
  Result<std::vector<std::uint64_t>> values = sweep_values(*option, *range, binding.steps);
  if (!values) return std::unexpected(values.error());
  command.values = std::move(*values);
  if (Result<void> fits = check_round_fits(command.values.size(), command.slice_ns, command.budget_ns); !fits) {
    return std::unexpected(fits.error());
  }
  return command;
}

namespace {

// The ceiling the curve is drawn against: one CPU's memcpy of the largest buffer the sweep runs (the
// last value's), on the writer's CPU, measured before the first round; none when it cannot be measured.
std::optional<SweepCeiling> sweep_ceiling(const std::vector<RunConfig>& configs) {
  if (configs.empty()) return std::nullopt;
  const Result<Ceiling> ceiling = measure_ceiling(configs.back());
  if (!ceiling || ceiling->memcpy_gib_per_s <= 0) return std::nullopt;
  return SweepCeiling{"memcpy " + format_size(ceiling->buffer_bytes), ceiling->memcpy_gib_per_s};
}

}  // namespace

int run_sweep(const SweepCommand& command, const SystemFiles& files, OutputStream& out) {
  if (Result<void> can = check_export_files(command.export_prefix, command.overwrite, {".svg", ".json"}); !can) {
    return print_error(can.error());
  }
  const MachineFacts facts = read_machine_facts(files);
  Result<std::vector<RunConfig>> configs = plan_values(command, facts);
  if (!configs) return print_error(configs.error());
  const SweepSetup setup{command.option, command.values, std::move(*configs), command.slice_ns};
  std::optional<SweepCeiling> ceiling = sweep_ceiling(setup.configs);
  SessionTrialRunner runner(files, facts);
  MachineGaugeReader gauge(files);
  const RoundsPlan plan{setup.values.size(), sweep_contrasts(setup.values.size()), command.budget_ns,
                        command.precision};
  Result<PairedRounds> rounds = PairedRounds::start(plan, runner.now_ns());
  if (!rounds) return print_error(rounds.error());
  const bool text = command.format == OutputFormat::text;
  if (text) out.write(sweep_intro_text(setup, plan));
  ProgressLine progress(false);
  run_rounds(*rounds, runner, setup.configs, command.slice_ns, &gauge,
             [&progress](const PairedRounds& r) { progress.show("sweep: " + sweep_round_text(r)); });
  progress.done();
  const SweepCurve curve = sweep_curve(*rounds, command.option, setup.values, facts.caches, std::move(ceiling));
  const std::string json = sweep_json(*rounds, curve, setup) + "\n";
  out.write(text ? sweep_summary_text(*rounds, curve) : json);
  int code = 0;
  for (const SweepPoint& point : curve.points) {
    if (point.failure) code = static_cast<int>(ExitCode::runtime);
  }
  if (!command.export_prefix.empty() && export_sweep(command, curve, json, setup, facts) != 0) {
    code = static_cast<int>(ExitCode::runtime);
  }
  return code;
}

}  // namespace pipetop
