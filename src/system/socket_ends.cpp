#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <string>

#include "transport_openers.hpp"

namespace pipetop {
namespace {

// An fd closed on every path out unless released.
struct OwnedFd {
  int fd = -1;
  ~OwnedFd() {
    if (fd >= 0) close(fd);
  }
  int release() {
    const int out = fd;
    fd = -1;
    return out;
  }
};

Error failed(const std::string& call) {
  return runtime_error(call + ": " + errno_text(errno));
}

}  // namespace

Result<EndFds> open_socketpair_ends() {
  int fds[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
    return std::unexpected(failed("socketpair(AF_UNIX, SOCK_STREAM)"));
  }
  return EndFds{fds[0], fds[1]};
}

Result<EndFds> open_tcp_ends() {
  OwnedFd listener{socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)};
  if (listener.fd < 0) return std::unexpected(failed("socket(AF_INET, SOCK_STREAM)"));
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;
  socklen_t length = sizeof address;
  auto* any = reinterpret_cast<sockaddr*>(&address);
  if (bind(listener.fd, any, sizeof address) != 0) return std::unexpected(failed("bind(127.0.0.1:0)"));
  if (listen(listener.fd, 1) != 0) return std::unexpected(failed("listen(127.0.0.1)"));
  if (getsockname(listener.fd, any, &length) != 0) return std::unexpected(failed("getsockname(127.0.0.1)"));
  const std::string where = "127.0.0.1:" + std::to_string(ntohs(address.sin_port));
  OwnedFd writer{socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)};
  if (writer.fd < 0) return std::unexpected(failed("socket(AF_INET, SOCK_STREAM)"));
  if (connect(writer.fd, any, sizeof address) != 0) return std::unexpected(failed("connect(" + where + ")"));
  OwnedFd reader{accept4(listener.fd, nullptr, nullptr, SOCK_CLOEXEC)};
  if (reader.fd < 0) return std::unexpected(failed("accept4(" + where + ")"));
  return EndFds{reader.release(), writer.release()};
}

}  // namespace pipetop
