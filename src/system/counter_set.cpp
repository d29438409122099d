#include "pipetop/system/counter_set.hpp"

#include <algorithm>
#include <cerrno>
#include <string>
#include <utility>

namespace pipetop {
namespace {

constexpr std::uint64_t kReadFormat =
    PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;

bool group_refused(int err) {
  return err == EINVAL || err == ENOSPC;
}

}  // namespace

CounterSet CounterSet::open(PerfApi& api, const std::vector<CounterRequest>& requests, const PerfOpenContext& context,
                            std::unique_ptr<TaskAccounting> accounting) {
  return open_on(api, 0, requests, context, std::move(accounting));
}

CounterSet CounterSet::open_process(PerfApi& api, pid_t pid, const std::vector<CounterRequest>& requests,
                                    const PerfOpenContext& context) {
  return open_on(api, pid, requests, context, nullptr);
}

CounterSet CounterSet::open_on(PerfApi& api, pid_t pid, const std::vector<CounterRequest>& requests,
                               const PerfOpenContext& context, std::unique_ptr<TaskAccounting> accounting) {
  CounterSet set;
  set.api_ = &api;
  set.pid_ = pid;
  for (std::size_t i = 0; i < requests.size() && i < kMaxCounters; ++i) {
    set.infos_.push_back({requests[i].name, CounterState::unavailable, {}});
    const std::optional<AccountedEvent> event = accounted_event(requests[i].attr);
    if (accounting && event && accounting->can_read(*event)) {
      set.accounted_.push_back({i, *event});
      set.with_migrations_ = set.with_migrations_ || *event == AccountedEvent::cpu_migrations;
      set.infos_.back().state = CounterState::counting;
      continue;
    }
    (void)set.open_one(requests[i], i, context);
  }
  if (!set.accounted_.empty()) set.accounting_ = std::move(accounting);
  return set;
}

CounterSet::CounterSet(CounterSet&& other) noexcept
    : api_(other.api_),
      pid_(other.pid_),
      infos_(std::move(other.infos_)),
      groups_(std::move(other.groups_)),
      software_group_(other.software_group_),
      hardware_group_(other.hardware_group_),
      last_(other.last_),
      accounting_(std::move(other.accounting_)),
      accounted_(std::move(other.accounted_)),
      with_migrations_(other.with_migrations_),
      baseline_(other.baseline_),
      enabled_(other.enabled_) {
  other.groups_.clear();
}

CounterSet::~CounterSet() {
  for (const Group& g : groups_) {
    for (const int fd : g.fds) api_->close(fd);
  }
}

// Opens `attr` into `group` (a new group when null); on success the fd joins that group.
int CounterSet::try_open(perf_event_attr attr, Group* group, int& err) {
  attr.read_format = kReadFormat;
  attr.disabled = group == nullptr ? 1 : 0;  // members follow their leader
  attr.inherit = pid_ != 0 ? 1 : 0;          // the other program's children; a worker of ours starts none
  attr.exclude_hv = 1;
  int fd = -1;
  do {
    const int group_fd = group != nullptr ? group->leader_fd : -1;
    fd = pid_ == 0 ? api_->open(attr, group_fd, err) : api_->open_process(attr, pid_, group_fd, err);
  } while (fd < 0 && err == EINTR);
  return fd;
}

int CounterSet::open_one(const CounterRequest& request, std::size_t index, const PerfOpenContext& context) {
  perf_event_attr attr = request.attr;
  CounterInfo& info = infos_[index];
  int& group_index = request.hardware ? hardware_group_ : software_group_;
  std::string user_only_reason = attr.exclude_kernel != 0 ? "--user-only" : "";
  CounterProblem user_only_problem = attr.exclude_kernel != 0 ? CounterProblem::asked_user_only : CounterProblem::none;
  for (;;) {
    int err = 0;
    Group* group = group_index >= 0 ? &groups_[static_cast<std::size_t>(group_index)] : nullptr;
    int fd = try_open(attr, group, err);
    if (fd < 0 && group != nullptr && request.hardware && group_refused(err)) {
      group = nullptr;  // the PMU cannot fit one more event in this group: start another (multiplexed)
      fd = try_open(attr, nullptr, err);
    }
    if (fd >= 0) {
      if (group == nullptr) {
        groups_.push_back(Group{fd, {}, {}});
        group_index = static_cast<int>(groups_.size() - 1);
        group = &groups_.back();
      }
      group->fds.push_back(fd);
      group->members.push_back(index);
      info.state = attr.exclude_kernel != 0 ? CounterState::user_only : CounterState::counting;
      info.reason = user_only_reason;
      info.problem = user_only_problem;
      return fd;
    }
    PerfOpenContext attempt = context;
    attempt.hardware = request.hardware;
    attempt.user_only = attr.exclude_kernel != 0;
    const PerfOpenVerdict verdict = explain_perf_open_error(err, attempt);
    if (verdict.retry_user_only && attr.exclude_kernel == 0) {
      attr.exclude_kernel = 1;
      user_only_reason = verdict.reason;
      user_only_problem = verdict.problem;
      continue;
    }
    info.state = CounterState::unavailable;
    info.reason = verdict.reason;
    info.problem = verdict.problem;
    return -1;
  }
}

CounterInfo probe_event(const std::string& name, bool user_only, const PerfOpenContext& context) {
  std::expected<CounterRequest, EncodeFailure> request = try_encode_event(name, user_only);
  if (!request) return {name, CounterState::unavailable, request.error().words, request.error().problem};
  const CounterSet set = CounterSet::open(kernel_perf_api(), {*request}, context);
  return set.infos().front();
}

void CounterSet::enable() noexcept {
  for (const Group& g : groups_) {
    int err = 0;
    (void)api_->ioctl(g.leader_fd, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP, err);
  }
  if (accounted_.empty()) return;
  baseline_ = accounting_->read(with_migrations_);
  enabled_ = true;
}

// Each accounted event's count since enable(); nothing counted before (as a disabled perf event).
void CounterSet::read_accounted() noexcept {
  if (accounted_.empty() || !enabled_) return;
  const TaskCounts now = accounting_->read(with_migrations_);
  const auto since = static_cast<std::uint64_t>(std::max<std::int64_t>(0, now.t_ns - baseline_.t_ns));
  for (const Accounted& a : accounted_) {
    const std::uint64_t from = count_of(a.event, baseline_);
    const std::uint64_t to = count_of(a.event, now);
    last_[a.member] = CounterReading{to > from ? to - from : 0, since, since};
  }
}

void CounterSet::read_into(Sample& sample) noexcept {
  std::array<std::uint64_t, 3 + kMaxCounters> buffer{};
  for (const Group& g : groups_) {
    const std::size_t expected = (3 + g.fds.size()) * sizeof(std::uint64_t);
    int err = 0;
    ssize_t n = 0;
    do {
      n = api_->read(g.leader_fd, buffer.data(), expected, err);
    } while (n < 0 && err == EINTR);
    if (n != static_cast<ssize_t>(expected) || buffer[0] != g.fds.size()) continue;
    for (std::size_t k = 0; k < g.members.size(); ++k) {
      last_[g.members[k]] = CounterReading{buffer[3 + k], buffer[1], buffer[2]};
    }
  }
  read_accounted();
  sample.counter_count = static_cast<std::uint32_t>(infos_.size());
  sample.counters = last_;
}

}  // namespace pipetop
