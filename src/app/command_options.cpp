#include "pipetop/app/command_options.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "pipetop/core/base/duration.hpp"
#include "pipetop/core/experiment/aa_spread.hpp"
#include "pipetop/core/experiment/comparison.hpp"
#include "pipetop/core/experiment/pair_scaling.hpp"
#include "pipetop/core/experiment/paired_rounds.hpp"
#include "pipetop/core/experiment/round_runner.hpp"
#include "pipetop/core/screen/theme_name.hpp"

namespace pipetop {
void bind_format(CLI::App& app, OutputFormat& format, ParseProblems& problems,
                 std::initializer_list<OutputFormat> allowed, const std::string& note) {
  std::vector<OutputFormat> formats(allowed);
  std::vector<std::string> names;
  for (const OutputFormat f : formats) names.emplace_back(to_string(f));
  std::string listed;
  for (std::size_t i = 0; i < names.size(); ++i) {
    listed += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  }
  const auto parse = [formats, listed, command = app.get_name()](std::string_view text) -> Result<OutputFormat> {
    Result<OutputFormat> parsed = parse_output_format(text);
    if (!parsed || std::find(formats.begin(), formats.end(), *parsed) != formats.end()) return parsed;
    return std::unexpected(usage_error(command + " writes " + listed + ", not " + std::string(text),
                                       "use --format " + std::string(to_string(formats.front()))));
  };
  add_parsed_option(app, "--format", choices_type(names), "Output (default " + names.front() + note + ")", parse,
                    format, problems)
      ->group(kOutputGroup);
}

void bind_json_alias(CLI::App& app, OutputFormat& format) {
  app.add_flag_callback(
         "--json", [&format] { format = OutputFormat::json; }, "The same as --format json")
      ->group(kOutputGroup);
}

void bind_export(CLI::App& app, std::string& prefix, Overwrite& overwrite, ParseProblems& problems,
                 const std::string& files) {
  app.add_option("--export", prefix, "Also write " + files)
      ->type_name("PREFIX")
      ->group(kOutputGroup)
      ->each([&problems](const std::string& given) {
        if (given.empty()) {
          problems.add(usage_error("--export needs a PREFIX, and it is empty",
                                   "--export results writes results.cmd, results.csv, results.json ..."));
        }
      });
  app.add_flag_callback(
         "--force", [&overwrite] { overwrite = Overwrite::replace; },
         "Let --export replace files that exist (a link is replaced, never followed)")
      ->group(kOutputGroup);
}

CLI::Option* bind_record(CLI::App& app, std::string& path, const std::string& what) {
  return app.add_option("--record", path, "Record " + what + " to FILE, for pipetop replay")->type_name("FILE");
}

CLI::Option* bind_pairs(CLI::App& app, int& pairs, ParseProblems& problems, const std::string& help) {
  return add_parsed_option(app, "--pairs", "N", help, parse_pairs, pairs, problems);
}

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

void bind_aa_budget(CLI::App& app, std::int64_t& budget_ns, ParseProblems& problems) {
  add_parsed_option(app, "--aa-budget", "DURATION",
                    "With --compare, the time for this machine's A/A spread now: the configuration against itself "
                    "in paired rounds of 200ms after the run (default 5s; 0: not measured)",
                    parse_aa_budget, budget_ns, problems)
      ->group("Comparison");
}

Result<void> check_compare(const CLI::App& app, const std::string& compare_path) {
  if (!compare_path.empty()) return {};
  const auto given = [&app](const char* name) {
    const CLI::Option* option = app.get_option_no_throw(name);
    return option != nullptr && option->count() > 0;
  };
  if (given("--threshold")) {
    return std::unexpected(usage_error("--threshold is the limit of a comparison, and there is no --compare",
                                       "pipetop " + app.get_name() + " --compare BASELINE --threshold 5%"));
  }
  if (given("--aa-budget")) {
    return std::unexpected(usage_error("--aa-budget is the time of a comparison's A/A, and there is no --compare",
                                       "pipetop " + app.get_name() + " --compare BASELINE --aa-budget 10s"));
  }
  return {};
}

void bind_rounds_options(CLI::App& app, std::int64_t& budget_ns, std::int64_t& slice_ns, double& precision,
                         ParseProblems& problems, const std::string& arm) {
  add_parsed_option(app, "--budget", "DURATION",
                    "The most time the rounds may take (default " + format_duration_arg(budget_ns) + ")",
                    parse_duration_ns, budget_ns, problems);
  std::string slice = "Each " + arm + "'s slice of a round, after its warm-up (default 100ms; 50ms at least)";
  add_parsed_option(app, "--round", "DURATION", slice, parse_slice, slice_ns, problems);
  add_parsed_option(app, "--precision", "PERCENT",
                    "Stop once the 95% interval is within this much of the ratio (default 2%)", parse_precision,
                    precision, problems);
}

Result<void> check_round_fits(std::size_t arms, std::int64_t slice_ns, std::int64_t budget_ns) {
  const std::int64_t round_ns = static_cast<std::int64_t>(arms) * slice_run_ns(slice_ns);
  if (round_ns <= budget_ns) return {};
  const std::int64_t interval_s =
      (static_cast<std::int64_t>(values_for_interval(kRoundsConfidence)) * round_ns + kNsPerS - 1) / kNsPerS;
  return std::unexpected(
      usage_error("a round (" + std::to_string(arms) + " slices of " + format_duration_arg(slice_ns) +
                      " and their warm-ups) does not fit in a budget of " + format_duration_arg(budget_ns),
                  "an interval needs " + std::to_string(values_for_interval(kRoundsConfidence)) + " rounds: --budget " +
                      std::to_string(interval_s) + "s holds them at this --round, or give a shorter --round"));
}

Result<double> parse_positive(std::string_view text) {
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || !std::isfinite(value) || value <= 0) {
    return std::unexpected(usage_error("'" + std::string(text) + "' is not a positive number"));
  }
  return value;
}

