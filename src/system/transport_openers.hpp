#pragma once
// How each transport of transports.hpp has its two ends opened: the one place the system layer names a
// transport (TransportEnds::open calls opener_of). Each opener returns {read_fd, write_fd}, both
// O_CLOEXEC, or a runtime error naming the call, leaving nothing behind.
//
// A new transport's opener: declared here and returned by opener_of's switch, which has no default, so
// -Wswitch names a kind of TransportKind without its opener; the static_assert below names a kind given
// an opener but no row in kTransports.

#include <utility>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/config/transports.hpp"

namespace pipetop {

using EndFds = std::pair<int, int>;  // {read_fd, write_fd}
using EndsOpener = Result<EndFds> (*)();

// pipe2(2) (pipe.cpp).
[[nodiscard]] Result<EndFds> open_pipe_ends();
// mkfifo(3) in a new mkdtemp(3) directory under $TMPDIR (or /tmp), opened at both ends (the reader's
// end first, non-blocking, so the writer's open does not wait), then unlinked with its directory
// (fifo_ends.cpp).
[[nodiscard]] Result<EndFds> open_fifo_ends();
// socketpair(AF_UNIX, SOCK_STREAM) (socket_ends.cpp).
[[nodiscard]] Result<EndFds> open_socketpair_ends();
// A listener on 127.0.0.1 port 0 (the kernel picks), connected to and accepted, then closed: the
// writer holds the connecting socket, the reader the accepted one. Nagle's algorithm stays on
// (socket_ends.cpp).
[[nodiscard]] Result<EndFds> open_tcp_ends();

// The opener of `kind`; nullptr for a value that is no kind.
constexpr EndsOpener opener_of(TransportKind kind) {
  switch (kind) {
    case TransportKind::pipe:
      return open_pipe_ends;
    case TransportKind::fifo:
      return open_fifo_ends;
    case TransportKind::socketpair:
      return open_socketpair_ends;
    case TransportKind::tcp:
      return open_tcp_ends;
  }
  return nullptr;
}

// The value one past the last row is no kind: every kind with an opener here has its row.
static_assert(opener_of(static_cast<TransportKind>(kTransports.size())) == nullptr,
              "a transport has an opener but no row in kTransports (core/config/transports.hpp)");

}  // namespace pipetop
