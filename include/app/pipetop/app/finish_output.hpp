#pragma once
// How every command's stdout ends: what is still queued is written within a deadline, and whatever
// went wrong on the way is said on stderr — a failed write ("pipetop: writing the output failed: No
// space left on device [ENOSPC]"), a reader that did not read it all in time, sample lines dropped
// because it read too slowly.

#include "pipetop/app/signals.hpp"
#include "pipetop/core/base/duration.hpp"
#include "pipetop/system/output_stream.hpp"

namespace pipetop {

// How long the last of the output (a run's summary) may wait for its reader; after a signal
// interrupted the command (`code` 128+N), only a moment, so that it still ends promptly.
inline constexpr std::int64_t kOutputDeadlineNs = 10 * kNsPerS;
inline constexpr std::int64_t kInterruptedOutputDeadlineNs = kNsPerS;

// Flushes `out` within the deadline for `code`; unless a signal already ended the command (`code`
// 128+N), one arriving on `signals` (or pending: a failed run leaves it unread) shortens what is left
// of the wait to the interrupted deadline — the summary is still written when its reader takes it.
// Returns the exit code: `code` when all was written (128+N when `code` was 0 and signal N came);
// else, when `code` is 0, 1 for a failed or unfinished write and 128+N for signal N. Dropped sample
// lines are said on stderr and change nothing.
[[nodiscard]] int finish_output(OutputStream& out, int code, const SignalWatch& signals);

}  // namespace pipetop
