#pragma once
// Keeping stdin, stdout and stderr taken, when pipetop was started with one of them closed
// (`pipetop >&-`): the next open(), pipe() or signalfd() would otherwise land on it, and what is
// written to stdout would go into a worker's pipe, or an error message into a file.

namespace pipetop {

// Opens /dev/null on each of fds 0, 1 and 2 that is closed, in the direction that fails as the
// closed fd did (read-only on 1 and 2, write-only on 0): writes to a closed stdout still fail with
// EBADF, and stdin is still no terminal. Does nothing for fds that are open; never fails (if /dev/null
// cannot be opened, the fd stays closed).
void reserve_standard_streams() noexcept;

}  // namespace pipetop
