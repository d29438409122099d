#pragma once
// What a standard stream is (a pipe, a terminal, a file...) and which pipe, from fstat(2): the forms
// that read stdin or write stdout check it before anything starts.

#include <cstdint>
#include <optional>

#include "pipetop/core/pipe_ends.hpp"

namespace pipetop {

// Never fails: a descriptor that is not open is FdKind::closed.
[[nodiscard]] FdKind stream_kind(int fd);

// The inode of the pipe `fd` is an end of (as /proc/PID/fd links name it: "pipe:[INODE]"); nullopt when
// `fd` is not a pipe.
[[nodiscard]] std::optional<std::uint64_t> pipe_inode(int fd);

}  // namespace pipetop
