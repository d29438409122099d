#pragma once
// A worker's own counters: opened on itself as perf groups (hardware events in one group — more when
// the PMU refuses a bigger one — and software events in another), each group read with one read()
// per sample (PERF_FORMAT_GROUP | TOTAL_TIME_ENABLED | TOTAL_TIME_RUNNING).

#include <array>
#include <vector>

#include "pipetop/core/counter_info.hpp"
#include "pipetop/core/perf_open_error.hpp"
#include "pipetop/core/sample.hpp"
#include "pipetop/system/event_encoder.hpp"
#include "pipetop/system/perf_api.hpp"

namespace pipetop {

class CounterSet {
 public:
  // Opens every request (at most kMaxCounters) on the calling process, disabled. Never fails: an event
  // that cannot be opened keeps its place with state unavailable and the reason in words; one that
  // the paranoia level keeps out of the kernel is retried user-only and marked so. EINTR is retried.
  [[nodiscard]] static CounterSet open(PerfApi& api, const std::vector<CounterRequest>& requests,
                                       const PerfOpenContext& context);

  CounterSet() = default;
  CounterSet(CounterSet&& other) noexcept;
  CounterSet& operator=(CounterSet&&) = delete;
  CounterSet(const CounterSet&) = delete;
  CounterSet& operator=(const CounterSet&) = delete;
  ~CounterSet();

  [[nodiscard]] const std::vector<CounterInfo>& infos() const { return infos_; }

  // Starts every group counting: one ioctl per group leader.
  void enable() noexcept;

  // One read() per group into sample.counters (in request order; counter_count = number of requests).
  // A failed or short read leaves that group's previous readings, so cumulative values never go back.
  void read_into(Sample& sample) noexcept;

 private:
  struct Group {
    int leader_fd = -1;
    std::vector<int> fds;              // leader first, in the order values come back
    std::vector<std::size_t> members;  // request index of each fd
  };
  int open_one(const CounterRequest& request, std::size_t index, const PerfOpenContext& context);
  int try_open(perf_event_attr attr, Group* group, int& err);

  PerfApi* api_ = nullptr;
  std::vector<CounterInfo> infos_;
  std::vector<Group> groups_;
  int software_group_ = -1;  // index into groups_
  int hardware_group_ = -1;  // the newest hardware group
  std::array<CounterReading, kMaxCounters> last_{};
};

// Whether `name` can be counted here, found by encoding it and opening it alone on this process: its
// state and reason as a worker would get them (an encoding failure is unavailable, with libpfm4's
// words as the reason).
[[nodiscard]] CounterInfo probe_event(const std::string& name, bool user_only, const PerfOpenContext& context);

}  // namespace pipetop
