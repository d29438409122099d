#include "pipetop/core/figures/run_outcome.hpp"

#include <algorithm>

namespace pipetop {

std::string_view to_string(EndReason reason) {
  switch (reason) {
    case EndReason::duration:
      return "duration reached";
    case EndReason::bytes:
      return "byte count reached";
    case EndReason::interrupted:
      return "interrupted";
    case EndReason::worker_failed:
      return "worker failed";
    case EndReason::other_end:
      return "the other program closed its end";
    case EndReason::running:
      return "still running (the summary so far)";
  }
  return "unknown";
}

std::optional<double> huge_pages_checked_s(const RunOutcome& outcome) {
  const HugePageResult& huge = outcome.segment.huge_pages();
  if (huge.checked_ns == 0 || outcome.started_ns == 0) return std::nullopt;
  // The workers check before they start: that check is at 0 s.
  return std::max(0.0, static_cast<double>(huge.checked_ns - outcome.started_ns) / 1e9);
}

}  // namespace pipetop
