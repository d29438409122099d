#pragma once
// Test helper: what a PairPlacement holds, in forms a test can compare.

#include <vector>

#include "pipetop/core/machine/pair_placement.hpp"

namespace pipetop::testing {

inline std::vector<CpuPair> cpus_of(const PairPlacement& p) {
  std::vector<CpuPair> out;
  for (const PlacedPair& pair : p.pairs) out.push_back(pair.cpus);
  return out;
}

inline int count_of_kind(const PairPlacement& p, PairKind kind) {
  int n = 0;
  for (const PlacedPair& pair : p.pairs) n += pair.kind == kind ? 1 : 0;
  return n;
}

}  // namespace pipetop::testing
