#include "pipetop/system/pipe_peer.hpp"

#include <fcntl.h>

#include <charconv>
#include <optional>
#include <string_view>

namespace pipetop {
namespace {

std::optional<long> whole_number(std::string_view text, int base = 10) {
  long value = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value, base);
  if (text.empty() || ec != std::errc{} || ptr != text.data() + text.size()) return std::nullopt;
  return value;
}

// The access mode of fd `fd` of `pid` from its fdinfo "flags:" line (octal); nullopt when unreadable.
std::optional<long> access_mode(const SystemFiles& files, const std::string& pid, const std::string& fd) {
  const Result<std::string> info = files.read("/proc/" + pid + "/fdinfo/" + fd);
  if (!info) return std::nullopt;
  const std::size_t at = info->find("flags:");
  if (at == std::string::npos) return std::nullopt;
  const std::size_t start = info->find_first_not_of(" \t", at + 6);
  const std::size_t end = info->find('\n', start);
  const std::optional<long> flags = whole_number(std::string_view(*info).substr(start, end - start), 8);
  if (!flags) return std::nullopt;
  return *flags & O_ACCMODE;
}

std::string command_line(const SystemFiles& files, const std::string& pid) {
  Result<std::string> text = files.read("/proc/" + pid + "/cmdline");
  if (!text) return {};
  while (!text->empty() && text->back() == '\0') text->pop_back();
  for (char& c : *text) {
    if (c == '\0') c = ' ';
  }
  return *text;
}

}  // namespace

PipePeer find_pipe_peer(const SystemFiles& files, std::uint64_t inode, bool peer_writes, pid_t self) {
  const std::string link = "pipe:[" + std::to_string(inode) + "]";
  const std::string preferred_fd = peer_writes ? "1" : "0";
  std::string best;
  bool best_preferred = false;
  int hidden = 0;
  for (const std::string& name : files.list("/proc")) {
    const std::optional<long> pid = whole_number(name);
    if (!pid || *pid == self) continue;
    // Another user's cannot be listed; a kernel thread's lists nothing, and hides nothing.
    const Result<std::vector<std::string>> fds = files.entries("/proc/" + name + "/fd");
    if (!fds) {
      if (files.exists("/proc/" + name + "/fd")) ++hidden;  // not one that exited meanwhile
      continue;
    }
    for (const std::string& fd : *fds) {
      if (files.link("/proc/" + name + "/fd/" + fd) != link) continue;
      const std::optional<long> mode = access_mode(files, name, fd);
      const bool matches = mode && (*mode == O_RDWR || (*mode == O_WRONLY) == peer_writes);
      if (!matches) continue;
      const bool preferred = fd == preferred_fd;
      if (best.empty() || preferred > best_preferred || (preferred == best_preferred && *pid > std::stol(best))) {
        best = name;
        best_preferred = preferred;
      }
    }
  }
  PipePeer peer;
  if (!best.empty()) {
    peer.pid = static_cast<pid_t>(std::stol(best));
    peer.command_line = command_line(files, best);
    return peer;
  }
  const std::string end = peer_writes ? "writing" : "reading";
  peer.unknown_reason = hidden > 0 ? "cannot be found: no process of this user holds the pipe for " + end + "; " +
                                         std::to_string(hidden) +
                                         " processes of other users could not be examined (one may be it)"
                                   : "cannot be found: no process holds the pipe for " + end + " (it may have exited)";
  return peer;
}

}  // namespace pipetop
