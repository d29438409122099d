// Naming the program at the other end of a pipe from fixture trees of /proc/PID/fd and fdinfo, then
// the real thing: this test's own pipe, held by a child.

#include "pipetop/system/pipe_peer.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "pipetop/system/stream_kind.hpp"

namespace pipetop {
namespace {

namespace fs = std::filesystem;

// A /proc tree under a temporary directory: processes with fds linked as on a live machine.
class ProcTree {
 public:
  ProcTree()
      : root_(fs::temp_directory_path() / ("pipe-peer-" + std::to_string(getpid()) + "-" + std::to_string(next_++))) {
    fs::create_directories(root_ / "proc");
  }
  ~ProcTree() { fs::remove_all(root_); }
  ProcTree(const ProcTree&) = delete;
  ProcTree& operator=(const ProcTree&) = delete;

  // Process `pid` running `argv` (NUL-separated as in cmdline).
  void process(int pid, const std::string& cmdline) {
    fs::create_directories(dir(pid) / "fd");
    fs::create_directories(dir(pid) / "fdinfo");
    std::ofstream(dir(pid) / "cmdline") << cmdline;
  }
  // fd `fd` of `pid` linked to `target` with open flags `flags` (octal text, as fdinfo writes them).
  void fd(int pid, int fd, const std::string& target, const std::string& flags) {
    fs::create_symlink(target, dir(pid) / "fd" / std::to_string(fd));
    std::ofstream(dir(pid) / "fdinfo" / std::to_string(fd)) << "pos:\t0\nflags:\t" << flags << "\nmnt_id:\t15\n";
  }
  // A process of another user: its fd entry is there but cannot be listed (EACCES on a live machine;
  // here a file where the directory should be, so the listing fails for root too).
  void hidden(int pid) {
    fs::create_directories(dir(pid));
    std::ofstream(dir(pid) / "fd") << "";
  }
  // A kernel thread: its fd directory is there and empty, whoever looks; no command line.
  void kernel_thread(int pid) { fs::create_directories(dir(pid) / "fd"); }
  [[nodiscard]] SystemFiles files() const { return SystemFiles(root_.string()); }

 private:
  fs::path dir(int pid) const { return root_ / "proc" / std::to_string(pid); }
  static inline int next_ = 0;
  fs::path root_;
};

constexpr const char* kWriteOnly = "01";
constexpr const char* kReadOnly = "0100000";  // O_LARGEFILE | O_RDONLY

TEST(PipePeer, FindsTheWriterOfTheSamePipeAndItsCommandLine) {
  ProcTree proc;
  proc.process(100, std::string("yes\0y\0", 6));
  proc.fd(100, 0, "/dev/pts/0", "02");
  proc.fd(100, 1, "pipe:[4242]", kWriteOnly);
  proc.process(200, std::string("pipetop\0run\0", 12));
  proc.fd(200, 0, "pipe:[4242]", kReadOnly);
  proc.process(300, std::string("other\0", 6));
  proc.fd(300, 1, "pipe:[999]", kWriteOnly);
  const PipePeer peer = find_pipe_peer(proc.files(), 4242, true, 200);
  EXPECT_EQ(peer.pid, 100);
  EXPECT_EQ(peer.command_line, "yes y");
  EXPECT_TRUE(peer.unknown_reason.empty());
}

TEST(PipePeer, TheDirectionDecides) {
  ProcTree proc;
  proc.process(100, std::string("cat\0", 4));
  proc.fd(100, 0, "pipe:[77]", kReadOnly);
  proc.process(101, std::string("producer\0", 9));
  proc.fd(101, 1, "pipe:[77]", kWriteOnly);
  EXPECT_EQ(find_pipe_peer(proc.files(), 77, true, 1).pid, 101);
  EXPECT_EQ(find_pipe_peer(proc.files(), 77, false, 1).pid, 100);
}

TEST(PipePeer, PrefersTheProcessHoldingItAsStdoutThenTheNewest) {
  ProcTree proc;
  proc.process(50, std::string("sh\0-c\0x\0", 9));
  proc.fd(50, 9, "pipe:[5]", kWriteOnly);  // a shell keeping a copy
  proc.process(60, std::string("old\0", 4));
  proc.fd(60, 1, "pipe:[5]", kWriteOnly);
  proc.process(70, std::string("new\0", 4));
  proc.fd(70, 1, "pipe:[5]", "02");  // O_RDWR holds both directions
  EXPECT_EQ(find_pipe_peer(proc.files(), 5, true, 1).pid, 70);
}

TEST(PipePeer, NotFoundSaysSo) {
  ProcTree proc;
  proc.process(100, std::string("idle\0", 5));
  proc.fd(100, 1, "pipe:[1]", kWriteOnly);
  const PipePeer peer = find_pipe_peer(proc.files(), 2, true, 1);
  EXPECT_EQ(peer.pid, 0);
  EXPECT_NE(peer.unknown_reason.find("cannot be found"), std::string::npos) << peer.unknown_reason;
  EXPECT_NE(peer.unknown_reason.find("may have exited"), std::string::npos) << peer.unknown_reason;
}

TEST(PipePeer, AnotherUsersProcessIsNamedAsThePossibleReason) {
  ProcTree proc;
  proc.hidden(100);
  const PipePeer peer = find_pipe_peer(proc.files(), 3, true, 1);
  EXPECT_EQ(peer.pid, 0);
  EXPECT_NE(peer.unknown_reason.find("1 processes of other users could not be examined"), std::string::npos)
      << peer.unknown_reason;
}

// As root, `true | pipetop run --stdin` said "60 processes of other users could not be examined":
// they were kernel threads, whose empty fd directories hide nothing.
TEST(PipePeer, KernelThreadsAreNotCountedAsHidden) {
  ProcTree proc;
  for (int pid = 2; pid < 62; ++pid) proc.kernel_thread(pid);
  proc.hidden(100);
  const PipePeer peer = find_pipe_peer(proc.files(), 3, true, 1);
  EXPECT_NE(peer.unknown_reason.find("; 1 processes of other users could not be examined"), std::string::npos)
      << peer.unknown_reason;

  ProcTree threads_only;
  for (int pid = 2; pid < 62; ++pid) threads_only.kernel_thread(pid);
  const PipePeer alone = find_pipe_peer(threads_only.files(), 3, true, 1);
  EXPECT_EQ(alone.unknown_reason, "cannot be found: no process holds the pipe for writing (it may have exited)");
}

TEST(PipePeer, OnThisMachineFindsTheChildWritingIntoOurPipe) {
  int fds[2];
  ASSERT_EQ(pipe2(fds, O_CLOEXEC), 0);
  const pid_t child = fork();
  if (child == 0) {
    close(fds[0]);
    dup2(fds[1], STDOUT_FILENO);
    execlp("sleep", "sleep", "30", static_cast<char*>(nullptr));
    _exit(127);
  }
  close(fds[1]);
  const std::optional<std::uint64_t> inode = pipe_inode(fds[0]);
  ASSERT_TRUE(inode);
  PipePeer peer;
  for (int tries = 0; tries < 200 && peer.command_line != "sleep 30"; ++tries) {  // until it has exec'd
    peer = find_pipe_peer(SystemFiles("/"), *inode, true, getpid());
    usleep(10'000);
  }
  kill(child, SIGKILL);
  waitpid(child, nullptr, 0);
  close(fds[0]);
  EXPECT_EQ(peer.pid, child);
  EXPECT_EQ(peer.command_line, "sleep 30");
  EXPECT_EQ(stream_kind(fds[0]), FdKind::closed);
}

}  // namespace
}  // namespace pipetop
