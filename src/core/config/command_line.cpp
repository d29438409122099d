#include "pipetop/core/config/command_line.hpp"

#include "pipetop/core/config/flag_options.hpp"
#include "pipetop/core/config/page_kinds.hpp"
#include "pipetop/core/config/prefaults.hpp"
#include "pipetop/core/config/strategies.hpp"
#include "pipetop/core/config/transports.hpp"

namespace pipetop {

std::string shell_word(const std::string& arg) {
  const bool plain = !arg.empty() && arg.find_first_not_of(
                                         "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                         "0123456789-_./=:,+@%") == std::string::npos;
  if (plain) return arg;
  std::string quoted = "'";
  for (const char c : arg) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string run_command_line(const RunConfig& config, const OtherEnd* end) {
  const RunConfig defaults;
  const bool reads = end != nullptr && end->role == WorkerRole::writer;  // the user's program writes
  std::string line = "pipetop run";
  auto add = [&line](const std::string& option) { line += " " + option; };
  if (end != nullptr && !reads) add("--stdout");
  if (end != nullptr && reads && end->command.empty()) add("--stdin");  // -- COMMAND comes last
  if (end != nullptr && end->pass) add("--pass");
  if (config.writer != defaults.writer) add("--writer " + std::string(to_string(config.writer)));
  const ReaderKind reader_default = reads ? ReaderKind::splice : defaults.reader;
  if (config.reader != reader_default) add("--reader " + std::string(to_string(config.reader)));
  if (config.transport != defaults.transport) add("--transport " + std::string(to_string(config.transport)));
  for (const FlagOption& flag : kFlagOptions) {
    if (flag.kind == FlagKind::transfer && config.*flag.member) add("--" + std::string(flag.name));
  }
  if (config.pages != defaults.pages) add("--pages " + std::string(to_string(config.pages)));
  if (config.prefault != defaults.prefault) add("--prefault " + std::string(to_string(config.prefault)));
  if (config.buffer_bytes != defaults.buffer_bytes) add("--buffer-size " + format_size_arg(config.buffer_bytes));
  if (config.buffer_offset) add("--buffer-offset " + std::to_string(*config.buffer_offset));
  if (config.pipe_bytes) add("--pipe-size " + format_size_arg(*config.pipe_bytes));
  // With the user's program at one end, only pipetop's own worker's CPU is pipetop's to set.
  const bool pipetop_writes = end == nullptr || !reads;
  const bool pipetop_reads = end == nullptr || reads;
  if (config.writer_cpu && pipetop_writes) add("--writer-cpu " + std::to_string(*config.writer_cpu));
  if (config.reader_cpu && pipetop_reads) add("--reader-cpu " + std::to_string(*config.reader_cpu));
  if (config.interval_ns != defaults.interval_ns) add("--interval " + format_duration_arg(config.interval_ns));
  const bool duration_given = end != nullptr ? !end->until_end : config.duration_ns != defaults.duration_ns;
  if (duration_given) add("--duration " + format_duration_arg(config.duration_ns));
  if (config.bytes_limit) add("--bytes " + format_size_arg(*config.bytes_limit));
  for (const std::string& event : config.events) add("--event " + event);
  for (const FlagOption& flag : kFlagOptions) {
    if (flag.kind == FlagKind::counting && config.*flag.member) add("--" + std::string(flag.name));
  }
  if (end == nullptr) return line;
  const std::string other = end->command_line.empty() ? (reads ? "PRODUCER" : "CONSUMER") : end->command_line;
  if (!end->command.empty()) {
    add("--");
    for (const std::string& arg : end->command) add(shell_word(arg));
  } else if (reads) {
    line = other + " | " + line;
  } else {
    line += " | " + other;
  }
  if (end->pass) line += " | CONSUMER";
  return line;
}

}  // namespace pipetop
