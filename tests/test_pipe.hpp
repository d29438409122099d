#pragma once
// Test helper: a pipe the test holds both ends of, to stand for a command's stdout and its reader —
// one that fills it and stops reading, or one that comes back and reads.

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstddef>
#include <string>

namespace pipetop::testing {

struct TestPipe {
  int fds[2] = {-1, -1};
  TestPipe() { EXPECT_EQ(pipe2(fds, O_CLOEXEC), 0); }
  ~TestPipe() {
    for (const int fd : fds) {
      if (fd >= 0) close(fd);
    }
  }
  TestPipe(const TestPipe&) = delete;
  TestPipe& operator=(const TestPipe&) = delete;
  [[nodiscard]] int reader() const { return fds[0]; }
  [[nodiscard]] int writer() const { return fds[1]; }
  // Fills the pipe to the brim, as a reader that stopped reading leaves it; returns the bytes written.
  [[nodiscard]] std::size_t fill() const {
    const int flags = fcntl(fds[1], F_GETFL);
    fcntl(fds[1], F_SETFL, flags | O_NONBLOCK);
    const std::string block(4096, 'f');
    std::size_t filled = 0;
    for (ssize_t n; (n = write(fds[1], block.data(), block.size())) > 0;) filled += static_cast<std::size_t>(n);
    fcntl(fds[1], F_SETFL, flags);
    return filled;
  }
  // Reads up to `bytes`, waiting until at least one is there.
  std::string read_some(std::size_t bytes) const {
    std::string text(bytes, '\0');
    const ssize_t n = read(fds[0], text.data(), bytes);
    text.resize(n > 0 ? static_cast<std::size_t>(n) : 0);
    return text;
  }
};

}  // namespace pipetop::testing
