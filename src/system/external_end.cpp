#include "pipetop/system/external_end.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>

#include "pipetop/system/clock.hpp"
#include "pipetop/system/command_process.hpp"
#include "pipetop/system/transport_ends.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kCommandWaitStepNs = 1'000'000;

// A copy of standard stream `fd` that stays with pipetop (close-on-exec: commands do not inherit it),
// with /dev/null taking the stream's number.
Result<int> take_stream(int fd) {
  const int copy = fcntl(fd, F_DUPFD_CLOEXEC, 3);
  if (copy < 0) {
    return std::unexpected(
        runtime_error("fcntl(fd=" + std::to_string(fd) + ", F_DUPFD_CLOEXEC): " + errno_text(errno)));
  }
  const int null = open("/dev/null", O_RDWR | O_CLOEXEC);
  if (null >= 0) {
    dup2(null, fd);
    close(null);
  }
  return copy;
}

void close_fd(int& fd) noexcept {
  if (fd >= 0) close(fd);
  fd = -1;
}

}  // namespace

Result<std::unique_ptr<ExternalEnd>> ExternalEnd::open(const PipeEnds& ends) {
  if (ends.kind == EndsKind::own_pair) return nullptr;
  std::unique_ptr<ExternalEnd> end(new ExternalEnd());
  if (ends.kind == EndsKind::command_reader) {
    Result<TransportEnds> pipe = TransportEnds::open(TransportKind::pipe);
    if (!pipe) return std::unexpected(pipe.error());
    Result<pid_t> command = spawn_command(ends.command, pipe->write_fd());
    if (!command) return std::unexpected(command.error());
    end->command_pid_ = *command;
    pipe->close_write();  // the command holds the write end alone: its exit is pipetop's end of file
    end->data_fd_ = fcntl(pipe->read_fd(), F_DUPFD_CLOEXEC, 3);
    if (end->data_fd_ < 0) return std::unexpected(runtime_error("fcntl(F_DUPFD_CLOEXEC): " + errno_text(errno)));
  } else {
    Result<int> data = take_stream(ends.kind == EndsKind::stdout_writer ? STDOUT_FILENO : STDIN_FILENO);
    if (!data) return std::unexpected(data.error());
    end->data_fd_ = *data;
  }
  if (ends.pass) {
    Result<int> out = take_stream(STDOUT_FILENO);
    if (!out) return std::unexpected(out.error());
    end->out_fd_ = *out;
  }
  return end;
}

ExternalEnd::~ExternalEnd() {
  let_go();
  finish_command(0);
}

bool ExternalEnd::command_ended() {
  if (command_pid_ <= 0 || command_status_) return true;
  int status = 0;
  pid_t got = 0;
  do {
    got = waitpid(command_pid_, &status, WNOHANG);
  } while (got < 0 && errno == EINTR);
  if (got == command_pid_) command_status_ = status;
  return command_status_.has_value();
}

void ExternalEnd::stop_command() noexcept {
  if (command_ended() || command_stopped_) return;
  command_stopped_ = kill(-command_pid_, SIGTERM) == 0;
}

void ExternalEnd::finish_command(std::int64_t grace_ns) noexcept {
  const std::int64_t deadline = monotonic_ns() + grace_ns;
  while (!command_ended() && monotonic_ns() < deadline) sleep_ns(kCommandWaitStepNs);
  if (command_ended()) {
    // Whatever its group still holds after pipetop asked it to end (a child that ignores SIGTERM)
    // would keep the pipe open past pipetop: it goes too.
    if (command_stopped_) kill(-command_pid_, SIGKILL);
    return;
  }
  kill(-command_pid_, SIGKILL);
  int status = 0;
  while (waitpid(command_pid_, &status, 0) < 0 && errno == EINTR) {
  }
  command_status_ = status;
}

void ExternalEnd::let_go() noexcept {
  close_fd(data_fd_);
  close_fd(out_fd_);
}

}  // namespace pipetop
