#include "pipetop/core/experiment/command_arm.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/base/size.hpp"
#include "pipetop/core/machine/cpu_list.hpp"

namespace pipetop {
namespace {

bool blank(std::string_view line) {
  return line.find_first_not_of(" \t\r") == std::string_view::npos;
}

// The last line of `output` with something on it; empty when there is none.
std::string_view last_line(std::string_view output) {
  std::string_view last;
  for (std::size_t start = 0; start <= output.size();) {
    const std::size_t newline = output.find('\n', start);
    const std::size_t end = newline == std::string_view::npos ? output.size() : newline;
    if (const std::string_view line = output.substr(start, end - start); !blank(line)) last = line;
    start = end + 1;
  }
  return last;
}

// A worker's CPU as taskset -c takes it: its number, or every CPU pipetop may use when it is unpinned.
std::string cpu_text(const std::optional<int>& cpu, const std::vector<int>& allowed) {
  if (cpu && *cpu != kUnpinned) return std::to_string(*cpu);
  return format_cpu_list(allowed);
}

std::vector<int> command_cpus(const RunConfig& config, const std::vector<int>& allowed) {
  std::vector<int> cpus;
  for (const std::optional<int>& cpu : {config.writer_cpu, config.reader_cpu}) {
    if (!cpu || *cpu == kUnpinned) return allowed;  // an unpinned side may run anywhere pipetop may
    if (cpus.empty() || cpus.front() != *cpu) cpus.push_back(*cpu);
  }
  return cpus;
}

}  // namespace

Result<double> command_figure(std::string_view output) {
  const std::string_view line = last_line(output);
  if (line.empty()) return std::unexpected(runtime_error("the command printed nothing: it must print its GiB/s"));
  const std::size_t start = line.find_first_not_of(" \t");
  double value = 0;
  const auto [end, error] = std::from_chars(line.data() + start, line.data() + line.size(), value);
  if (error != std::errc{} || !std::isfinite(value) || value <= 0) {
    return std::unexpected(
        runtime_error("the command's last line '" + std::string(line) + "' does not start with its figure",
                      "it must end by printing its GiB/s first on a line ('12.5' or '12.5,...')"));
  }
  return value;
}

std::uint64_t command_slice_bytes(std::optional<double> gib_per_s, std::int64_t run_ns) {
  if (!gib_per_s || *gib_per_s <= 0) return kCommandFirstBytes;
  const double bytes = *gib_per_s * static_cast<double>(kGiB) * static_cast<double>(run_ns) / 1e9;
  return std::max(static_cast<std::uint64_t>(bytes), kCommandLeastBytes);
}

CommandRun CommandTrialRunner::command_run(const RunConfig& config, std::int64_t duration_ns) const {
  CommandRun run;
  run.command = command_;
  run.env = {{std::string(kWriterCpuVariable), cpu_text(config.writer_cpu, allowed_cpus_)},
             {std::string(kReaderCpuVariable), cpu_text(config.reader_cpu, allowed_cpus_)},
             {std::string(kBytesVariable), std::to_string(config.bytes_limit.value_or(kCommandFirstBytes))},
             {std::string(kSliceVariable), format_fixed(static_cast<double>(duration_ns) / 1e9, 3)}};
  run.cpus = command_cpus(config, allowed_cpus_);
  run.timeout_ns = kCommandOverrun * duration_ns + kCommandGraceNs;
  return run;
}

Trial CommandTrialRunner::run(const RunConfig& config, std::int64_t duration_ns) {
  Trial trial;
  trial.outcome.segment.set_config(config);
  const std::int64_t started_ns = runner_.now_ns();
  const Result<std::string> output = runner_.run(command_run(config, duration_ns));
  if (!output) {
    trial.error = output.error();
    return trial;
  }
  const Result<double> figure = command_figure(*output);
  if (!figure) {
    trial.error = figure.error();
    return trial;
  }
  trial.summary.throughput.gib_per_s = *figure;
  trial.summary.throughput.bytes = config.bytes_limit.value_or(kCommandFirstBytes);
  trial.summary.throughput.elapsed_s = static_cast<double>(runner_.now_ns() - started_ns) / 1e9;
  return trial;
}

}  // namespace pipetop
