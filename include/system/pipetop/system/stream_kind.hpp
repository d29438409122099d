#pragma once
// What a standard stream is (a pipe, a terminal, a file...) and which pipe, from fstat(2): the forms
// that read stdin or write stdout check it before anything starts.

#include <cstdint>
#include <optional>

#include "pipetop/core/config/pipe_ends.hpp"

namespace pipetop {

// Never fails: a descriptor that is not open is FdKind::closed.
[[nodiscard]] FdKind stream_kind(int fd);

// Whether splice(2) can write to `fd`: a pipe, or a regular file not opened for appending (`>>`:
// splice refuses O_APPEND with EINVAL). Never fails: false for anything else or a closed fd.
[[nodiscard]] bool splice_takes(int fd);

// The inode of the pipe `fd` is an end of (as /proc/PID/fd links name it: "pipe:[INODE]"); nullopt when
// `fd` is not a pipe.
[[nodiscard]] std::optional<std::uint64_t> pipe_inode(int fd);

}  // namespace pipetop
