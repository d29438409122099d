#pragma once
// What the parent learns about a session as session events, at no cost to its workers: the samples
// waiting in the rings, each worker's time accounting from /proc every tick, and every few seconds
// whether its buffers are still backed by huge pages (khugepaged, reclaim and DAMON can split them
// after the workers' own check).

#include <cstdint>
#include <vector>

#include "pipetop/core/machine_facts.hpp"
#include "pipetop/core/session_event.hpp"
#include "pipetop/system/session.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

inline constexpr std::int64_t kHugeRecheckNs = 3'000'000'000;

class SessionWatch {
 public:
  // `files` reads /proc (a fixture root in tests); `machine` names the THP settings when huge pages
  // are missing. Both must outlive the watch. The workers' times are read at most every
  // `times_every_ns` (every call when 0): the dashboard shows them live, a headless run needs only
  // their span.
  SessionWatch(const SystemFiles& files, const MachineFacts& machine, std::int64_t times_every_ns = 0)
      : files_(files), machine_(machine), times_every_ns_(times_every_ns) {}

  // Appends, for a running `session`, its samples, the workers' times read at `now_ns` when due, and
  // a huge-page recheck when one is due (with --huge-pages). Never blocks; a worker that is gone gives
  // no reading.
  void collect(Session& session, std::int64_t now_ns, std::vector<SessionEvent>& out);

  // Appends both workers' times read now, due or not (the last reading of a headless run).
  void read_times(const Session& session, std::int64_t now_ns, std::vector<SessionEvent>& out);

 private:
  const SystemFiles& files_;
  const MachineFacts& machine_;
  std::int64_t times_every_ns_;
  std::int64_t next_times_ns_ = 0;
  std::int64_t next_huge_ns_ = 0;
};

}  // namespace pipetop
