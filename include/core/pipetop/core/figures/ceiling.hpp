#pragma once
// The memory ceiling of a configuration: how many times a CPU copies each byte on its way from the
// writer's buffer to the reader's, whether those copies take turns, and so the most the configuration
// can reach as a share of one CPU's memcpy of the buffer size (measured: system/memory_loop.hpp).
//
// The model. The writer copies each byte in (write, send) or lends its pages (vmsplice, sendfile); the
// reader copies each byte out (read) or passes page references on (splice to /dev/null). Over a pipe
// (pipe, fifo) the two sides' copies take turns: pipe_write and pipe_read copy while holding the pipe's
// mutex, so their times add and two copies reach at most half of memcpy. A socket has no lock shared by
// its two ends: the sender's copy and the receiver's run at once, each on its CPU, and the slower side
// sets the ceiling. With no copy at all (vmsplice into splice) the bytes are never touched: memcpy is no
// ceiling then, the per-page bookkeeping is, and the figure may pass memcpy.

#include <cstdint>
#include <optional>
#include <string>

#include "pipetop/core/base/duration.hpp"
#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/machine/memory_bandwidth.hpp"

namespace pipetop {

struct CopyPath {
  int writer_copies = 0;    // 1: it copies each byte in; 0: it lends its pages
  int reader_copies = 0;    // 1: it copies each byte out; 0: it passes page references on
  bool take_turns = false;  // the copies hold one lock (a pipe's mutex): their times add
  [[nodiscard]] int copies() const { return writer_copies + reader_copies; }
};

// The copies `config` makes of each byte. --zerocopy over loopback TCP still copies: the kernel copies
// the sender's pages for a receiver on the same machine.
[[nodiscard]] CopyPath copy_path(const RunConfig& config);

// The most the path reaches as a fraction of memcpy: 1 / copies when they take turns, 1 / the busier
// side's copies when they overlap; nullopt with no copy (memcpy is no ceiling then).
[[nodiscard]] std::optional<double> ceiling_fraction(const CopyPath& path);

// One CPU's memcpy of a buffer size, measured just before a pair started.
struct Ceiling {
  std::uint64_t buffer_bytes = 0;
  std::optional<int> cpu;  // the writer's CPU it ran on; nullopt: unpinned
  std::int64_t measured_ns = 0;
  double memcpy_gib_per_s = 0;
};

// check's memcpy of `buffer_bytes` among its facts, as a ceiling; nullopt when it measured no copy of that size.
[[nodiscard]] std::optional<Ceiling> ceiling_of(const MemoryBandwidth& bandwidth, std::uint64_t buffer_bytes);

// How long run and the dashboard measure the ceiling before a pair starts: a buffer the size of a
// pipe's calls is copied thousands of times in it, and a run is not noticeably slower for it.
inline constexpr std::int64_t kCeilingSliceNs = 50 * kNsPerMs;

// The figure over memcpy (0.23: at 23%); nullopt without a figure or a positive memcpy.
[[nodiscard]] std::optional<double> ceiling_share(const Ceiling& ceiling, std::optional<double> gib_per_s);

// The reason and the share, for a run's summary: "write/read: two copies per byte, taking turns under
// the pipe's lock, at most half of memcpy; at 23%".
[[nodiscard]] std::string ceiling_words(const RunConfig& config, const Ceiling& ceiling,
                                        std::optional<double> gib_per_s);

// The chart's label of the line: "memcpy 14.2 GiB/s".
[[nodiscard]] std::string ceiling_label(const Ceiling& ceiling);

}  // namespace pipetop
