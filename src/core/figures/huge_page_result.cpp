#include "pipetop/core/figures/huge_page_result.hpp"

#include <algorithm>

namespace pipetop {

HugePageResult combine_huge_pages(const HugePageResult& writer, const HugePageResult& reader) {
  HugePageResult both;
  both.requested = writer.requested || reader.requested;
  if (!both.requested) return both;
  both.verified = writer.verified && reader.verified;
  both.detail = "writer " + writer.detail + "; reader " + reader.detail;
  both.checked_ns = std::min(writer.checked_ns, reader.checked_ns);
  return both;
}

}  // namespace pipetop
