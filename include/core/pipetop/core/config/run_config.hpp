#pragma once
// RunConfig: everything that decides how the writer and the reader move bytes. Built by the CLI (or
// by a key press in the dashboard), checked by validate(), then handed to a Session unchanged.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/base/duration.hpp"
#include "pipetop/core/base/error.hpp"
#include "pipetop/core/base/size.hpp"
#include "pipetop/core/config/transports.hpp"  // TransportKind

namespace pipetop {

enum class WriterKind { write, vmsplice, sendfile };
enum class ReaderKind { read, splice };
enum class PageKind { small, thp, hugetlb, hugetlb_1g };  // described in page_kinds.hpp
enum class Prefault { touch, populate, madvise, none };   // described in prefaults.hpp

inline constexpr int kUnpinned = -1;
// Where glibc's malloc puts the bytes of a chunk it maps: past the chunk's 16-byte header. The seed
// benchmark's buffers start there, so pipetop's do unless --buffer-offset says otherwise.
inline constexpr std::uint64_t kMallocOffsetBytes = 16;
inline constexpr std::uint64_t kHugePageBytes = 2 * 1024 * 1024;  // a transparent huge page on x86-64

struct RunConfig {
  WriterKind writer = WriterKind::write;
  ReaderKind reader = ReaderKind::read;
  TransportKind transport = TransportKind::pipe;  // --transport: what joins the writer to the reader
  // The flags: each is described once in flag_options.hpp (what it does, its names, its key).
  bool huge_pages = false;
  bool busy_loop = false;
  bool poll = false;
  bool gift = false;
  bool lock_memory = false;
  bool no_touch = false;
  bool same_buffer = false;
  bool verify = false;
  bool zerocopy = false;
  // --pages and --prefault beyond the seed's two flags: `pages` never holds thp (that is huge_pages, the
  // seed's --huge-pages) and `prefault` never none (that is no_touch, the seed's --no-touch), so each
  // choice has one spelling; page_kind() and prefault_of() read the pair.
  PageKind pages = PageKind::small;
  Prefault prefault = Prefault::touch;
  // The size of every write, read, splice and vmsplice call, as the seed benchmark's --buf_size: the
  // writer owns one buffer of it (write), or two that it vmsplices in turn (vmsplice; with
  // --same-buffer, one buffer whose two halves it vmsplices in turn); the reader owns one (read).
  std::uint64_t buffer_bytes = 256 * kKiB;
  std::optional<std::uint64_t> pipe_bytes;  // --pipe-size; unset: vmsplice rule, else kernel default
  // --buffer-offset: where each buffer's bytes start past a page boundary; unset: where the seed's
  // allocator puts them (buffer_offset_bytes).
  std::optional<std::uint64_t> buffer_offset;
  std::optional<int> writer_cpu;  // unset: default pinning; kUnpinned: leave unpinned
  std::optional<int> reader_cpu;
  std::int64_t interval_ns = 10 * kNsPerMs;
  std::int64_t duration_ns = 5 * kNsPerS;
  std::optional<std::uint64_t> bytes_limit;  // --bytes: stop after the writer has moved this many
  std::vector<std::string> events;           // -e/--event: counted by each worker after the defaults
  bool user_only = false;
  bool no_counters = false;

  friend bool operator==(const RunConfig&, const RunConfig&) = default;
};

// The counters each worker opens: the default set then the user's events, without repeats; none with
// --no-counters.
[[nodiscard]] std::vector<std::string> counter_names(const RunConfig& config);

// The writer's memory, as the seed benchmark lays it out: `buffers` mappings of `buffer_bytes`, moved
// into the pipe in `chunks` that alternate, `chunk_bytes` per call.
struct WriterLayout {
  int buffers = 1;                 // separate mappings
  std::uint64_t buffer_bytes = 0;  // each
  int chunks = 1;                  // the pieces it alternates between (two buffers, or one's two halves)
  std::uint64_t chunk_bytes = 0;   // the size of each write or vmsplice call
};
[[nodiscard]] WriterLayout writer_layout(const RunConfig& config);

// Where the buffers' bytes start past a page boundary: --buffer-offset, else the page kind's own
// placement — malloc's kMallocOffsetBytes for small pages, 0 for huge ones (the seed's aligned_alloc of
// 2 MiB with --huge-pages; a hugetlb mapping starts on its page).
[[nodiscard]] std::uint64_t buffer_offset_bytes(const RunConfig& config);

// The pipe size the session asks F_SETPIPE_SZ for (over a socket: SO_SNDBUF and SO_RCVBUF): --pipe-size;
// with a writer that lends its pages (vmsplice, sendfile) into a pipe, half the buffer (so the pipe holds
// less than one chunk, and a completed call of a chunk proves the previous one was consumed); else none
// (kernel default).
[[nodiscard]] std::optional<std::uint64_t> requested_pipe_bytes(const RunConfig& config);

// Pipe-size rounding as the kernel does it (round_pipe_size): up to a power-of-two number of pages.
[[nodiscard]] std::uint64_t kernel_pipe_bytes(std::uint64_t requested, std::uint64_t page_bytes);

}  // namespace pipetop
