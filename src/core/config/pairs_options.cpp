#include "pipetop/core/config/pairs_options.hpp"

#include <array>

#include "pipetop/core/config/given_options.hpp"

namespace pipetop {
namespace {

struct Refused {
  std::string_view option;
  std::string_view why;   // after "--pairs runs N pairs at once: "
  std::string_view hint;  // after the command
};

constexpr std::array<Refused, 10> kRefused{{
    {"--stdin", "it measures pipetop's own writers and readers, not your program at stdin",
     " --pairs N, or --stdin alone"},
    {"--stdout", "it measures pipetop's own writers and readers, not your program at stdout",
     " --pairs N, or --stdout alone"},
    {"--pass", "it moves pipetop's own bytes, there is nothing to pass on", " --pairs N, or --stdin --pass alone"},
    {"--", "it measures pipetop's own writers and readers, not a command", " --pairs N, or -- COMMAND alone"},
    {"--record", "a recording holds one pair", " --record FILE without --pairs"},
    {"--baseline", "a baseline is measured against one pair", " --baseline FILE without --pairs"},
    {"--compare", "a baseline is compared with one pair's run", " --pairs N --format json, to compare by hand"},
    {"--export", "the exported commands and row are one pair's", " --export PREFIX without --pairs"},
    {"--profile", "a profile follows one pair's two workers", " --profile without --pairs"},
    {"--profile-hz", "a profile follows one pair's two workers", " --profile without --pairs"},
}};

}  // namespace

std::optional<Error> pairs_refusal(std::string_view option, std::string_view command) {
  for (const Refused& r : kRefused) {
    if (r.option != option) continue;
    return usage_error(std::string(r.option) + " does not go with --pairs: " + std::string(r.why),
                       std::string(command) + std::string(r.hint));
  }
  return std::nullopt;
}

Result<void> check_pairs_options(const std::vector<std::string>& given, const RunConfig& config,
                                 std::string_view command) {
  for (const Refused& r : kRefused) {
    if (option_given(given, r.option)) return std::unexpected(*pairs_refusal(r.option, command));
  }
  const bool unpinned = config.writer_cpu == kUnpinned && config.reader_cpu == kUnpinned;
  for (const std::string_view option : {"--writer-cpu", "--reader-cpu"}) {
    if (!option_given(given, option) || unpinned) continue;
    return std::unexpected(
        usage_error(std::string(option) + " pins one pair, and --pairs places every pair by topology",
                    std::string(command) + " --pairs N places them; add --writer-cpu -1 --reader-cpu -1 to leave "
                                           "them all to the scheduler"));
  }
  return {};
}

}  // namespace pipetop
