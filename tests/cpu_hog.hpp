#pragma once
// Test helper: another program competing for a CPU — a child process spinning on it until the hog is
// destroyed (killed and reaped, never left behind).

#include <sched.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

namespace pipetop::testing {

class CpuHog {
 public:
  explicit CpuHog(int cpu) {
    pid_ = fork();
    if (pid_ != 0) return;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(static_cast<std::size_t>(cpu), &set);
    sched_setaffinity(0, sizeof set, &set);
    volatile unsigned long spin = 0;
    for (;;) {
      spin = spin + 1;
    }
  }
  CpuHog(const CpuHog&) = delete;
  CpuHog& operator=(const CpuHog&) = delete;
  ~CpuHog() {
    if (pid_ <= 0) return;
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
  [[nodiscard]] bool running() const { return pid_ > 0; }

 private:
  pid_t pid_ = -1;
};

}  // namespace pipetop::testing
