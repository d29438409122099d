#pragma once
// Test helper: a scripted PerfApi that records every call. Opens succeed with fresh fds (100, 101, ...)
// unless the script says otherwise; reads return the payload set for the fd, or a scripted failure /
// short read; maps hand out zeroed, page-aligned memory that a test writes sample records into (or a
// scripted failure); ioctls, unmaps and closes are only recorded.

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
#include <memory>
#include <new>
#include <set>
#include <utility>
#include <vector>

#include "pipetop/system/perf_api.hpp"

namespace pipetop::testing {

class FakePerfApi final : public PerfApi {
 public:
  struct OpenCall {
    perf_event_attr attr{};
    pid_t pid = 0;  // 0: the calling process (open); -1: every process on `cpu` (open_cpu); else the process
                    // open_process watches
    int cpu = -1;   // -1: any CPU
    int group_fd = -1;
    int fd = -1;  // what the call returned
    int err = 0;  // the errno it reported (0 on success)
  };
  struct ReadCall {
    int fd = -1;
    std::size_t length = 0;
    ssize_t result = 0;
  };
  struct MapCall {
    int fd = -1;
    std::size_t bytes = 0;
    void* address = nullptr;  // what the call returned (unmap: what it was given)
  };
  struct IoctlCall {
    int fd = -1;
    unsigned long request = 0;
    unsigned long arg = 0;
  };
  // What one read() does instead of returning the payload.
  struct ReadOutcome {
    int err = 0;               // != 0: fail with this errno
    std::size_t short_by = 0;  // else: return this many bytes fewer than the payload
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
  void set_group_payload(int fd, std::uint64_t enabled, std::uint64_t running,
                         const std::vector<std::uint64_t>& values) {
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

  // The next maps and ioctls, one errno per call (0: success), consumed in order; they succeed after that.
  void script_map(std::vector<int> errs) { map_script_.insert(map_script_.end(), errs.begin(), errs.end()); }
  void script_ioctl(std::vector<int> errs) { ioctl_script_.insert(ioctl_script_.end(), errs.begin(), errs.end()); }

  // --- PerfApi -----------------------------------------------------------------------------------
  int open(const perf_event_attr& attr, int group_fd, int& err) override { return open_as(attr, 0, group_fd, err); }

  int open_process(const perf_event_attr& attr, pid_t pid, int group_fd, int& err) override {
    return open_as(attr, pid, group_fd, err);
  }

  int open_cpu(const perf_event_attr& attr, int cpu, int& err) override { return open_as(attr, -1, -1, err, cpu); }

  int open_as(const perf_event_attr& attr, pid_t pid, int group_fd, int& err, int cpu = -1) {
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
    opens.push_back({attr, pid, cpu, group_fd, fd, e});
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
    if (!ioctl_script_.empty()) {
      err = ioctl_script_.front();
      ioctl_script_.pop_front();
    }
    return err == 0 ? 0 : -1;
  }

  void* map(int fd, std::size_t bytes, int& err) override {
    err = 0;
    if (!map_script_.empty()) {
      err = map_script_.front();
      map_script_.pop_front();
    }
    void* address = nullptr;
    if (err == 0) {
      std::unique_ptr<std::byte[], AlignedDelete>& memory = mappings_[fd];
      memory.reset(static_cast<std::byte*>(::operator new[](bytes, std::align_val_t{kMapAlignment})));
      std::memset(memory.get(), 0, bytes);
      address = memory.get();
    }
    maps.push_back({fd, bytes, address});
    return address;
  }

  void unmap(void* address, std::size_t bytes) override { unmaps.push_back({-1, bytes, address}); }

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
    return static_cast<std::size_t>(
        std::count_if(reads.begin(), reads.end(), [fd](const ReadCall& r) { return r.fd == fd; }));
  }

  std::vector<OpenCall> opens;
  std::vector<ReadCall> reads;
  std::vector<IoctlCall> ioctls;
  std::vector<MapCall> maps;
  std::vector<MapCall> unmaps;
  std::vector<int> closes;

 private:
  std::deque<int> open_script_;
  OpenRule open_rule_;
  std::map<int, std::vector<std::uint64_t>> payloads_;
  std::map<int, std::deque<ReadOutcome>> read_script_;
  static constexpr std::size_t kMapAlignment = 4096;
  struct AlignedDelete {
    void operator()(std::byte* memory) const { ::operator delete[](memory, std::align_val_t{kMapAlignment}); }
  };
  std::deque<int> map_script_;
  std::deque<int> ioctl_script_;
  std::map<int, std::unique_ptr<std::byte[], AlignedDelete>> mappings_;  // stays valid after unmap
  std::set<int> open_fds_;
  int next_fd_ = kFirstFd;
};

}  // namespace pipetop::testing
