#include "pipetop/core/run_summary.hpp"

#include <algorithm>
#include <vector>

#include "pipetop/core/other_end.hpp"
#include "pipetop/core/size.hpp"

namespace pipetop {
namespace {

std::vector<CounterSummary> summarize_counters(const std::vector<CounterInfo>& infos,
                                               const std::vector<Sample>& samples) {
  std::vector<CounterSummary> out;
  for (std::size_t i = 0; i < infos.size(); ++i) {
    CounterSummary c{infos[i], {}, {}, {}, {}};
    if (infos[i].state != CounterState::unavailable && samples.size() >= 2 && i < samples.back().counter_count &&
        i < samples.front().counter_count) {
      const Sample& first = samples.front();
      const Sample& last = samples.back();
      c.value = scaled_delta(first.counters[i], last.counters[i]);
      c.running_fraction = running_fraction(first.counters[i], last.counters[i]);
      const double seconds = static_cast<double>(last.t_ns - first.t_ns) / 1e9;
      const double gib = bytes_to_gib(static_cast<double>(last.bytes - first.bytes));
      if (c.value && seconds > 0) c.per_second = *c.value / seconds;
      if (c.value && gib > 0) c.per_gib = *c.value / gib;
    }
    out.push_back(std::move(c));
  }
  return out;
}

WorkerSummary summarize_worker(const std::vector<Sample>& samples, const std::vector<CounterInfo>& infos,
                               const CpuTime& cpu) {
  WorkerSummary w;
  if (samples.empty()) return w;
  const Sample& last = samples.back();
  w.bytes = last.bytes;
  w.syscalls = last.syscalls;
  w.eagain = last.eagain;
  w.counters = summarize_counters(infos, samples);
  w.derived = derive_figures(infos, samples.front(), last);
  const std::int64_t wall_ns = last.t_ns - samples.front().t_ns;
  if (wall_ns > 0 && cpu.user_ns + cpu.system_ns > 0) {
    w.cpu_user_percent = 100.0 * static_cast<double>(cpu.user_ns) / static_cast<double>(wall_ns);
    w.cpu_system_percent = 100.0 * static_cast<double>(cpu.system_ns) / static_cast<double>(wall_ns);
  }
  return w;
}

}  // namespace

HugePageResult combine_huge_pages(const HugePageResult& writer, const HugePageResult& reader) {
  HugePageResult both;
  both.requested = writer.requested || reader.requested;
  if (!both.requested) return both;
  both.verified = writer.verified && reader.verified;
  both.detail = "writer " + writer.detail + "; reader " + reader.detail;
  both.checked_ns = std::min(writer.checked_ns, reader.checked_ns);
  return both;
}

std::string_view to_string(WorkerRole role) {
  return role == WorkerRole::writer ? "writer" : "reader";
}

std::string_view to_string(EndReason reason) {
  switch (reason) {
    case EndReason::duration:
      return "duration reached";
    case EndReason::bytes:
      return "byte count reached";
    case EndReason::interrupted:
      return "interrupted";
    case EndReason::worker_failed:
      return "worker failed";
    case EndReason::other_end:
      return "the other program closed its end";
  }
  return "unknown";
}

WorkerRole paced_by(const RunOutcome& outcome) {
  return outcome.other_end && outcome.other_end->role == WorkerRole::reader ? WorkerRole::writer : WorkerRole::reader;
}

RunSummary summarize(const RunOutcome& outcome) {
  RunSummary summary{summarize_throughput(paced_by(outcome) == WorkerRole::writer ? outcome.writer : outcome.reader),
                     summarize_worker(outcome.writer, outcome.writer_counters, outcome.writer_cpu),
                     summarize_worker(outcome.reader, outcome.reader_counters, outcome.reader_cpu), PipeFill{}};
  for (const WorkerRole role : {WorkerRole::writer, WorkerRole::reader}) {
    const std::size_t i = role_index(role);
    WorkerSummary& worker = role == WorkerRole::writer ? summary.writer : summary.reader;
    const std::optional<WorkerProfile>& profile = outcome.profiles[i];
    if (profile) worker.profile = summarize_profile(*profile);
    if (!outcome.times_first[i] || !outcome.times_last[i]) continue;
    const ProcessTimes& from = *outcome.times_first[i];
    const ProcessTimes& to = *outcome.times_last[i];
    worker.cpu_wait_fraction = cpu_wait_fraction(from, to);
    const std::vector<Sample>& samples = role == WorkerRole::writer ? outcome.writer : outcome.reader;
    const std::optional<double> spinning =
        samples.size() >= 2 ? spin_share(samples.front(), samples.back()) : std::nullopt;
    const CpuTime cpu{to.cpu.user_ns - from.cpu.user_ns, to.cpu.system_ns - from.cpu.system_ns};
    worker.time = time_shares(from, to, spinning, user_fraction(cpu, profile ? &*profile : nullptr));
  }
  if (outcome.other_end) {  // the user's program: its counters as the parent read them
    const WorkerRole role = outcome.other_end->role;
    WorkerSummary& theirs = role == WorkerRole::writer ? summary.writer : summary.reader;
    const std::vector<CounterInfo>& infos =
        role == WorkerRole::writer ? outcome.writer_counters : outcome.reader_counters;
    const std::vector<Sample>& readings = outcome.other_counts;
    theirs.counters = summarize_counters(infos, readings);
    if (readings.size() >= 2) theirs.derived = derive_figures(infos, readings.front(), readings.back());
    const OtherEndCpu cpu = other_end_cpu(outcome);
    theirs.cpu_user_percent = cpu.user_percent;
    theirs.cpu_system_percent = cpu.system_percent;
  }
  summary.pipe_fill.add(outcome.reader, outcome.pipe_bytes);
  return summary;
}

std::optional<double> huge_pages_checked_s(const RunOutcome& outcome) {
  if (outcome.huge_pages.checked_ns == 0 || outcome.started_ns == 0) return std::nullopt;
  // The workers check before they start: that check is at 0 s.
  return std::max(0.0, static_cast<double>(outcome.huge_pages.checked_ns - outcome.started_ns) / 1e9);
}

}  // namespace pipetop
