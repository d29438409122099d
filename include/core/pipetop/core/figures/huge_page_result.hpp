#pragma once
// Whether the buffers a pair asked huge pages for got them, as measured after pre-faulting.

#include <cstdint>
#include <string>

namespace pipetop {

struct HugePageResult {
  bool requested = false;
  bool verified = false;        // every buffer of both workers is backed by huge pages, as measured
  std::string detail;           // what was measured, or why they were not obtained / not checked
  std::int64_t checked_ns = 0;  // when it was measured (CLOCK_MONOTONIC); 0 when never
};

// The pair's huge pages from each worker's: verified when both are, both details, the older check.
[[nodiscard]] HugePageResult combine_huge_pages(const HugePageResult& writer, const HugePageResult& reader);

}  // namespace pipetop
