#pragma once
// The ways the writer puts bytes into the pipe and the reader takes them out, described once: their
// names (command line, JSON, words), what each does, the seed benchmark's flag for it, and what it
// needs from the rest of the configuration. validate(), the transfer loops, the keys and every report
// read these rows.

#include <array>
#include <string_view>

#include "pipetop/core/error.hpp"
#include "pipetop/core/run_config.hpp"

namespace pipetop {

struct WriterStrategy {
  WriterKind kind;
  std::string_view name;       // "vmsplice"
  std::string_view summary;    // for --help
  std::string_view seed_flag;  // "write_with_vmsplice"; "" for the seed's default
  bool references_pages;       // the pipe holds the writer's pages, not copies: it alternates two chunks, the
                               // pipe sized to half a buffer, so a chunk is reused only once consumed
  bool can_gift;               // --gift means something for it
};

struct ReaderStrategy {
  ReaderKind kind;
  std::string_view name;
  std::string_view summary;
  std::string_view seed_flag;
  bool sees_bytes;  // it has a buffer the bytes land in (so --verify can check them)
};

inline constexpr std::array<WriterStrategy, 2> kWriterStrategies{{
    {WriterKind::write, "write", "write(2) the whole buffer per call", "", false, false},
    {WriterKind::vmsplice, "vmsplice",
     "vmsplice(2) two buffers in turn, a whole buffer per call, into a pipe of half a buffer", "write_with_vmsplice",
     true, true},
}};

inline constexpr std::array<ReaderStrategy, 2> kReaderStrategies{{
    {ReaderKind::read, "read", "read(2) into a buffer, the buffer size per call", "", true},
    {ReaderKind::splice, "splice", "splice(2) to /dev/null, the buffer size per call", "read_with_splice", false},
}};

[[nodiscard]] const WriterStrategy& strategy_of(WriterKind kind);
[[nodiscard]] const ReaderStrategy& strategy_of(ReaderKind kind);

[[nodiscard]] std::string_view to_string(WriterKind kind);
[[nodiscard]] std::string_view to_string(ReaderKind kind);

// Strategy names as written on the command line; a usage error names the word and the choices.
[[nodiscard]] Result<WriterKind> parse_writer_kind(std::string_view text);
[[nodiscard]] Result<ReaderKind> parse_reader_kind(std::string_view text);

// "write | vmsplice": the choices, for --help and messages.
[[nodiscard]] std::string writer_choices();
[[nodiscard]] std::string reader_choices();

}  // namespace pipetop
