#include "pipetop/system/profile_environment.hpp"

#include <algorithm>

#include "pipetop/core/capabilities.hpp"
#include "pipetop/core/pmu_facts.hpp"
#include "pipetop/system/perf_facts.hpp"

namespace pipetop {
namespace {

constexpr int kCapSyslog = 34;

// `field` set from the number at the start of `path`, left as it is when there is none.
template <class T>
void read_number(const SystemFiles& files, const char* path, T& field) {
  if (const std::optional<long> value = files.number(path)) field = static_cast<T>(*value);
}

}  // namespace

ProfileFacts read_profile_facts(const SystemFiles& files) {
  ProfileFacts facts;
  read_number(files, "/proc/sys/kernel/perf_event_paranoid", facts.paranoid);
  read_number(files, "/proc/sys/kernel/kptr_restrict", facts.kptr_restrict);
  read_number(files, "/proc/sys/kernel/perf_event_max_sample_rate", facts.max_sample_rate_hz);
  read_number(files, "/proc/sys/kernel/perf_event_max_stack", facts.max_stack_frames);
  if (const Result<std::string> status = files.read("/proc/self/status")) {
    if (const std::optional<std::uint64_t> caps = parse_cap_eff(*status)) {
      facts.perfmon = has_cap(*caps, kCapPerfmon) || has_cap(*caps, kCapSysAdmin);
      facts.syslog = has_cap(*caps, kCapSyslog);
    }
  }
  const std::vector<std::string> devices = files.list(kEventSourceDevices);
  facts.hardware_pmu = std::any_of(devices.begin(), devices.end(), is_cpu_pmu);
  return facts;
}

ProfileEnvironment read_profile_environment(const SystemFiles& files) {
  ProfileEnvironment environment;
  environment.facts = read_profile_facts(files);
  environment.kernel_frames = kernel_frames_verdict(environment.facts, false);
  KernelSymbols symbols;
  if (environment.kernel_frames.allowed) {
    Result<KernelSymbols> loaded = KernelSymbols::load(files);
    if (loaded && loaded->size() > 0) {
      symbols = std::move(*loaded);
      environment.kernel_frames = kernel_frames_verdict(environment.facts, symbols.hidden());
    } else {
      environment.kernel_frames = {
          false, "user space only: kernel frames could not be named: " +
                     (loaded ? std::string(kKallsymsPath) + " lists no kernel function" : loaded.error().message)};
    }
  }
  if (!environment.kernel_frames.allowed) symbols = KernelSymbols{};
  environment.kernel_symbols = std::make_shared<const KernelSymbols>(std::move(symbols));
  return environment;
}

}  // namespace pipetop
