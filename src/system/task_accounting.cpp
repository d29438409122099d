#include "pipetop/system/task_accounting.hpp"

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <array>
#include <ctime>
#include <string_view>

#include "pipetop/core/machine/proc_sched.hpp"
#include "pipetop/system/clock.hpp"

namespace pipetop {
namespace {

constexpr std::string_view kMigrationsKey = "se.nr_migrations";

std::uint64_t clock_ns(clockid_t clock) {
  timespec ts{};
  if (clock_gettime(clock, &ts) != 0) return 0;
  return static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000U + static_cast<std::uint64_t>(ts.tv_nsec);
}

class KernelTaskAccounting final : public TaskAccounting {
 public:
  KernelTaskAccounting() : sched_fd_(::open("/proc/self/sched", O_RDONLY | O_CLOEXEC)) {
    if (sched_fd_ >= 0 && !read_migrations()) {
      ::close(sched_fd_);
      sched_fd_ = -1;
    }
  }
  KernelTaskAccounting(const KernelTaskAccounting&) = delete;
  KernelTaskAccounting& operator=(const KernelTaskAccounting&) = delete;
  ~KernelTaskAccounting() override {
    if (sched_fd_ >= 0) ::close(sched_fd_);
  }

  bool can_read(AccountedEvent event) override { return event != AccountedEvent::cpu_migrations || sched_fd_ >= 0; }

  TaskCounts read(bool with_migrations) noexcept override {
    rusage usage{};
    if (getrusage(RUSAGE_SELF, &usage) == 0) {
      last_.minor_faults = static_cast<std::uint64_t>(usage.ru_minflt);
      last_.major_faults = static_cast<std::uint64_t>(usage.ru_majflt);
      last_.context_switches = static_cast<std::uint64_t>(usage.ru_nvcsw) + static_cast<std::uint64_t>(usage.ru_nivcsw);
    }
    if (const std::uint64_t cpu = clock_ns(CLOCK_PROCESS_CPUTIME_ID); cpu != 0) last_.cpu_ns = cpu;
    if (with_migrations) (void)read_migrations();
    last_.t_ns = monotonic_ns();
    return last_;
  }

 private:
  // /proc/self/sched from its start (the kernel writes it anew at offset 0).
  bool read_migrations() noexcept {
    std::array<char, 4096> text{};
    const ssize_t n = pread(sched_fd_, text.data(), text.size(), 0);
    if (n <= 0) return false;
    const std::optional<std::uint64_t> migrations =
        proc_sched_count(std::string_view(text.data(), static_cast<std::size_t>(n)), kMigrationsKey);
    if (!migrations) return false;
    last_.cpu_migrations = *migrations;
    return true;
  }

  int sched_fd_;
  TaskCounts last_;
};

}  // namespace

std::optional<AccountedEvent> accounted_event(const perf_event_attr& attr) {
  if (attr.type != PERF_TYPE_SOFTWARE || attr.exclude_kernel != 0 || attr.exclude_user != 0) return std::nullopt;
  switch (attr.config) {
    case PERF_COUNT_SW_PAGE_FAULTS:
      return AccountedEvent::page_faults;
    case PERF_COUNT_SW_PAGE_FAULTS_MIN:
      return AccountedEvent::minor_faults;
    case PERF_COUNT_SW_PAGE_FAULTS_MAJ:
      return AccountedEvent::major_faults;
    case PERF_COUNT_SW_CONTEXT_SWITCHES:
      return AccountedEvent::context_switches;
    case PERF_COUNT_SW_CPU_MIGRATIONS:
      return AccountedEvent::cpu_migrations;
    case PERF_COUNT_SW_TASK_CLOCK:
      return AccountedEvent::task_clock;
    default:
      return std::nullopt;
  }
}

std::uint64_t count_of(AccountedEvent event, const TaskCounts& counts) {
  switch (event) {
    case AccountedEvent::page_faults:
      return counts.minor_faults + counts.major_faults;
    case AccountedEvent::minor_faults:
      return counts.minor_faults;
    case AccountedEvent::major_faults:
      return counts.major_faults;
    case AccountedEvent::context_switches:
      return counts.context_switches;
    case AccountedEvent::cpu_migrations:
      return counts.cpu_migrations;
    case AccountedEvent::task_clock:
      return counts.cpu_ns;
  }
  return 0;
}

std::unique_ptr<TaskAccounting> open_task_accounting() {
  return std::make_unique<KernelTaskAccounting>();
}

}  // namespace pipetop
