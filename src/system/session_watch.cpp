#include "pipetop/system/session_watch.hpp"

#include <string>

#include "pipetop/system/huge_pages.hpp"
#include "pipetop/system/process_watch.hpp"

namespace pipetop {
namespace {

constexpr std::array<WorkerRole, 2> kRoles{WorkerRole::writer, WorkerRole::reader};

// A worker's buffers now: no buffer (a splice reader) needs no huge page.
HugePageResult recheck(const Session& session, WorkerRole role, const MachineFacts& machine) {
  const std::vector<AddressRange> buffers = session.buffers(role);
  if (buffers.empty()) return {true, true, "no buffer (splice)", 0};
  return check_huge_pages(buffers, std::to_string(session.pid(role)), machine);
}

}  // namespace

void SessionWatch::collect(Session& session, std::int64_t now_ns, std::vector<SessionEvent>& out) {
  session.drain(
      [&out](WorkerRole role, const Sample& s) { out.emplace_back(std::in_place_type<WorkerSample>, role, s); });
  if (session.phase() != Session::Phase::running) return;
  if (now_ns >= next_times_ns_) read_times(session, now_ns, out);
  if (!session.config().huge_pages || session.config().no_touch) return;
  if (next_huge_ns_ == 0) next_huge_ns_ = now_ns + kHugeRecheckNs;  // the workers checked at the start
  if (now_ns < next_huge_ns_) return;
  next_huge_ns_ = now_ns + kHugeRecheckNs;
  out.emplace_back(std::in_place_type<HugePagesSeen>, now_ns,
                   combine_huge_pages(recheck(session, WorkerRole::writer, machine_),
                                      recheck(session, WorkerRole::reader, machine_)));
}

void SessionWatch::read_times(const Session& session, std::int64_t now_ns, std::vector<SessionEvent>& out) {
  next_times_ns_ = now_ns + times_every_ns_;
  for (const WorkerRole role : kRoles) {
    if (const std::optional<ProcessTimes> times = read_process_times(files_, session.pid(role), now_ns)) {
      out.emplace_back(std::in_place_type<WorkerTimes>, role, *times);
    }
  }
}

}  // namespace pipetop
