#include "pipetop/system/zerocopy_sends.hpp"

#include <linux/errqueue.h>
#include <poll.h>
#include <sys/socket.h>

#include <cerrno>

namespace pipetop {

Result<ZeroCopySends> ZeroCopySends::enable(int fd) {
  const int on = 1;
  if (setsockopt(fd, SOL_SOCKET, SO_ZEROCOPY, &on, sizeof on) != 0) {
    return std::unexpected(environment_error("setsockopt(SO_ZEROCOPY): " + errno_text(errno),
                                             "MSG_ZEROCOPY needs Linux 4.14 or later, on a TCP socket"));
  }
  return ZeroCopySends(fd);
}

// One completion notice from the error queue; false when none is waiting.
Result<bool> ZeroCopySends::read_one() {
  alignas(cmsghdr) char control[128];
  msghdr message{};
  message.msg_control = control;
  message.msg_controllen = sizeof control;
  if (recvmsg(fd_, &message, MSG_ERRQUEUE | MSG_DONTWAIT) < 0) {
    if (errno == EAGAIN || errno == EINTR) return false;
    return std::unexpected(runtime_error("recvmsg(MSG_ERRQUEUE): " + errno_text(errno)));
  }
  for (cmsghdr* c = CMSG_FIRSTHDR(&message); c != nullptr; c = CMSG_NXTHDR(&message, c)) {
    const auto* notice = reinterpret_cast<const sock_extended_err*>(CMSG_DATA(c));
    if (notice->ee_errno != 0 || notice->ee_origin != SO_EE_ORIGIN_ZEROCOPY) continue;
    const std::uint64_t range = std::uint64_t{notice->ee_data} - notice->ee_info + 1;  // sends ee_info..ee_data
    counts_.completed += range;
    if ((notice->ee_code & SO_EE_CODE_ZEROCOPY_COPIED) != 0) counts_.copied += range;
  }
  return true;
}

Result<void> ZeroCopySends::reap(bool all) {
  for (;;) {
    Result<bool> got = read_one();
    if (!got) return std::unexpected(got.error());
    if (*got) continue;
    if (!all || counts_.completed >= counts_.sends) return {};
    pollfd p{fd_, 0, 0};  // POLLERR is always reported: a completion is waiting
    if (poll(&p, 1, -1) < 0 && errno != EINTR)
      return std::unexpected(runtime_error("poll(POLLERR): " + errno_text(errno)));
  }
}

}  // namespace pipetop