void bind_view_options(CLI::App& app, ViewOptions& view, ParseProblems& problems) {
  app.add_option("--refresh-hz", view.refresh_hz, "Dashboard redraws per second (1-60; default 10)")
      ->type_name("HZ")
      ->group(kDashboardGroup);
  app.add_flag("--ascii", view.ascii, "No braille or box drawing, whatever the locale")->group(kDashboardGroup);
  std::vector<std::string> themes;
  for (const ThemeName theme : all_themes()) themes.emplace_back(to_string(theme));
  add_parsed_option(app, "--theme", choices_type(themes), "Colours (default dark; T cycles; NO_COLOR wins)",
                    parse_theme, view.theme, problems)
      ->group(kDashboardGroup);
  add_parsed_option(
      app, "--y-max", "GIBPS", "Pin the chart's axis at this many GiB/s, so steps compare across a talk",
      [](std::string_view text) -> Result<std::optional<double>> { return parse_positive(text); }, view.y_max, problems)
      ->group(kDashboardGroup);
  app.add_option("--baseline", view.baseline_path,
                 "Measure against this recording or run --format json output (drawn dimmed; × against it)")
      ->type_name("FILE")
      ->group(kDashboardGroup);
}

Result<void> check_refresh(const CLI::App& command, double hz) {
  if (std::isfinite(hz) && hz >= 1 && hz <= 60) return {};
  const std::string typed = command.get_option("--refresh-hz")->as<std::string>();
  return std::unexpected(usage_error("--refresh-hz " + typed + " is not a rate from 1 to 60",
                                     "10 (the default) redraws smoothly at well under 2% of a CPU"));
}

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

std::vector<std::string> given_options(const CLI::App& app) {
  std::vector<std::string> given;
  for (const CLI::Option* option : app.get_options()) {
    if (option->count() > 0 && !option->get_lnames().empty()) given.push_back("--" + option->get_lnames().front());
  }
  return given;
}

}  // namespace pipetop
