#include "pipetop/system/session_watch.hpp"

#include <string>

#include "pipetop/system/huge_pages.hpp"

namespace pipetop {
namespace {

// A worker's buffers now: no buffer (a splice reader) needs no huge page.
HugePageResult recheck(const Session& session, WorkerRole role, const MachineFacts& machine) {
  const std::vector<AddressRange> buffers = session.buffers(role);
  if (buffers.empty()) return {true, true, "no buffer (splice)", 0};
  return check_huge_pages(buffers, std::to_string(session.pid(role)), machine);
}

}  // namespace

void SessionWatch::collect(Session& session, std::int64_t now_ns, std::vector<SessionEvent>& out) {
  session.drain([&](WorkerRole role, const Sample& s) {
    out.emplace_back(std::in_place_type<WorkerSample>, role, s);
    if (role == session.ends().measured()) ours_bytes_ = s.bytes;
  });
  if (session.phase() != Session::Phase::running) return;
  if (now_ns >= next_times_ns_) {
    read_times(session, now_ns, out);
  } else if (session.ends().kind != EndsKind::own_pair) {
    // The user's program may end at any moment, and its /proc with it (a producer on stdin is no child
    // of pipetop's): read every tick, its last reading is at most a tick old.
    read_role_times(session, session.ends().theirs(), now_ns, out);
    read_other_counts(session, now_ns, out);
  }
  if (profiling_ != nullptr && !profiler_) profiler_.emplace(*profiling_, session, now_ns, out);
  drain_profiles(now_ns, out);
  if (!session.config().huge_pages || session.config().no_touch) return;
  if (next_huge_ns_ == 0) next_huge_ns_ = now_ns + kHugeRecheckNs;  // the workers checked at the start
  if (now_ns < next_huge_ns_) return;
  next_huge_ns_ = now_ns + kHugeRecheckNs;
  out.emplace_back(std::in_place_type<HugePagesSeen>, now_ns,
                   combine_huge_pages(recheck(session, WorkerRole::writer, machine_),
                                      recheck(session, WorkerRole::reader, machine_)));
}

void SessionWatch::read_times(Session& session, std::int64_t now_ns, std::vector<SessionEvent>& out) {
  next_times_ns_ = now_ns + times_every_ns_;
  for (const WorkerRole role : kWorkerRoles) read_role_times(session, role, now_ns, out);
  read_other_counts(session, now_ns, out);
}

void SessionWatch::read_role_times(const Session& session, WorkerRole role, std::int64_t now_ns,
                                   std::vector<SessionEvent>& out) {
  if (const std::optional<ProcessTimes> times = times_[role_index(role)].read(session.pid(role), now_ns)) {
    out.emplace_back(std::in_place_type<WorkerTimes>, role, *times);
  }
}

void SessionWatch::read_other_counts(Session& session, std::int64_t now_ns, std::vector<SessionEvent>& out) {
  if (!ours_bytes_) return;  // nothing moved yet to count the program's figures per byte against
  Sample theirs;
  theirs.t_ns = now_ns;
  theirs.bytes = *ours_bytes_;
  if (!session.read_other_counters(theirs)) return;
  out.emplace_back(std::in_place_type<OtherCounts>, session.ends().theirs(), theirs);
}

void SessionWatch::drain_profiles(std::int64_t now_ns, std::vector<SessionEvent>& out) {
  if (profiler_) profiler_->drain(now_ns, out);
}

}  // namespace pipetop
