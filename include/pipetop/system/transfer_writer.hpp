#pragma once
// The writer worker: allocates two halves, then moves them into the pipe with write(2) or vmsplice(2)
// (the article's double buffering: with the pipe holding exactly one half, a completed vmsplice of
// one half proves the other half has been consumed and may be rewritten).

#include "pipetop/system/worker_context.hpp"

namespace pipetop {

// Runs in the writer process; returns its exit code. Stops when the parent sets stop, when
// --bytes have been written, or when the reader is gone (EPIPE: a clean end). Any other failure is
// published in the slot as failed with the call and errno.
[[nodiscard]] int run_writer(const WorkerContext& ctx);

}  // namespace pipetop
