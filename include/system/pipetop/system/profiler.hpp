#pragma once
// A profile of one process, sampled from outside: perf_event_open on its pid, an mmap ring the
// caller drains each tick, and the samples named (kernel frames from kallsyms, user frames through
// libdwfl), ready for a ProfileTally. The process pays nothing but the sampling interrupts: a process
// pinned to one CPU is sampled through that CPU's event (its samples kept, the others' dropped), since
// a per-process cpu-clock event re-arms its timer at each of the process's context switches — measured
// on blocking write/read, which switches ~13k times a second, as most of the profile's cost.

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "pipetop/core/base/duration.hpp"
#include "pipetop/core/profile/profile_access.hpp"
#include "pipetop/core/profile/profile_sample.hpp"
#include "pipetop/system/perf_api.hpp"
#include "pipetop/system/perf_ring.hpp"
#include "pipetop/system/perf_sample_record.hpp"
#include "pipetop/system/profile_environment.hpp"
#include "pipetop/system/sampling_event.hpp"
#include "pipetop/system/user_symbols.hpp"

namespace pipetop {

struct ProfilerOptions {
  int frequency_hz = kDefaultProfileHz;             // lowered to perf_event_max_sample_rate if above it
  std::int64_t drain_interval_ns = 100 * kNsPerMs;  // the longest the caller leaves between drains
};

struct ProfileDrain {
  std::vector<ProfileSample> samples;  // in the order the kernel recorded them
  std::uint64_t lost = 0;              // samples the kernel dropped because the ring was full
  std::uint64_t discarded_bytes = 0;   // ring bytes that could not be decoded (never expected)
};

class Profiler {
 public:
  // Starts sampling process `pid` (any CPU) with cycles where a CPU PMU can sample, else cpu-clock,
  // kernel and user frames where `environment` allows them, else user frames only. Never fails: when
  // the kernel refuses, mode() is unavailable and reason() says why in words a user can act on; when
  // it refuses only the kernel's frames, user_only with the reason. EINTR is retried. With `cpu` (the
  // CPU the process is pinned to) it samples that CPU where the kernel allows it (CAP_PERFMON or
  // perf_event_paranoid <= 0), else the process.
  [[nodiscard]] static Profiler open(PerfApi& api, pid_t pid, const ProfilerOptions& options,
                                     const ProfileEnvironment& environment, std::optional<int> cpu = std::nullopt);

  Profiler(Profiler&& other) noexcept;
  Profiler& operator=(Profiler&&) = delete;
  Profiler(const Profiler&) = delete;
  Profiler& operator=(const Profiler&) = delete;
  ~Profiler();

  [[nodiscard]] ProfileMode mode() const { return mode_; }
  // Why there are no kernel frames, or no profile; may also say why user frames are unnamed.
  [[nodiscard]] const std::string& reason() const { return reason_; }
  [[nodiscard]] std::string_view event() const { return to_string(clock_); }
  [[nodiscard]] int frequency_hz() const { return frequency_hz_; }
  // The CPU whose event samples the process, when it is sampled through its CPU.
  [[nodiscard]] std::optional<int> cpu() const { return cpu_; }

  // The samples recorded since the last drain, named, and the count the kernel lost. Never blocks
  // and never fails; nothing when unavailable. Still works once the process has exited: the ring
  // keeps its last samples and names come from the cache and the files.
  [[nodiscard]] ProfileDrain drain();

 private:
  Profiler(PerfApi& api, std::shared_ptr<const KernelSymbols> kernel_symbols);
  void release() noexcept;  // the ring and the event, if open
  void become_unavailable(std::string reason);
  [[nodiscard]] bool open_event(const ProfileFacts& facts, int max_frames, bool user_only, std::string reason);
  [[nodiscard]] bool map_ring(const ProfilerOptions& options, int max_frames);
  [[nodiscard]] ProfileSample name_frames(const SampleRecord& record);
  [[nodiscard]] FrameName kernel_name(std::uint64_t address);

  PerfApi* api_;
  std::shared_ptr<const KernelSymbols> kernel_symbols_;
  std::optional<UserSymbols> user_symbols_;
  // Kernel frames named so far: a worker's stacks revisit a few hundred addresses, and a hash look-up
  // is cheaper than a search of every kernel symbol. Names are interned (over hours a leaf IP is met
  // at thousands of addresses, all in one function); cleared past kMaxKernelNames.
  std::unordered_map<std::uint64_t, FrameName> kernel_names_;
  int fd_ = -1;
  void* mapping_ = nullptr;
  std::optional<PerfRing> ring_;
  ProfileMode mode_ = ProfileMode::unavailable;
  std::string reason_;
  SamplingClock clock_ = SamplingClock::cpu_clock;
  int frequency_hz_ = kDefaultProfileHz;
  pid_t pid_ = 0;
  std::optional<int> cpu_;  // set while the event samples this CPU rather than the process
};

}  // namespace pipetop
