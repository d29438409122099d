#include "pipetop/system/huge_pages.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <optional>

#include "pipetop/core/base/size.hpp"
#include "pipetop/system/clock.hpp"
#include "pipetop/system/file_reader.hpp"

namespace pipetop {
namespace {

constexpr std::uint64_t kPagemapPresent = 1ULL << 63;
constexpr std::uint64_t kPagemapPfnMask = (1ULL << 55) - 1;
constexpr std::uint64_t kKpfThp = 1ULL << 22;  // KPF_THP in linux/kernel-page-flags.h

struct Measured {
  std::uint64_t huge_bytes = 0;
  std::uint64_t total_bytes = 0;
  std::string method;
};

std::uint64_t total_bytes(const std::vector<AddressRange>& ranges) {
  std::uint64_t total = 0;
  for (const AddressRange& r : ranges) total += r.end - r.start;
  return total;
}

// Per-page truth from kpageflags; nullopt when PFNs are hidden (not root) or the files are unreadable.
std::optional<Measured> measure_kpageflags(const std::vector<AddressRange>& ranges, const std::string& pid) {
  const int pagemap = open(("/proc/" + pid + "/pagemap").c_str(), O_RDONLY | O_CLOEXEC);
  const int kpageflags = open("/proc/kpageflags", O_RDONLY | O_CLOEXEC);
  std::optional<Measured> result;
  if (pagemap >= 0 && kpageflags >= 0) {
    const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
    Measured m{0, total_bytes(ranges), "kpageflags"};
    bool readable = true;
    for (const AddressRange& r : ranges) {
      for (std::uintptr_t address = r.start; address < r.end && readable; address += page) {
        std::uint64_t entry = 0;
        std::uint64_t flags = 0;
        readable = pread(pagemap, &entry, sizeof entry, static_cast<off_t>(address / page * 8)) == sizeof entry &&
                   (entry & kPagemapPfnMask) != 0;
        if (!readable) break;
        if ((entry & kPagemapPresent) == 0) continue;
        readable =
            pread(kpageflags, &flags, sizeof flags, static_cast<off_t>((entry & kPagemapPfnMask) * 8)) == sizeof flags;
        if (readable && (flags & kKpfThp) != 0) m.huge_bytes += page;
      }
    }
    if (readable) result = m;
  }
  if (pagemap >= 0) close(pagemap);
  if (kpageflags >= 0) close(kpageflags);
  return result;
}

std::optional<Measured> measure_smaps(const std::vector<AddressRange>& ranges, const std::string& pid) {
  const Result<std::string> text = read_text_file("/proc/" + pid + "/smaps");
  if (!text) return std::nullopt;
  return Measured{anon_huge_bytes_covering(parse_smaps(*text), ranges), total_bytes(ranges), "smaps AnonHugePages"};
}

std::string why_not(const Measured& m, const MachineFacts& machine) {
  const std::string& enabled = machine.thp_enabled;
  const std::string& defrag = machine.thp_defrag;
  if (enabled == "never") return "THP is disabled (transparent_hugepage/enabled = never)";
  std::string text = "THP enabled=" + enabled + ", defrag=" + defrag + ": ";
  if (m.huge_bytes > 0) return text + "only part was given huge pages (memory fragmented?)";
  return text + "no free 2 MiB blocks (memory fragmented?); try: echo 1 > /proc/sys/vm/compact_memory";
}

}  // namespace

HugePageResult check_huge_pages(const std::vector<AddressRange>& ranges, const std::string& pid,
                                const MachineFacts& machine) {
  HugePageResult result;
  result.requested = true;
  result.checked_ns = monotonic_ns();
  std::optional<Measured> m = measure_kpageflags(ranges, pid);
  if (!m) m = measure_smaps(ranges, pid);
  if (!m) {
    result.detail =
        "not checked: neither /proc/" + pid + "/pagemap+/proc/kpageflags nor /proc/" + pid + "/smaps is readable";
    return result;
  }
  result.verified = m->total_bytes > 0 && m->huge_bytes >= m->total_bytes;
  result.detail = format_size(m->huge_bytes) + " of " + format_size(m->total_bytes) + " huge (" + m->method + ")";
  if (!result.verified) result.detail += "; " + why_not(*m, machine);
  return result;
}

}  // namespace pipetop
