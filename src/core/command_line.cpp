#include "pipetop/core/command_line.hpp"

namespace pipetop {

std::string run_command_line(const RunConfig& config) {
  const RunConfig defaults;
  std::string line = "pipetop run";
  auto add = [&line](const std::string& option) { line += " " + option; };
  if (config.writer != defaults.writer) add("--writer " + std::string(to_string(config.writer)));
  if (config.reader != defaults.reader) add("--reader " + std::string(to_string(config.reader)));
  const std::pair<bool, const char*> flags[] = {
      {config.huge_pages, "--huge-pages"},   {config.busy_loop, "--busy-loop"},
      {config.poll, "--poll"},               {config.gift, "--gift"},
      {config.lock_memory, "--lock-memory"}, {config.no_touch, "--no-touch"},
      {config.same_buffer, "--same-buffer"}, {config.verify, "--verify"}};
  for (const auto& [on, option] : flags) {
    if (on) add(option);
  }
  if (config.buffer_bytes != defaults.buffer_bytes) add("--buffer-size " + format_size_arg(config.buffer_bytes));
  if (config.pipe_bytes) add("--pipe-size " + format_size_arg(*config.pipe_bytes));
  if (config.writer_cpu) add("--writer-cpu " + std::to_string(*config.writer_cpu));
  if (config.reader_cpu) add("--reader-cpu " + std::to_string(*config.reader_cpu));
  if (config.interval_ns != defaults.interval_ns) add("--interval " + format_duration_arg(config.interval_ns));
  if (config.duration_ns != defaults.duration_ns) add("--duration " + format_duration_arg(config.duration_ns));
  if (config.bytes_limit) add("--bytes " + format_size_arg(*config.bytes_limit));
  for (const std::string& event : config.events) add("--event " + event);
  if (config.user_only) add("--user-only");
  if (config.no_counters) add("--no-counters");
  return line;
}

}  // namespace pipetop
