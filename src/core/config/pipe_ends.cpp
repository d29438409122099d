#include "pipetop/core/config/pipe_ends.hpp"

#include <span>

#include "pipetop/core/config/flag_options.hpp"
#include "pipetop/core/config/given_options.hpp"

namespace pipetop {
namespace {

std::string_view form_of(EndsKind kind) {
  switch (kind) {
    case EndsKind::stdin_reader:
      return "--stdin";
    case EndsKind::command_reader:
      return "-- COMMAND";
    case EndsKind::stdout_writer:
      return "--stdout";
    case EndsKind::own_pair:
      break;
  }
  return "";
}

Result<void> check_stream(const char* form, const char* stream, FdKind kind, const char* example) {
  if (kind == FdKind::pipe) return {};
  return std::unexpected(usage_error(std::string(form) + " needs " + stream + " to be a pipe, and it is " +
                                         (kind == FdKind::closed ? "closed" : "a " + std::string(to_string(kind))),
                                     std::string("use it in a pipeline: ") + example));
}

Result<void> check_pipe_ends(const PipeEnds& ends, const std::vector<std::string>& given, FdKind stdin_kind,
                             FdKind stdout_kind) {
  const std::string form(form_of(ends.kind));
  if (ends.pass && ends.kind != EndsKind::stdin_reader && ends.kind != EndsKind::command_reader) {
    return std::unexpected(usage_error("--pass forwards what pipetop reads: it needs --stdin or -- COMMAND",
                                       "producer | pipetop run --stdin --pass | consumer"));
  }
  if (ends.kind == EndsKind::own_pair) return {};
  const bool reads = !ends.ours(WorkerRole::writer);
  const std::string option = first_option_only_for(given, reads ? WorkerRole::writer : WorkerRole::reader);
  if (std::find(std::begin(kBothEndsValueOptions), std::end(kBothEndsValueOptions), option) !=
      std::end(kBothEndsValueOptions)) {
    return std::unexpected(usage_error(option + " joins pipetop's own writer to its own reader, but with " + form +
                                           " the other program holds one end, through its own pipe",
                                       "drop " + option + ", or run pipetop at both ends"));
  }
  if (!option.empty()) {
    const std::string who = reads ? "writer" : "reader";
    return std::unexpected(usage_error(std::string(option) + " configures pipetop's " + who + ", but with " + form +
                                           " the " + who + " is the other program",
                                       reads ? "with --stdin or -- COMMAND pipetop is the reader: --reader, "
                                               "--busy-loop, --pipe-size and the counters apply"
                                             : "with --stdout pipetop is the writer: --writer, --huge-pages, "
                                               "--busy-loop, --bytes and the other writer options apply"));
  }
  if (ends.kind == EndsKind::stdin_reader) {
    return check_stream("--stdin", "stdin", stdin_kind, "producer | pipetop run --stdin");
  }
  if (ends.kind == EndsKind::stdout_writer) {
    return check_stream("--stdout", "stdout", stdout_kind, "pipetop run --stdout | consumer");
  }
  return {};
}

}  // namespace

std::string first_option_only_for(const std::vector<std::string>& given, WorkerRole role) {
  const std::span<const std::string_view> values =
      role == WorkerRole::writer ? std::span<const std::string_view>(kWriterValueOptions) : kReaderValueOptions;
  for (const std::string_view option : values) {
    if (option_given(given, option)) return std::string(option);
  }
  for (const std::string_view option : kBothEndsValueOptions) {
    if (option_given(given, option)) return std::string(option);
  }
  for (const FlagOption& flag : kFlagOptions) {
    const bool only_this_side =
        flag.side == FlagSide::both_ends || (flag.side == FlagSide::writer && role == WorkerRole::writer);
    if (only_this_side && option_given(given, "--" + std::string(flag.name))) return "--" + std::string(flag.name);
  }
  return {};
}

bool PipeEnds::ours(WorkerRole role) const {
  switch (kind) {
    case EndsKind::own_pair:
      return true;
    case EndsKind::stdin_reader:
    case EndsKind::command_reader:
      return role == WorkerRole::reader;
    case EndsKind::stdout_writer:
      return role == WorkerRole::writer;
  }
  return true;
}

WorkerRole PipeEnds::measured() const {
  return kind == EndsKind::stdout_writer ? WorkerRole::writer : WorkerRole::reader;
}

WorkerRole PipeEnds::theirs() const {
  return measured() == WorkerRole::reader ? WorkerRole::writer : WorkerRole::reader;
}

std::string_view to_string(FdKind kind) {
  switch (kind) {
    case FdKind::pipe:
      return "pipe";
    case FdKind::terminal:
      return "terminal";
    case FdKind::regular_file:
      return "regular file";
    case FdKind::closed:
      return "closed stream";
    case FdKind::other:
      break;
  }
  return "socket or device";
}

std::string_view other_end_words(EndsKind kind) {
  switch (kind) {
    case EndsKind::stdin_reader:
      return "producer (stdin)";
    case EndsKind::command_reader:
      return "command";
    case EndsKind::stdout_writer:
      return "consumer (stdout)";
    case EndsKind::own_pair:
      break;
  }
  return "";
}

Result<PipeEnds> choose_pipe_ends(const EndsRequest& request, FdKind stdin_kind, FdKind stdout_kind) {
  const int forms = int{request.stdin_flag} + int{request.stdout_flag} + int{!request.command.empty()};
  if (forms > 1) {
    return std::unexpected(usage_error("--stdin, --stdout and -- COMMAND each name the other end of the pipe: give one",
                                       "--stdin: pipetop reads its stdin; -- COMMAND: it reads the command's "
                                       "output; --stdout: it writes to its stdout"));
  }
  PipeEnds ends;
  ends.pass = request.pass;
  ends.command = request.command;
  if (request.stdin_flag) {
    ends.kind = EndsKind::stdin_reader;
  } else if (request.stdout_flag) {
    ends.kind = EndsKind::stdout_writer;
  } else if (!request.command.empty()) {
    ends.kind = EndsKind::command_reader;
  } else if ((stdin_kind == FdKind::pipe || request.pass) &&
             first_option_only_for(request.given, WorkerRole::writer).empty()) {
    ends.kind = EndsKind::stdin_reader;  // `producer | pipetop run`: stdin is what to measure
  }
  ends.until_end = !ends.ours(WorkerRole::writer) && !option_given(request.given, "--duration");
  if (Result<void> ok = check_pipe_ends(ends, request.given, stdin_kind, stdout_kind); !ok) {
    return std::unexpected(ok.error());
  }
  return ends;
}

RunConfig config_for_ends(RunConfig config, const PipeEnds& ends, const std::vector<std::string>& given) {
  if (!ends.ours(WorkerRole::writer) && !option_given(given, "--reader")) config.reader = ReaderKind::splice;
  return config;
}

}  // namespace pipetop
