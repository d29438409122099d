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
  // are missing. Both must outlive the watch.
  SessionWatch(const SystemFiles& files, const MachineFacts& machine) : files_(files), machine_(machine) {}

  // Appends, for a running `session`, its samples, the workers' times read at `now_ns`, and a
  // huge-page recheck when one is due (with --huge-pages). Never blocks; a worker that is gone gives
  // no reading.
  void collect(Session& session, std::int64_t now_ns, std::vector<SessionEvent>& out);

 private:
  const SystemFiles& files_;
  const MachineFacts& machine_;
  std::int64_t next_huge_ns_ = 0;
};

}  // namespace pipetop
