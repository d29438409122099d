#include "pipetop/core/figures/interference.hpp"

#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/figures/process_times.hpp"

namespace pipetop {
namespace {

bool above(const std::optional<double>& wait) {
  return wait && *wait > kDisturbedWaitFraction;
}

std::string who(const char* role, const std::optional<int>& cpu) {
  return cpu && *cpu != kUnpinned ? std::string(role) + " (CPU " + std::to_string(*cpu) + ")" : std::string(role);
}

}  // namespace

bool disturbed(const CpuWaits& waits) {
  return above(waits[0]) || above(waits[1]);
}

std::optional<std::string> interference_words(const CpuWaits& waits, const RunConfig& config) {
  const bool writer = above(waits[0]);
  const bool reader = above(waits[1]);
  if (!writer && !reader) return std::nullopt;
  std::string text;
  if (writer && reader) {
    text = "the " + who("writer", config.writer_cpu) + " and the " + who("reader", config.reader_cpu) +
           " waited for their CPUs " + format_whole_percent(*waits[0]) + " and " + format_whole_percent(*waits[1]) +
           " of the time";
  } else {
    text = "the " + (writer ? who("writer", config.writer_cpu) : who("reader", config.reader_cpu)) +
           " waited for its CPU " + format_whole_percent(writer ? *waits[0] : *waits[1]) + " of the time";
  }
  return text + ": another program is competing; these figures are below what this machine can do";
}

}  // namespace pipetop
