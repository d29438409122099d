#pragma once
// Which ends of the pipe are pipetop's own workers, and what holds the others: both ours (the
// experiment), pipetop reading the user's program (its stdin, or a command it starts), or pipetop
// writing into the user's program (its stdout). The rules that tie the command line to them live here.

#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/figures/worker_role.hpp"

namespace pipetop {

enum class EndsKind {
  own_pair,        // pipetop's writer and reader on a pipe of their own
  stdin_reader,    // pipetop reads its stdin: `producer | pipetop run --stdin`
  command_reader,  // pipetop starts a command and reads its stdout: `pipetop run -- cmd ARGS`
  stdout_writer,   // pipetop writes its stdout: `pipetop run --stdout | consumer`
};

struct PipeEnds {
  EndsKind kind = EndsKind::own_pair;
  std::vector<std::string> command;  // command_reader: its argv
  bool pass = false;                 // the reader forwards every byte to stdout (--pass)
  bool until_end = false;            // no --duration given: read until the other program closes its end

  // Whether `role` is one of pipetop's workers (else the user's program holds that end).
  [[nodiscard]] bool ours(WorkerRole role) const;
  // The role pipetop's measured worker plays: the reader unless pipetop writes to stdout.
  [[nodiscard]] WorkerRole measured() const;
  // The role the user's program plays: the other one (meaningless for own_pair).
  [[nodiscard]] WorkerRole theirs() const;
};

// What a standard stream is, from fstat(2): the forms that read or write one need a pipe.
enum class FdKind { pipe, terminal, regular_file, closed, other };
[[nodiscard]] std::string_view to_string(FdKind kind);

// Options that configure only the writer or only the reader, as spelt on the command line.
// The options of pipetop's writer, or reader, only that are not on/off flags; each flag says whose it
// is in kFlagOptions (its side).
inline constexpr std::string_view kWriterValueOptions[] = {"--writer", "--writer-cpu", "--bytes"};
inline constexpr std::string_view kReaderValueOptions[] = {"--reader", "--reader-cpu"};
// Value options that need pipetop at both ends (what joins its writer to its reader).
inline constexpr std::string_view kBothEndsValueOptions[] = {"--transport"};

// The first option of `given` that configures only `role`'s worker, or needs pipetop at both ends; "" if none.
[[nodiscard]] std::string first_option_only_for(const std::vector<std::string>& given, WorkerRole role);

// What the command line asked of the ends (`pipetop run`).
struct EndsRequest {
  bool stdin_flag = false;           // --stdin
  bool stdout_flag = false;          // --stdout
  bool pass = false;                 // --pass
  std::vector<std::string> command;  // after --
  std::vector<std::string> given;    // every option named on the command line ("--writer", "--duration"...)
};

// The ends of `request`, given what stdin and stdout are: --stdin, --stdout, -- COMMAND, or, with none of
// them, stdin when it is a pipe and no writer option was given (`producer | pipetop run`), else
// pipetop's own pair. Without --duration a form that reads the user's program runs until it closes
// its end. A usage error names what does not go together (two forms; a writer option when the user's
// program writes, a reader option when it reads; --pass without a reader of ours) or what the stream
// is instead of a pipe (--stdin from a terminal, a closed stream or a regular file; --stdout to a
// terminal).
[[nodiscard]] Result<PipeEnds> choose_pipe_ends(const EndsRequest& request, FdKind stdin_kind, FdKind stdout_kind);

// `config` for `ends`: a reader of ours on the user's program splices to /dev/null unless --reader
// was given (`given` as in EndsRequest).
[[nodiscard]] RunConfig config_for_ends(RunConfig config, const PipeEnds& ends, const std::vector<std::string>& given);

// The other end in words, for summaries: "producer (stdin)", "command", "consumer (stdout)".
[[nodiscard]] std::string_view other_end_words(EndsKind kind);

}  // namespace pipetop
