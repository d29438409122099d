#include "pipetop/system/pair_profiler.hpp"

#include <utility>

namespace pipetop {

PairProfiler::PairProfiler(const ProfilingPlan& plan, const Session& session, std::int64_t now_ns,
                           std::vector<SessionEvent>& out) {
  for (const WorkerRole role : {WorkerRole::writer, WorkerRole::reader}) {
    // pipetop's own workers are pinned where the config says; the user's program is wherever it runs.
    const std::optional<int>& pinned =
        role == WorkerRole::writer ? session.config().writer_cpu : session.config().reader_cpu;
    const std::optional<int> cpu = session.ends().ours(role) ? pinned : std::nullopt;
    Profiler profiler = Profiler::open(*plan.api, session.pid(role), plan.options, plan.environment, cpu);
    out.push_back(ProfileStarted{
        now_ns, role, {std::string(profiler.event()), profiler.mode(), profiler.reason(), profiler.frequency_hz()}});
    profilers_.emplace_back(role, std::move(profiler));
  }
}

void PairProfiler::drain(std::int64_t now_ns, std::vector<SessionEvent>& out) {
  for (auto& [role, profiler] : profilers_) {
    ProfileDrain drained = profiler.drain();
    if (drained.samples.empty() && drained.lost == 0) continue;
    out.push_back(ProfileBatch{now_ns, role, std::move(drained.samples), drained.lost});
  }
}

}  // namespace pipetop
