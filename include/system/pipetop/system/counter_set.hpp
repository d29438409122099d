#pragma once
// A worker's own counters: opened on itself as perf groups (hardware events in one group — more when
// the PMU refuses a bigger one — and software events in another), each group read with one read()
// per sample (PERF_FORMAT_GROUP | TOTAL_TIME_ENABLED | TOTAL_TIME_RUNNING). The software events the
// kernel accounts per task anyway (faults, context switches, migrations, task-clock) are read from
// that accounting instead when one is given (task_accounting.hpp): no perf event joins the worker's
// context switches for them.

#include <array>
#include <memory>
#include <vector>

#include "pipetop/core/counters/counter_info.hpp"
#include "pipetop/core/counters/perf_open_error.hpp"
#include "pipetop/core/figures/sample.hpp"
#include "pipetop/system/event_encoder.hpp"
#include "pipetop/system/perf_api.hpp"
#include "pipetop/system/task_accounting.hpp"

namespace pipetop {

class CounterSet {
 public:
  // Opens every request (at most kMaxCounters) on the calling process, disabled. Never fails: an event
  // that cannot be opened keeps its place with state unavailable and the reason in words; one that
  // the paranoia level keeps out of the kernel is retried user-only and marked so. EINTR is retried.
  // With `accounting` (the calling process's), an accounted event it can read opens no perf event.
  [[nodiscard]] static CounterSet open(PerfApi& api, const std::vector<CounterRequest>& requests,
                                       const PerfOpenContext& context,
                                       std::unique_ptr<TaskAccounting> accounting = nullptr);

  // Opens every request on process `pid` from outside (the user's program at the other end of the
  // pipe), disabled, each a perf event (its accounting is not the caller's to read), inherited by the
  // processes it starts from now on and counted in them too. Fails as open() does, event by event (a
  // process of another user, `context.other_users_process`, is "not permitted" without CAP_PERFMON).
  [[nodiscard]] static CounterSet open_process(PerfApi& api, pid_t pid, const std::vector<CounterRequest>& requests,
                                               const PerfOpenContext& context);

  CounterSet() = default;
  CounterSet(CounterSet&& other) noexcept;
  CounterSet& operator=(CounterSet&&) = delete;
  CounterSet(const CounterSet&) = delete;
  CounterSet& operator=(const CounterSet&) = delete;
  ~CounterSet();

  [[nodiscard]] const std::vector<CounterInfo>& infos() const { return infos_; }

  // Starts every group counting: one ioctl per group leader; the accounted events count from here.
  void enable() noexcept;

  // One read() per group, and one read of the accounting, into sample.counters (in request order;
  // counter_count = number of requests). A failed or short read leaves that group's previous readings,
  // so cumulative values never go back. An accounted event's enabled and running times are the time
  // since enable().
  void read_into(Sample& sample) noexcept;

 private:
  struct Group {
    int leader_fd = -1;
    std::vector<int> fds;              // leader first, in the order values come back
    std::vector<std::size_t> members;  // request index of each fd
  };
  struct Accounted {
    std::size_t member = 0;  // request index
    AccountedEvent event = AccountedEvent::page_faults;
  };
  [[nodiscard]] static CounterSet open_on(PerfApi& api, pid_t pid, const std::vector<CounterRequest>& requests,
                                          const PerfOpenContext& context, std::unique_ptr<TaskAccounting> accounting);
  int open_one(const CounterRequest& request, std::size_t index, const PerfOpenContext& context);
  void read_accounted() noexcept;
  int try_open(perf_event_attr attr, Group* group, int& err);

  PerfApi* api_ = nullptr;
  pid_t pid_ = 0;  // 0: the calling process
  std::vector<CounterInfo> infos_;
  std::vector<Group> groups_;
  int software_group_ = -1;  // index into groups_
  int hardware_group_ = -1;  // the newest hardware group
  std::array<CounterReading, kMaxCounters> last_{};
  std::unique_ptr<TaskAccounting> accounting_;
  std::vector<Accounted> accounted_;
  bool with_migrations_ = false;
  TaskCounts baseline_;  // at enable()
  bool enabled_ = false;
};

// Whether `name` can be counted here, found by encoding it and opening it alone on this process: its
// state and reason as a worker would get them (an encoding failure is unavailable, with libpfm4's
// words as the reason).
[[nodiscard]] CounterInfo probe_event(const std::string& name, bool user_only, const PerfOpenContext& context);

}  // namespace pipetop
