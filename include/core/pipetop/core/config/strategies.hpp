#pragma once
// The ways the writer puts bytes into the pipe and the reader takes them out, described once: their
// names (command line, JSON, words), what each does, the seed benchmark's flag for it (or that the
// seed has no form of it), which end the busy loop makes non-blocking, what it needs from the rest of
// the configuration, and the dashboard key that cycles a side's strategies. validate(), the transfer
// loops, the keys, the header, the completions and every report read these rows; the schemas' enums
// are tested against them.
//
// A new strategy: its kind in run_config.hpp, its row here (in the kind's order), its call in
// transfer_writer.cpp or transfer_reader.cpp (the compiler points there), and its name in
// schemas/run.schema.json (a test points there).

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/config/kind_rows.hpp"
#include "pipetop/core/config/named_rows.hpp"
#include "pipetop/core/config/run_config.hpp"

namespace pipetop {

// The seed benchmark's flag for a strategy: "" for its default; nullopt where it has no form of it.
using SeedFlag = std::optional<std::string_view>;

// What the busy loop does to a strategy's calls: the pipe's end set O_NONBLOCK (a call with no
// non-blocking flag of its own: write, read), or SPLICE_F_NONBLOCK on each call (vmsplice, splice).
enum class NonBlocking { fd, call_flag };

struct WriterStrategy {
  WriterKind kind;
  std::string_view name;     // "vmsplice"
  std::string_view summary;  // for --help
  SeedFlag seed_flag;        // "write_with_vmsplice"
  NonBlocking busy_loop;     // how the busy loop stops it from sleeping
  bool references_pages;     // the pipe holds the writer's pages, not copies: it alternates two chunks, the
                             // pipe sized to half a buffer, so a chunk is reused only once consumed
  bool can_gift;             // --gift means something for it
};

struct ReaderStrategy {
  ReaderKind kind;
  std::string_view name;
  std::string_view summary;
  SeedFlag seed_flag;
  NonBlocking busy_loop;
  bool sees_bytes;  // it has a buffer the bytes land in (so --verify can check them)
};

// The dashboard key that moves a side to its next strategy (the writer's key: the article's two, write
// and vmsplice; sendfile is the command line's), its word in the footer and its line in
// the help overlay (naming every strategy of the side; a test checks it).
struct StrategyKey {
  char key;
  std::string_view footer;
  std::string_view help;
};

inline constexpr std::array<WriterStrategy, 3> kWriterStrategies{{
    {WriterKind::write, "write", "write(2) the whole buffer per call", "", NonBlocking::fd, false, false},
    {WriterKind::vmsplice, "vmsplice",
     "vmsplice(2) two buffers in turn, a whole buffer per call, into a pipe of half a buffer", "write_with_vmsplice",
     NonBlocking::call_flag, true, true},
    {WriterKind::sendfile, "sendfile",
     "sendfile(2) from a memfd holding the buffers, two in turn as vmsplice (not in the seed)", std::nullopt,
     NonBlocking::fd, true, false},
}};
inline constexpr StrategyKey kWriterKey{'v', "vmsplice", "write ⇄ vmsplice"};

inline constexpr std::array<ReaderStrategy, 2> kReaderStrategies{{
    {ReaderKind::read, "read", "read(2) into a buffer, the buffer size per call", "", NonBlocking::fd, true},
    {ReaderKind::splice, "splice", "splice(2) to /dev/null, the buffer size per call", "read_with_splice",
     NonBlocking::call_flag, false},
}};
inline constexpr StrategyKey kReaderKey{'s', "splice", "read ⇄ splice"};

// The rows are in their kinds' order, so a kind is its row's index.
static_assert(rows_in_kind_order(kWriterStrategies), "kWriterStrategies follows WriterKind's order");
static_assert(rows_in_kind_order(kReaderStrategies), "kReaderStrategies follows ReaderKind's order");

[[nodiscard]] const WriterStrategy& strategy_of(WriterKind kind);
[[nodiscard]] const ReaderStrategy& strategy_of(ReaderKind kind);

[[nodiscard]] std::string_view to_string(WriterKind kind);
[[nodiscard]] std::string_view to_string(ReaderKind kind);

// Strategy names as written on the command line; a usage error names the word and the choices.
[[nodiscard]] Result<WriterKind> parse_writer_kind(std::string_view text);
[[nodiscard]] Result<ReaderKind> parse_reader_kind(std::string_view text);

}  // namespace pipetop
