#pragma once
// The command-line options that make a RunConfig, bound once for every command that takes them: the
// flags from flag_options.hpp, the strategies, sizes, pinning and counting. CLI11 binds them; every
// value goes through pipetop's own parsers (sizes, durations, strategies), and the first bad value is
// kept as an Error in pipetop's words (with its hint) for the caller to report.

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/config/run_config.hpp"

namespace pipetop {

// The first value that did not parse, for the caller to report after CLI11 is done.
struct ParseProblems {
  std::optional<Error> first;
  void add(Error error) {
    if (!first) first = std::move(error);
  }
};

// Which groups of options a command takes: check and tune choose the strategies themselves.
struct ConfigOptionScope {
  bool strategies = true;  // --writer, --reader and the transfer flags
  bool buffer = true;      // --buffer-size
  bool pipe = true;        // --pipe-size
  bool timing = true;      // --duration, --bytes
};

// A size option that may be left out ("--bytes 10G"): parse_size's value and errors.
[[nodiscard]] Result<std::optional<std::uint64_t>> parse_optional_size(std::string_view text);
// "a|b|c": choices as an option's value type in --help, which the completions offer.
[[nodiscard]] std::string choices_type(const std::vector<std::string>& names);

// Binds the options of `scope` on `app`, writing into `config` (which holds the defaults).
void bind_config_options(CLI::App& app, RunConfig& config, ParseProblems& problems, const ConfigOptionScope& scope);

// Binds an option whose text goes through `parse` (a pipetop parser returning Result<T>) and hands the
// value to `apply`; a failure is added to `problems` prefixed with the option's name.
template <class Parse, class Apply>
CLI::Option* add_applied_option(CLI::App& app, const std::string& name, const std::string& type_name,
                                const std::string& help, Parse parse, Apply apply, ParseProblems& problems) {
  return app
      .add_option_function<std::string>(
          name,
          [name, parse, apply, &problems](const std::string& text) {
            auto parsed = parse(text);
            if (parsed) {
              apply(std::move(*parsed));
              return;
            }
            Error error = parsed.error();
            error.message = name.substr(name.rfind(',') + 1) + ": " + error.message;
            problems.add(std::move(error));
          },
          help)
      ->type_name(type_name);
}

// add_applied_option storing the value in `target`.
template <class T, class Parse>
CLI::Option* add_parsed_option(CLI::App& app, const std::string& name, const std::string& type_name,
                               const std::string& help, Parse parse, T& target, ParseProblems& problems) {
  return add_applied_option(
      app, name, type_name, help, parse, [&target](T value) { target = std::move(value); }, problems);
}

}  // namespace pipetop
