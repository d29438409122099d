#pragma once
// The writer worker: allocates its buffers as the seed benchmark does (writer_layout), then moves them
// into the pipe with write(2) or vmsplice(2). With vmsplice the pipe holds references to the writer's
// pages, so it alternates two chunks with the pipe sized to half a buffer: a completed vmsplice of one
// chunk proves the previous one has been consumed and may be rewritten (the article's double
// buffering).

#include "pipetop/system/worker_context.hpp"

namespace pipetop {

// Runs in the writer process; returns its exit code. Stops when the parent sets stop, when
// --bytes have been written, or when the reader is gone (EPIPE: a clean end). Any other failure is
// published in the slot as failed with the call and errno.
[[nodiscard]] int run_writer(const WorkerContext& ctx);

}  // namespace pipetop
