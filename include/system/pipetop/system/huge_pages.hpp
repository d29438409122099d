#pragma once
// Checking that buffers are really backed by transparent huge pages, after they were faulted in.

#include <string>
#include <vector>

#include "pipetop/core/figures/huge_page_result.hpp"
#include "pipetop/core/machine/machine_facts.hpp"
#include "pipetop/core/machine/smaps.hpp"

namespace pipetop {

// Measures how much of `ranges` of process `pid` ("self", or a pid's number) is backed by huge pages:
// per 4 KiB page through /proc/<pid>/pagemap and /proc/kpageflags where readable (root), else
// AnonHugePages of the covering mappings in /proc/<pid>/smaps. verified is true only when every byte of
// the ranges is huge-page backed. Never fails: when nothing can be read (the process is gone), verified
// is false and detail says why. When not obtained, detail names the THP settings of `machine` that
// explain it.
[[nodiscard]] HugePageResult check_huge_pages(const std::vector<AddressRange>& ranges, const std::string& pid,
                                              const MachineFacts& machine);

}  // namespace pipetop
