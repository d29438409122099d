#pragma once
// What the parent learns about one session as session events, at no cost to its workers: the samples
// waiting in the rings, each worker's time accounting from /proc every tick, each worker's profile
// when the session is profiled, and every few seconds whether its buffers are still backed by huge
// pages (khugepaged, reclaim and DAMON can split them after the workers' own check); with the user's
// program at one end, its times and counters every tick (it may end at any moment, its /proc with it;
// the counters from the first sample of pipetop's worker on).

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "pipetop/core/figures/session_event.hpp"
#include "pipetop/core/machine/machine_facts.hpp"
#include "pipetop/system/pair_profiler.hpp"
#include "pipetop/system/process_watch.hpp"
#include "pipetop/system/session.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

inline constexpr std::int64_t kHugeRecheckNs = 3'000'000'000;

class SessionWatch {
 public:
  // `files` reads /proc (a fixture root in tests); `machine` names the THP settings when huge pages
  // are missing; `profiling`, when not null, profiles the workers. All must outlive the watch, which
  // watches one session. The workers' times are read at most every `times_every_ns` (every call
  // when 0): the dashboard shows them live, a headless run needs only their span.
  SessionWatch(const SystemFiles& files, const MachineFacts& machine, std::int64_t times_every_ns = 0,
               const ProfilingPlan* profiling = nullptr)
      : machine_(machine),
        times_every_ns_(times_every_ns),
        times_{ProcessTimesReader(files), ProcessTimesReader(files)},
        profiling_(profiling) {}

  // Appends its samples and, once `session` runs, the workers' times read at `now_ns` when due,
  // their profiles (started at the first call that sees it running, then drained every call), and a
  // huge-page recheck when one is due (with --huge-pages). Never blocks; a worker that is gone gives
  // no reading.
  void collect(Session& session, std::int64_t now_ns, std::vector<SessionEvent>& out);

  // Appends both workers' times read now, due or not (the last reading of a headless run), and the
  // user's program's counters when the session opened them (OtherCounts, stamped with the bytes of
  // the last sample of pipetop's worker).
  void read_times(Session& session, std::int64_t now_ns, std::vector<SessionEvent>& out);

  // Appends what the workers' profiles recorded since the last call, if they are profiled (the last
  // samples of a headless run, before its workers stop). Never blocks.
  void drain_profiles(std::int64_t now_ns, std::vector<SessionEvent>& out);

 private:
  const MachineFacts& machine_;
  std::int64_t times_every_ns_;
  std::int64_t next_times_ns_ = 0;
  std::array<ProcessTimesReader, 2> times_;  // by role_index
  const ProfilingPlan* profiling_;
  std::optional<PairProfiler> profiler_;
  std::int64_t next_huge_ns_ = 0;
  void read_other_counts(Session& session, std::int64_t now_ns, std::vector<SessionEvent>& out);
  void read_role_times(const Session& session, WorkerRole role, std::int64_t now_ns, std::vector<SessionEvent>& out);

  std::optional<std::uint64_t> ours_bytes_;  // the last sample's of pipetop's worker
};

}  // namespace pipetop
