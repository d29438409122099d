#include "pipetop/app/run_command.hpp"

#include <unistd.h>

#include <cstdio>
#include <string>

#include "pipetop/app/export_files.hpp"
#include "pipetop/app/print_error.hpp"
#include "pipetop/app/session_driver.hpp"
#include "pipetop/app/signals.hpp"
#include "pipetop/app/worker_plan.hpp"
#include "pipetop/core/other_end.hpp"
#include "pipetop/system/machine_reader.hpp"
#include "pipetop/system/pipe_peer.hpp"
#include "pipetop/system/stream_kind.hpp"
#include "pipetop/system/session.hpp"

namespace pipetop {
namespace {

void emit(std::FILE* out, const std::string& text) {
  if (text.empty()) return;
  std::fwrite(text.data(), 1, text.size(), out);
  std::fflush(out);
}

// The ends the command line asked for, and the program at the other end of stdin or stdout when
// there is one to find (a command pipetop starts is known from its start).
Result<DriveEnds> find_ends(const EndsRequest& request, const SystemFiles& files) {
  Result<PipeEnds> ends = choose_pipe_ends(request, stream_kind(STDIN_FILENO), stream_kind(STDOUT_FILENO));
  if (!ends) return std::unexpected(ends.error());
  DriveEnds drive;
  drive.ends = *ends;
  if (ends->kind != EndsKind::stdin_reader && ends->kind != EndsKind::stdout_writer) return drive;
  const bool reads = ends->kind == EndsKind::stdin_reader;
  if (const std::optional<std::uint64_t> inode = pipe_inode(reads ? STDIN_FILENO : STDOUT_FILENO)) {
    const PipePeer peer = find_pipe_peer(files, *inode, reads, getpid());
    drive.other_pid = peer.pid;
    drive.other_command = peer.command_line;
    drive.unknown_reason = peer.unknown_reason;
  }
  return drive;
}

}  // namespace

int run_headless(const RunCommand& command, const SystemFiles& files) {
  const Result<DriveEnds> ends = find_ends(command.ends, files);
  if (!ends) return print_error(ends.error());
  Result<WorkerPlan> plan =
      plan_workers(config_for_ends(command.config, ends->ends, command.ends.given), read_machine_facts(files));
  if (!plan) return print_error(plan.error());
  // Where stdout carries the data (--stdout, --pass), the report goes to stderr.
  std::FILE* out = ends->ends.kind == EndsKind::stdout_writer || ends->ends.pass ? stderr : stdout;
  if (plan->pinning.shared) std::fprintf(stderr, "pipetop: %s\n", plan->pinning.reason.c_str());

  Result<SignalWatch> signals = SignalWatch::install();
  if (!signals) return print_error(signals.error());
  const WorkerRole ours = ends->ends.measured();
  std::unique_ptr<Report> report = make_report(command.format, ours);
  bool header_written = false;
  const auto header = [&](const std::vector<CounterInfo>& counters) {
    if (!header_written) emit(out, report->header(counters));
    header_written = true;
  };
  const Result<DrivenRun> run = drive_session(
      *plan, &*signals, files,
      {[&](const Session& session) { header(session.counters(ours)); },
       [&](WorkerRole role, const Sample& sample) {
         if (!command.quiet) emit(out, report->sample(role, sample));
       }},
      *ends);
  if (!run) return print_error(run.error());
  const RunOutcome& outcome = run->outcome;
  header(ours == WorkerRole::writer ? outcome.writer_counters : outcome.reader_counters);  // interrupted in set-up
  emit(out, report->summary(outcome));
  if (!command.export_prefix.empty()) {
    if (const int code = export_and_report(command.export_prefix, {make_trial(outcome)}, files); code != 0) {
      return code;
    }
  }

  if (outcome.end == EndReason::worker_failed) {
    std::fprintf(stderr, "pipetop: %s\n", outcome.failure.c_str());
    return static_cast<int>(ExitCode::runtime);
  }
  return run_exit_code(outcome, run->signal);
}

}  // namespace pipetop
