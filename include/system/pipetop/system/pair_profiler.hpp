#pragma once
// The live profile of a running pair: a Profiler on each worker, opened by the parent once the
// workers were told to go (so their set-up is not in it), drained every tick into session events. The
// workers' loops pay nothing but the sampling interrupts.

#include <cstdint>
#include <memory>
#include <vector>

#include "pipetop/core/figures/session_event.hpp"
#include "pipetop/system/perf_api.hpp"
#include "pipetop/system/profile_environment.hpp"
#include "pipetop/system/profiler.hpp"
#include "pipetop/system/session.hpp"

namespace pipetop {

// How a command profiles its sessions, decided and read once (kallsyms is large) and shared by all.
struct ProfilingPlan {
  PerfApi* api = nullptr;  // never null
  ProfileEnvironment environment;
  ProfilerOptions options;
};

class PairProfiler {
 public:
  // Opens a profile on each worker of `session` (running) and appends a ProfileStarted for each: how
  // it samples, or why it cannot. Never fails. `plan` must outlive the profiler.
  PairProfiler(const ProfilingPlan& plan, const Session& session, std::int64_t now_ns, std::vector<SessionEvent>& out);

  // Appends a ProfileBatch for each worker whose profile recorded or lost samples since the last
  // call. Never blocks.
  void drain(std::int64_t now_ns, std::vector<SessionEvent>& out);

 private:
  std::vector<std::pair<WorkerRole, Profiler>> profilers_;
};

}  // namespace pipetop
