#include "pipetop/core/run_summary.hpp"

#include <vector>

namespace pipetop {
namespace {

WorkerTotals totals(const std::vector<Sample>& samples) {
  if (samples.empty()) return {};
  const Sample& last = samples.back();
  return {last.bytes, last.syscalls, last.eagain};
}

}  // namespace

std::string_view to_string(WorkerRole role) { return role == WorkerRole::writer ? "writer" : "reader"; }

std::string_view to_string(EndReason reason) {
  switch (reason) {
    case EndReason::duration: return "duration reached";
    case EndReason::bytes: return "byte count reached";
    case EndReason::interrupted: return "interrupted";
    case EndReason::worker_failed: return "worker failed";
  }
  return "unknown";
}

RunSummary summarize(const RunOutcome& outcome) {
  return {summarize_throughput(outcome.reader), totals(outcome.writer), totals(outcome.reader)};
}

}  // namespace pipetop
