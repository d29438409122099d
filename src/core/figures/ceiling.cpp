#include "pipetop/core/figures/ceiling.hpp"

#include <algorithm>
#include <array>

#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/config/strategies.hpp"
#include "pipetop/core/config/transports.hpp"

namespace pipetop {
namespace {

constexpr std::array<const char*, 3> kCopyCounts{"no copy", "one copy", "two copies"};

// "write/read", "write/read over tcp --zerocopy".
std::string path_name(const RunConfig& c) {
  std::string name = std::string(to_string(c.writer)) + "/" + std::string(to_string(c.reader));
  if (c.transport != TransportKind::pipe) name += " over " + std::string(to_string(c.transport));
  if (c.zerocopy) name += " --zerocopy";
  return name;
}

// Who copies, and how the copies meet: "(the reader's)", "taking turns under the pipe's lock".
std::string how_words(const RunConfig& c, const CopyPath& path) {
  std::string words;
  if (path.copies() == 1) words = path.writer_copies == 1 ? " (the writer's)" : " (the reader's)";
  if (path.copies() == 2) {
    words = path.take_turns ? ", taking turns under the pipe's lock"
                            : ", the writer's and the reader's at once, each on its CPU";
  }
  if (c.zerocopy) words += "; MSG_ZEROCOPY over loopback is copied by the kernel for the local receiver";
  return words;
}

std::string bound_words(std::optional<double> fraction) {
  if (!fraction) return "the bytes are never touched, so memcpy is no ceiling (the per-page bookkeeping is)";
  return *fraction >= 1 ? "at most memcpy" : "at most half of memcpy";  // two copies at most: 1 or 1/2
}

}  // namespace

CopyPath copy_path(const RunConfig& c) {
  CopyPath path;
  path.writer_copies = strategy_of(c.writer).references_pages ? 0 : 1;  // --zerocopy is write's: it copies
  path.reader_copies = strategy_of(c.reader).sees_bytes ? 1 : 0;
  path.take_turns = transport_of(c.transport).is_pipe;
  return path;
}

std::optional<double> ceiling_fraction(const CopyPath& path) {
  if (path.copies() == 0) return std::nullopt;
  const int serial = path.take_turns ? path.copies() : std::max(path.writer_copies, path.reader_copies);
  return 1.0 / serial;
}

std::optional<Ceiling> ceiling_of(const MemoryBandwidth& bandwidth, std::uint64_t buffer_bytes) {
  for (const BandwidthFigure& f : bandwidth.figures) {
    if (f.loop == MemoryLoop::copy && f.bytes == buffer_bytes) {
      return Ceiling{buffer_bytes, bandwidth.cpu, bandwidth.each_ns, f.gib_per_s};
    }
  }
  return std::nullopt;
}

std::optional<double> ceiling_share(const Ceiling& ceiling, std::optional<double> gib_per_s) {
  if (!gib_per_s || ceiling.memcpy_gib_per_s <= 0) return std::nullopt;
  return *gib_per_s / ceiling.memcpy_gib_per_s;
}

std::string ceiling_words(const RunConfig& config, const Ceiling& ceiling, std::optional<double> gib_per_s) {
  const CopyPath path = copy_path(config);
  std::string words = path_name(config) + ": " + kCopyCounts[static_cast<std::size_t>(path.copies())] + " per byte" +
                      how_words(config, path) + ", " + bound_words(ceiling_fraction(path));
  const std::optional<double> share = ceiling_share(ceiling, gib_per_s);
  return words + (share ? "; at " + format_whole_percent(*share) + " of memcpy" : "; no figure to set beside it");
}

std::string ceiling_label(const Ceiling& ceiling) {
  return "memcpy " + format_fixed(ceiling.memcpy_gib_per_s, 1) + " GiB/s";
}

}  // namespace pipetop
