#include "pipetop/system/transport_ends.hpp"

#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <utility>

#include "pipetop/core/base/size.hpp"
#include "pipetop/core/config/transports.hpp"
#include "pipetop/system/pipe.hpp"
#include "transport_openers.hpp"

namespace pipetop {
namespace {

Result<void> set_buffer(int fd, int option, const char* name, std::uint64_t bytes) {
  const int value = static_cast<int>(bytes);
  if (setsockopt(fd, SOL_SOCKET, option, &value, sizeof value) != 0) {
    return std::unexpected(
        runtime_error("setsockopt(" + std::string(name) + ", " + format_size(bytes) + "): " + errno_text(errno)));
  }
  return {};
}

Result<std::uint64_t> send_buffer(int fd) {
  int value = 0;
  socklen_t length = sizeof value;
  if (getsockopt(fd, SOL_SOCKET, SO_SNDBUF, &value, &length) != 0) {
    return std::unexpected(runtime_error("getsockopt(SO_SNDBUF): " + errno_text(errno)));
  }
  return static_cast<std::uint64_t>(value);
}

}  // namespace

Result<TransportEnds> TransportEnds::open(TransportKind kind) {
  Result<EndFds> fds = opener_of(kind)();
  if (!fds) return std::unexpected(fds.error());
  return TransportEnds(kind, fds->first, fds->second);
}

TransportEnds::TransportEnds(TransportEnds&& other) noexcept
    : kind_(other.kind_), fds_{std::exchange(other.fds_[0], -1), std::exchange(other.fds_[1], -1)} {}

TransportEnds& TransportEnds::operator=(TransportEnds&& other) noexcept {
  if (this != &other) {
    close_read();
    close_write();
    kind_ = other.kind_;
    fds_[0] = std::exchange(other.fds_[0], -1);
    fds_[1] = std::exchange(other.fds_[1], -1);
  }
  return *this;
}

TransportEnds::~TransportEnds() {
  close_read();
  close_write();
}

void TransportEnds::close_read() {
  if (fds_[0] >= 0) close(std::exchange(fds_[0], -1));
}

void TransportEnds::close_write() {
  if (fds_[1] >= 0) close(std::exchange(fds_[1], -1));
}

Result<std::uint64_t> TransportEnds::set_size(std::uint64_t bytes, std::uint64_t pipe_max_bytes) {
  if (transport_of(kind_).is_pipe) return set_pipe_size(fds_[1], bytes, pipe_max_bytes);
  if (Result<void> sent = set_buffer(fds_[1], SO_SNDBUF, "SO_SNDBUF", bytes); !sent)
    return std::unexpected(sent.error());
  if (Result<void> got = set_buffer(fds_[0], SO_RCVBUF, "SO_RCVBUF", bytes); !got) return std::unexpected(got.error());
  return send_buffer(fds_[1]);
}

Result<std::uint64_t> TransportEnds::size() const {
  if (transport_of(kind_).is_pipe) return pipe_size(fds_[1]);
  return send_buffer(fds_[1]);
}

}  // namespace pipetop
