#include "pipetop/app/run_command.hpp"

#include <unistd.h>

#include <cstdio>
#include <string>

#include "pipetop/app/export_files.hpp"
#include "pipetop/app/finish_output.hpp"
#include "pipetop/app/print_error.hpp"
#include "pipetop/app/session_driver.hpp"
#include "pipetop/app/signals.hpp"
#include "pipetop/app/worker_plan.hpp"
#include "pipetop/core/run_verdict.hpp"
#include "pipetop/core/other_end.hpp"
#include "pipetop/system/machine_reader.hpp"
#include "pipetop/system/pipe_peer.hpp"
#include "pipetop/system/stream_kind.hpp"
#include "pipetop/system/session.hpp"

namespace pipetop {
namespace {

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

int report_run(const RunCommand& command, const SystemFiles& files, const SignalWatch& signals, OutputStream& out,
               const WorkerPlan& plan, const DriveEnds& ends);

}  // namespace

int run_headless(const RunCommand& command, const SystemFiles& files, const SignalWatch& signals, OutputStream& out) {
  const Result<DriveEnds> ends = find_ends(command.ends, files);
  if (!ends) return print_error(ends.error());
  Result<WorkerPlan> plan =
      plan_workers(config_for_ends(command.config, ends->ends, command.ends.given), read_machine_facts(files));
  if (!plan) return print_error(plan.error());
  if (plan->pinning.shared) std::fprintf(stderr, "pipetop: %s\n", plan->pinning.reason.c_str());
  if (Result<void> can = check_export_prefix(command.export_prefix, command.overwrite); !can) {
    return print_error(can.error());
  }
  if (ends->ends.kind != EndsKind::stdout_writer && !ends->ends.pass) {
    return report_run(command, files, signals, out, *plan, *ends);
  }
  OutputStream stderr_out(STDERR_FILENO);  // stdout carries the data
  return finish_output(stderr_out, report_run(command, files, signals, stderr_out, *plan, *ends), signals);
}

namespace {

int report_run(const RunCommand& command, const SystemFiles& files, const SignalWatch& signals, OutputStream& out,
               const WorkerPlan& plan, const DriveEnds& ends) {
  const WorkerRole ours = ends.ends.measured();
  std::unique_ptr<Report> report = make_report(command.format, ours);
  bool header_written = false;
  const auto header = [&](const std::vector<CounterInfo>& counters) {
    if (!header_written) out.write(report->header(counters));
    header_written = true;
  };
  // A line per sample may be dropped when the output is not read as fast: the run never waits for it.
  const Result<DrivenRun> run = drive_session(
      plan, &signals, files,
      {[&](const Session& session) { header(session.counters(ours)); },
       [&](WorkerRole role, const Sample& sample) {
         if (!command.quiet) out.write_droppable(report->sample(role, sample));
       }},
      ends);
  if (!run) return print_error(run.error());
  const RunOutcome& outcome = run->outcome;
  header(ours == WorkerRole::writer ? outcome.writer_counters : outcome.reader_counters);  // interrupted in set-up
  out.write(report->summary(outcome));
  if (!command.export_prefix.empty()) {
    const int code = export_and_report(command.export_prefix, {make_trial(outcome)}, files, command.overwrite);
    if (code != 0) return code;
  }

  const RunVerdict verdict = judge_run(outcome);
  for (const std::string& problem : verdict.problems) std::fprintf(stderr, "pipetop: %s\n", problem.c_str());
  const int code = run_exit_code(verdict, run->signal);
  return code != 0 ? code : command_exit_code(outcome).value_or(0);
}

}  // namespace

}  // namespace pipetop
