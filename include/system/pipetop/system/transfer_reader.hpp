#pragma once
// The reader worker: read(2) into a buffer (optionally checking the --verify pattern), or splice(2)
// from the pipe into /dev/null.

#include "pipetop/system/worker_context.hpp"

namespace pipetop {

// Runs in the reader process; returns its exit code. Reads until end of file — the writer closing
// its end — so every byte written is counted (the parent's stop goes to the writer). Failures are
// published in the slot as failed with the call and errno.
[[nodiscard]] int run_reader(const WorkerContext& ctx);

}  // namespace pipetop
