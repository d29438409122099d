#pragma once
// What goes with --pairs N (run and the dashboard): N of pipetop's own writer/reader pairs, each placed
// by topology. Options that pin one pair, put the user's program at an end, or keep what holds one
// pair (a recording, a baseline, an export, a profile) do not; --writer-cpu -1 --reader-cpu -1 does:
// every pair unpinned.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/config/run_config.hpp"

namespace pipetop {

// Why `option` ("--export") does not go with --pairs, and what `command` ("pipetop run") takes instead;
// nullopt when it does.
[[nodiscard]] std::optional<Error> pairs_refusal(std::string_view option, std::string_view command);

// `given`: the options named on the command line ("--writer-cpu", "--stdin", ...; "--" for a command to
// measure); `config`: the configuration they made; `command`: "pipetop run" or "pipetop". A usage
// error naming the first option that does not go with --pairs, and what to do instead.
[[nodiscard]] Result<void> check_pairs_options(const std::vector<std::string>& given, const RunConfig& config,
                                               std::string_view command);

}  // namespace pipetop
