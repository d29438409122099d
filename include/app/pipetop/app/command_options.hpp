#pragma once
// The options that more than one subcommand takes, each bound by one function that every subcommand
// taking it calls (--format, --export with --force, --record, --pairs, --compare with --threshold, the
// dashboard's look, the user's program at one end), and the checks CLI11 cannot make on them. The
// configuration's own options are config_options.hpp's.

#include <CLI/CLI.hpp>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "pipetop/app/config_options.hpp"
#include "pipetop/app/dashboard_loop.hpp"
#include "pipetop/core/base/error.hpp"
#include "pipetop/core/config/pipe_ends.hpp"
#include "pipetop/core/report/report.hpp"
#include "pipetop/system/new_file.hpp"

namespace pipetop {

inline constexpr const char* kOutputGroup = "Output";
inline constexpr const char* kDashboardGroup = "Dashboard";
inline constexpr const char* kEndsGroup =
    "Your program at the other end (-- COMMAND ARGS: start it and read its stdout)";

// --format for `app`, which writes the `allowed` formats (the first is the default): their names are
// its value's type in --help (so the completions offer them), and another name, or a format not
// allowed, is a usage error in `problems` naming the command.
void bind_format(CLI::App& app, OutputFormat& format, ParseProblems& problems,
                 std::initializer_list<OutputFormat> allowed, const std::string& note = "");

// --json, the same as --format json.
void bind_json_alias(CLI::App& app, OutputFormat& format);

// --export PREFIX ("Also write " + `files`) and --force, which lets it replace files. An empty prefix
// is a usage error in `problems`: it would read as no --export, and nothing would be exported without
// a word.
void bind_export(CLI::App& app, std::string& prefix, Overwrite& overwrite, ParseProblems& problems,
                 const std::string& files);

// --record FILE: "Record " + `what` + " to FILE, for pipetop replay". Returns the option (for its group).
CLI::Option* bind_record(CLI::App& app, std::string& path, const std::string& what);

// --pairs N (1 to kMaxPairs, else a usage error in `problems`), `help` saying what the command does
// with them. Returns the option (for its group).
CLI::Option* bind_pairs(CLI::App& app, int& pairs, ParseProblems& problems, const std::string& help);

// --compare BASELINE and --threshold PERCENT for a command whose baseline is `what`.
void bind_compare(CLI::App& app, std::string& path, double& threshold, ParseProblems& problems,
                  const std::string& what);

// --aa-budget DURATION (run --compare): the time of the A/A that measures this machine's spread now; 0
// skips it (parse_aa_budget).
void bind_aa_budget(CLI::App& app, std::int64_t& budget_ns, ParseProblems& problems);

// --threshold and --aa-budget mean nothing without --compare: a usage error rather than a silent no-op.
[[nodiscard]] Result<void> check_compare(const CLI::App& app, const std::string& compare_path);

// How the dashboard looks (--refresh-hz, --ascii, --theme, --y-max, --baseline), for every command
// that shows it.
void bind_view_options(CLI::App& app, ViewOptions& view, ParseProblems& problems);

// --refresh-hz of `command` from 1 to 60 (echoed as typed: std::to_string would show 0.000000 for 0).
[[nodiscard]] Result<void> check_refresh(const CLI::App& command, double hz);

// The user's program at one end: --stdin, --stdout, --pass (-- COMMAND is read before parsing).
void bind_ends_options(CLI::App& app, EndsRequest& ends);

// Every option of `app` given on the command line, as "--name" (the ends' rules read them).
[[nodiscard]] std::vector<std::string> given_options(const CLI::App& app);

// --budget, --round and --precision of a command that races `arm`s ("side", "value") in paired rounds
// (paired_rounds.hpp); the help gives `budget_ns`'s value at binding as the default.
void bind_rounds_options(CLI::App& app, std::int64_t& budget_ns, std::int64_t& slice_ns, double& precision,
                         ParseProblems& problems, const std::string& arm);

// A round of `arms` slices of `slice_ns` (and their warm-ups) must fit in `budget_ns`; otherwise a
// usage error saying so, with the budget that holds the 6 rounds an interval needs.
[[nodiscard]] Result<void> check_round_fits(std::size_t arms, std::int64_t slice_ns, std::int64_t budget_ns);

// A positive, finite number ("80", "2.5"); a usage error names the text.
[[nodiscard]] Result<double> parse_positive(std::string_view text);

}  // namespace pipetop
