#pragma once
// Naming the program at the other end of pipetop's stdin or stdout: the processes that hold the same
// pipe (the inode /proc/PID/fd links name as "pipe:[INODE]") open for the other direction
// (/proc/PID/fdinfo flags), read through SystemFiles so fixture trees script every case.

#include <sys/types.h>

#include <cstdint>
#include <string>

#include "pipetop/system/system_files.hpp"

namespace pipetop {

struct PipePeer {
  pid_t pid = 0;               // 0: not found
  std::string command_line;    // /proc/PID/cmdline, arguments joined by spaces
  std::string unknown_reason;  // when not found: why, in words
};

// The process other than `self` holding pipe `inode` open for writing (`peer_writes`) or reading.
// Where several do (a shell and its child), the one holding it as its stdout (writer) or stdin
// (reader) is preferred, then the newest. Never fails: not found says whether processes of other
// users (whose /proc/PID/fd cannot be read) could be the one.
[[nodiscard]] PipePeer find_pipe_peer(const SystemFiles& files, std::uint64_t inode, bool peer_writes, pid_t self);

}  // namespace pipetop
