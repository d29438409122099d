#include "pipetop/app/profile_options.hpp"

#include <charconv>
#include <string>

namespace pipetop {
namespace {

constexpr const char* kProfileGroup = "Profile";

Result<int> parse_profile_hz(std::string_view text) {
  int hz = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), hz);
  if (ec != std::errc{} || end != text.data() + text.size() || hz < 1 || hz > kMaxProfileHz) {
    return std::unexpected(usage_error(
        "'" + std::string(text) + "' is not a sampling rate from 1 to " + std::to_string(kMaxProfileHz) + " Hz",
        "1000 (the default) costs each worker about one interrupt per millisecond"));
  }
  return hz;
}

}  // namespace

void bind_profile_options(CLI::App& app, ProfileRequest& request, ParseProblems& problems) {
  if (request.enabled) {
    app.add_flag_callback(
           "--no-profile", [&request] { request.enabled = false; },
           "Do not profile the workers (the time shares and the pipe's fill still show)")
        ->group(kProfileGroup);
  } else {
    app.add_flag("--profile", request.enabled,
                 "Profile each worker (perf_event_open, cpu-clock or cycles): where its time goes, by category, "
                 "with its top stacks; with --export also PREFIX.writer.folded and PREFIX.reader.folded")
        ->group(kProfileGroup);
  }
  const bool implies = !request.enabled;
  add_parsed_option(
      app, "--profile-hz", "HZ",
      "Profile samples per second of each worker's CPU time (" + std::to_string(request.frequency_hz) + ")" +
          (implies ? "; implies --profile" : ""),
      [&request, implies](std::string_view text) {
        Result<int> hz = parse_profile_hz(text);
        if (hz && implies) request.enabled = true;
        return hz;
      },
      request.frequency_hz, problems)
      ->group(kProfileGroup);
}

std::optional<ProfilingPlan> plan_profiling(const ProfileRequest& request, const MachineFacts& machine,
                                            const SystemFiles& files) {
  if (!request.enabled) return std::nullopt;
  ProfilingPlan plan;
  plan.api = &kernel_perf_api();
  plan.environment = read_profile_environment(machine, files);
  plan.options.frequency_hz = request.frequency_hz;
  return plan;
}

}  // namespace pipetop
