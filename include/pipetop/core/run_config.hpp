#pragma once
// RunConfig: everything that decides how the writer and the reader move bytes. Built by the CLI (or
// by a key press in the dashboard), checked by validate(), then handed to a Session unchanged.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/duration.hpp"
#include "pipetop/core/error.hpp"
#include "pipetop/core/size.hpp"

namespace pipetop {

enum class WriterKind { write, vmsplice };
enum class ReaderKind { read, splice };

inline constexpr int kUnpinned = -1;

struct RunConfig {
  WriterKind writer = WriterKind::write;
  ReaderKind reader = ReaderKind::read;
  bool huge_pages = false;   // 2 MiB-aligned buffers with MADV_HUGEPAGE, verified after pre-faulting
  bool busy_loop = false;    // non-blocking fds / SPLICE_F_NONBLOCK, spinning on EAGAIN
  bool poll = false;         // poll(2) on the worker's own fd before each call
  bool gift = false;         // SPLICE_F_GIFT on vmsplice, SPLICE_F_MOVE on splice
  bool lock_memory = false;  // mlock the buffers
  bool no_touch = false;     // do not pre-fault the buffers
  bool same_buffer = false;  // both writer halves in one allocation instead of two
  bool verify = false;       // writer writes a position-dependent pattern, reader checks every byte
  std::uint64_t buffer_bytes = 256 * kKiB;
  std::optional<std::uint64_t> pipe_bytes;  // --pipe-size; unset: vmsplice rule, else kernel default
  std::optional<int> writer_cpu;            // unset: default pinning; kUnpinned: leave unpinned
  std::optional<int> reader_cpu;
  std::int64_t interval_ns = 10 * kNsPerMs;
  std::int64_t duration_ns = 5 * kNsPerS;
  std::optional<std::uint64_t> bytes_limit;  // --bytes: stop after the writer has moved this many
  std::vector<std::string> events;           // -e/--event: counted by each worker after the defaults
  bool user_only = false;                    // count user space only (default: user and kernel)
  bool no_counters = false;                  // open no counters at all (to measure their cost)
};

// The counters each worker opens: the default set then the user's events, without repeats; none with
// --no-counters.
[[nodiscard]] std::vector<std::string> counter_names(const RunConfig& config);

// Bytes one writer half holds: each writer syscall moves (up to) one half.
[[nodiscard]] std::uint64_t half_bytes(const RunConfig& config);

// The pipe size the session asks F_SETPIPE_SZ for: --pipe-size, else one half with vmsplice (so a
// completed vmsplice of one half proves the other half was consumed), else none (kernel default).
[[nodiscard]] std::optional<std::uint64_t> requested_pipe_bytes(const RunConfig& config);

[[nodiscard]] std::string_view to_string(WriterKind kind);
[[nodiscard]] std::string_view to_string(ReaderKind kind);

// Parse strategy names as written on the command line; a usage error names the word and the choices.
[[nodiscard]] Result<WriterKind> parse_writer_kind(std::string_view text);
[[nodiscard]] Result<ReaderKind> parse_reader_kind(std::string_view text);

// Pipe-size rounding as the kernel does it (round_pipe_size): up to a power-of-two number of pages.
[[nodiscard]] std::uint64_t kernel_pipe_bytes(std::uint64_t requested, std::uint64_t page_bytes);

}  // namespace pipetop
