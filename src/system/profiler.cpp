#include "pipetop/system/profiler.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <utility>

#include "pipetop/core/counters/perf_open_error.hpp"
#include "pipetop/system/perf_sample_record.hpp"

namespace pipetop {
namespace {

constexpr std::size_t kMaxKernelNames = 1 << 14;  // about 0.7 MB of hash nodes at most

FrameName unknown_frame() {
  static const FrameName name("[unknown]");
  return name;
}

int open_retrying(PerfApi& api, const perf_event_attr& attr, pid_t pid, std::optional<int> cpu, int& err) {
  int fd = -1;
  do {
    fd = cpu ? api.open_cpu(attr, *cpu, err) : api.open_process(attr, pid, -1, err);
  } while (fd < 0 && err == EINTR);
  return fd;
}

std::string kib(std::size_t bytes) {
  return std::to_string(bytes / 1024) + " KiB";
}

}  // namespace

Profiler::Profiler(PerfApi& api, std::shared_ptr<const KernelSymbols> kernel_symbols)
    : api_(&api), kernel_symbols_(std::move(kernel_symbols)) {}

Profiler::Profiler(Profiler&& other) noexcept
    : api_(other.api_),
      kernel_symbols_(std::move(other.kernel_symbols_)),
      user_symbols_(std::move(other.user_symbols_)),
      kernel_names_(std::move(other.kernel_names_)),
      fd_(std::exchange(other.fd_, -1)),
      mapping_(std::exchange(other.mapping_, nullptr)),
      ring_(std::exchange(other.ring_, std::nullopt)),
      mode_(std::exchange(other.mode_, ProfileMode::unavailable)),
      reason_(std::move(other.reason_)),
      clock_(other.clock_),
      frequency_hz_(other.frequency_hz_),
      pid_(other.pid_),
      cpu_(other.cpu_) {}

Profiler::~Profiler() {
  release();
}

void Profiler::release() noexcept {
  if (mapping_ != nullptr) api_->unmap(mapping_, ring_->mapped_bytes());
  if (fd_ >= 0) api_->close(fd_);
  mapping_ = nullptr;
  ring_.reset();
  fd_ = -1;
}

void Profiler::become_unavailable(std::string reason) {
  release();
  mode_ = ProfileMode::unavailable;
  reason_ = std::move(reason);
}

Profiler Profiler::open(PerfApi& api, pid_t pid, const ProfilerOptions& options, const ProfileEnvironment& environment,
                        std::optional<int> cpu) {
  Profiler profiler(api, environment.kernel_symbols);
  profiler.pid_ = pid;
  if (cpu && *cpu >= 0) profiler.cpu_ = cpu;
  const ProfileFacts& facts = environment.facts;
  profiler.frequency_hz_ =
      static_cast<int>(std::clamp<long>(options.frequency_hz, 1, std::max(1L, facts.max_sample_rate_hz)));
  profiler.clock_ = facts.hardware_pmu ? SamplingClock::cycles : SamplingClock::cpu_clock;
  const int max_frames = std::clamp(facts.max_stack_frames, 1, kMaxProfileFrames);
  if (!profiler.open_event(facts, max_frames, !environment.kernel_frames.allowed, environment.kernel_frames.reason) ||
      !profiler.map_ring(options, max_frames)) {
    return profiler;
  }
  Result<UserSymbols> user = UserSymbols::attach(pid);
  if (user) {
    profiler.user_symbols_ = std::move(*user);
  } else {
    profiler.reason_ +=
        (profiler.reason_.empty() ? "" : "; ") + std::string("user frames unnamed: ") + user.error().message;
  }
  int err = 0;
  if (api.ioctl(profiler.fd_, PERF_EVENT_IOC_ENABLE, 0, err) != 0) {
    profiler.become_unavailable("cannot start sampling: ioctl(PERF_EVENT_IOC_ENABLE): " + errno_text(err));
  }
  return profiler;
}

// Opens the sampling event: the CPU's falls back to the process's when the kernel refuses a CPU-wide
// event, cycles to cpu-clock (many VMs show a PMU that cannot sample), kernel and user frames to user
// frames when the kernel refuses the kernel's.
bool Profiler::open_event(const ProfileFacts& facts, int max_frames, bool user_only, std::string reason) {
  const pid_t pid = pid_;
  for (;;) {
    int err = 0;
    fd_ = open_retrying(*api_, sampling_attr(clock_, frequency_hz_, max_frames, user_only), pid, cpu_, err);
    if (fd_ >= 0) {
      mode_ = user_only ? ProfileMode::user_only : ProfileMode::kernel_and_user;
      reason_ = std::move(reason);
      return true;
    }
    if (err == ESRCH) {
      become_unavailable("process " + std::to_string(pid) + " has exited");
      return false;
    }
    if (cpu_ && (err == EACCES || err == EPERM)) {
      cpu_.reset();
      continue;
    }
    if (clock_ == SamplingClock::cycles) {
      clock_ = SamplingClock::cpu_clock;
      continue;
    }
    const PerfOpenContext context{false, user_only, facts.paranoid, facts.perfmon, facts.hardware_pmu};
    PerfOpenVerdict verdict = explain_perf_open_error(err, context);
    if (verdict.retry_user_only && !user_only) {
      user_only = true;
      reason = std::move(verdict.reason);
      continue;
    }
    become_unavailable("cannot sample process " + std::to_string(pid) + ": " + verdict.reason);
    return false;
  }
}

bool Profiler::map_ring(const ProfilerOptions& options, int max_frames) {
  const auto page_bytes = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  const std::size_t data_bytes =
      ring_data_pages(frequency_hz_, options.drain_interval_ns, max_frames, page_bytes) * page_bytes;
  int err = 0;
  mapping_ = api_->map(fd_, page_bytes + data_bytes, err);
  if (mapping_ == nullptr) {
    std::string reason = "cannot map the sample ring (" + kib(page_bytes + data_bytes) + "): " + errno_text(err);
    if (err == EPERM) reason += "; raise /proc/sys/kernel/perf_event_mlock_kb or RLIMIT_MEMLOCK";
    become_unavailable(std::move(reason));
    return false;
  }
  ring_.emplace(mapping_, page_bytes, data_bytes);
  return true;
}

ProfileSample Profiler::name_frames(const SampleRecord& record) {
  ProfileSample sample;
  sample.frames.reserve(record.frames.size());
  for (const SampledAddress& frame : record.frames) {
    if (frame.kernel) {
      sample.frames.push_back({kernel_name(frame.address), true});
    } else {
      sample.frames.push_back({user_symbols_ ? user_symbols_->name(frame.address) : unknown_frame(), false});
    }
  }
  return sample;
}

FrameName Profiler::kernel_name(std::uint64_t address) {
  if (const auto named = kernel_names_.find(address); named != kernel_names_.end()) return named->second;
  if (kernel_names_.size() >= kMaxKernelNames) kernel_names_.clear();
  const std::optional<KernelSymbol> symbol = kernel_symbols_->find(address);
  return kernel_names_.emplace(address, symbol ? FrameName(symbol->name) : unknown_frame()).first->second;
}

ProfileDrain Profiler::drain() {
  ProfileDrain drained;
  if (!ring_) return drained;
  const RingDrain ring = ring_->drain([&](std::span<const std::byte> record) {
    const std::uint32_t type = record_type(record);
    if (type == PERF_RECORD_SAMPLE) {
      if (const std::optional<SampleRecord> sample = decode_sample(record)) {
        // Through the CPU's event: what else ran on the CPU is not this process's profile.
        if (cpu_ && sample->pid != static_cast<std::uint32_t>(pid_)) return;
        drained.samples.push_back(name_frames(*sample));
      } else {
        drained.discarded_bytes += record.size();
      }
    } else if (type == PERF_RECORD_LOST) {
      if (const std::optional<std::uint64_t> lost = decode_lost(record)) {
        drained.lost += *lost;
      } else {
        drained.discarded_bytes += record.size();
      }
    }
    // Other records (throttling, ...) carry no samples.
  });
  drained.discarded_bytes += ring.discarded_bytes;
  return drained;
}

}  // namespace pipetop
