#pragma once
// Test helper: a scripted PerfApi that records every call. Opens succeed with fresh fds (100, 101, ...)
// unless the script says otherwise; reads return the payload set for the fd, or a scripted failure /
// short read; ioctls and closes are only recorded.

#include <linux/perf_event.h>
#include <sys/types.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <deque>
#include <functional>
#include <iterator>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "pipetop/system/perf_api.hpp"

namespace pipetop::testing {

class FakePerfApi final : public PerfApi {
 public:
  struct OpenCall {
    perf_event_attr attr{};
    int group_fd = -1;
    int fd = -1;   // what the call returned
    int err = 0;   // the errno it reported (0 on success)
  };
  struct ReadCall {
    int fd = -1;
    std::size_t length = 0;
    ssize_t result = 0;
  };
  struct IoctlCall {
    int fd = -1;
    unsigned long request = 0;
    unsigned long arg = 0;
  };
  // What one read() does instead of returning the payload.
  struct ReadOutcome {
    int err = 0;                // != 0: fail with this errno
    std::size_t short_by = 0;   // else: return this many bytes fewer than the payload
  };

  // Decides an open's errno (0: success) from the attr, the group fd and the 0-based call number.
  // Consulted when the per-call script is exhausted.
  using OpenRule = std::function<int(const perf_event_attr&, int group_fd, std::size_t call)>;

  static constexpr int kFirstFd = 100;

  // --- scripting ---------------------------------------------------------------------------------
  // The next opens, one errno per call (0: success), consumed in order before the rule is consulted.
  void script_open(std::vector<int> errs) { open_script_.insert(open_script_.end(), errs.begin(), errs.end()); }
  void set_open_rule(OpenRule rule) { open_rule_ = std::move(rule); }

  // What read(fd) returns: {nr, time_enabled, time_running, values...} as PERF_FORMAT_GROUP |
  // TOTAL_TIME_ENABLED | TOTAL_TIME_RUNNING lays it out.
  void set_group_payload(int fd, std::uint64_t enabled, std::uint64_t running, const std::vector<std::uint64_t>& values) {
    std::vector<std::uint64_t> words{values.size(), enabled, running};
    words.insert(words.end(), values.begin(), values.end());
    payloads_[fd] = std::move(words);
  }
  void set_raw_payload(int fd, std::vector<std::uint64_t> words) { payloads_[fd] = std::move(words); }
  // The next reads of `fd` do these instead, in order.
  void script_read(int fd, std::vector<ReadOutcome> outcomes) {
    auto& q = read_script_[fd];
    q.insert(q.end(), outcomes.begin(), outcomes.end());
  }

  // --- PerfApi -----------------------------------------------------------------------------------
  int open(const perf_event_attr& attr, int group_fd, int& err) override {
    const std::size_t call = opens.size();
    int e = 0;
    if (!open_script_.empty()) {
      e = open_script_.front();
      open_script_.pop_front();
    } else if (open_rule_) {
      e = open_rule_(attr, group_fd, call);
    }
    int fd = -1;
    if (e == 0) {
      fd = next_fd_++;
      open_fds_.insert(fd);
    }
    err = e;
    opens.push_back({attr, group_fd, fd, e});
    return fd;
  }

  ssize_t read(int fd, void* buffer, std::size_t length, int& err) override {
    ssize_t result = 0;
    err = 0;
    auto script = read_script_.find(fd);
    ReadOutcome outcome;
    if (script != read_script_.end() && !script->second.empty()) {
      outcome = script->second.front();
      script->second.pop_front();
    }
    if (outcome.err != 0) {
      err = outcome.err;
      result = -1;
    } else {
      const auto payload = payloads_.find(fd);
      std::size_t bytes = payload == payloads_.end() ? 0 : payload->second.size() * sizeof(std::uint64_t);
      bytes = bytes > outcome.short_by ? bytes - outcome.short_by : 0;
      bytes = std::min(bytes, length);
      if (bytes > 0) std::memcpy(buffer, payload->second.data(), bytes);
      result = static_cast<ssize_t>(bytes);
    }
    reads.push_back({fd, length, result});
    return result;
  }

  int ioctl(int fd, unsigned long request, unsigned long arg, int& err) override {
    ioctls.push_back({fd, request, arg});
    err = 0;
    return 0;
  }

  void close(int fd) override {
    closes.push_back(fd);
    open_fds_.erase(fd);
  }

  // --- what happened ------------------------------------------------------------------------------
  [[nodiscard]] const std::set<int>& open_fds() const { return open_fds_; }
  // The successful opens, in order.
  [[nodiscard]] std::vector<OpenCall> successful_opens() const {
    std::vector<OpenCall> ok;
    std::copy_if(opens.begin(), opens.end(), std::back_inserter(ok), [](const OpenCall& c) { return c.fd >= 0; });
    return ok;
  }
  [[nodiscard]] std::size_t reads_of(int fd) const {
    return static_cast<std::size_t>(std::count_if(reads.begin(), reads.end(), [fd](const ReadCall& r) { return r.fd == fd; }));
  }

  std::vector<OpenCall> opens;
  std::vector<ReadCall> reads;
  std::vector<IoctlCall> ioctls;
  std::vector<int> closes;

 private:
  std::deque<int> open_script_;
  OpenRule open_rule_;
  std::map<int, std::vector<std::uint64_t>> payloads_;
  std::map<int, std::deque<ReadOutcome>> read_script_;
  std::set<int> open_fds_;
  int next_fd_ = kFirstFd;
};

}  // namespace pipetop::testing
