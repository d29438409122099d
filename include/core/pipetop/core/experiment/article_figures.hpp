#pragma once
// The figures of "Making Linux pipes fast" on its author's laptop, which the tour and the ladder set
// beside what this machine measures.

#include <array>

namespace pipetop {

// GiB/s of its five steps: write/read, vmsplice, splice, huge pages, busy loop.
inline constexpr std::array<double, 5> kArticleGiBPerS{3.5, 12.7, 32.8, 51.0, 62.5};

}  // namespace pipetop
