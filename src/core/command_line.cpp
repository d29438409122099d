#include "pipetop/core/command_line.hpp"

#include "pipetop/core/flag_options.hpp"
#include "pipetop/core/strategies.hpp"

namespace pipetop {

std::string run_command_line(const RunConfig& config) {
  const RunConfig defaults;
  std::string line = "pipetop run";
  auto add = [&line](const std::string& option) { line += " " + option; };
  if (config.writer != defaults.writer) add("--writer " + std::string(to_string(config.writer)));
  if (config.reader != defaults.reader) add("--reader " + std::string(to_string(config.reader)));
  for (const FlagOption& flag : kFlagOptions) {
    if (flag.kind == FlagKind::transfer && config.*flag.member) add("--" + std::string(flag.name));
  }
  if (config.buffer_bytes != defaults.buffer_bytes) add("--buffer-size " + format_size_arg(config.buffer_bytes));
  if (config.pipe_bytes) add("--pipe-size " + format_size_arg(*config.pipe_bytes));
  if (config.writer_cpu) add("--writer-cpu " + std::to_string(*config.writer_cpu));
  if (config.reader_cpu) add("--reader-cpu " + std::to_string(*config.reader_cpu));
  if (config.interval_ns != defaults.interval_ns) add("--interval " + format_duration_arg(config.interval_ns));
  if (config.duration_ns != defaults.duration_ns) add("--duration " + format_duration_arg(config.duration_ns));
  if (config.bytes_limit) add("--bytes " + format_size_arg(*config.bytes_limit));
  for (const std::string& event : config.events) add("--event " + event);
  for (const FlagOption& flag : kFlagOptions) {
    if (flag.kind == FlagKind::counting && config.*flag.member) add("--" + std::string(flag.name));
  }
  return line;
}

}  // namespace pipetop
