#pragma once
// A pipe's size (the pipe itself: TransportEnds of TransportKind::pipe, opened in pipe.cpp).

#include <cstdint>

#include "pipetop/core/base/error.hpp"

namespace pipetop {

// F_SETPIPE_SZ on `fd` (either end of any pipe, stdin included), then F_GETPIPE_SZ: returns the size the
// kernel actually gave. EPERM (above pipe-max-size without CAP_SYS_RESOURCE) is an environment error
// showing the limit; others are runtime errors naming the call.
[[nodiscard]] Result<std::uint64_t> set_pipe_size(int fd, std::uint64_t bytes, std::uint64_t pipe_max_bytes);
// F_GETPIPE_SZ of `fd`; a runtime error naming the call when it fails (not a pipe).
[[nodiscard]] Result<std::uint64_t> pipe_size(int fd);

}  // namespace pipetop
