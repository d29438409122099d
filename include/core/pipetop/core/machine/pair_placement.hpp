#pragma once
// Placing writer/reader pairs on the CPUs this process may use, by topology: each pair on two physical
// cores of one NUMA node first, then on the SMT siblings of one core, then across nodes. Pure: the
// CPUs and their places come from the machine facts.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/machine/cpu_list.hpp"
#include "pipetop/core/machine/cpu_topology.hpp"

namespace pipetop {

enum class PairKind {
  separate_cores,  // two physical cores of one node
  smt_siblings,    // the two hardware threads of one core
  cross_node,      // writer on one node, reader on another
  shared_cpu,      // one CPU for both: the only one allowed
  unpinned,        // left to the scheduler: no CPU list could be read
};

// "separate_cores", "smt_siblings", "cross_node", "shared_cpu", "unpinned".
[[nodiscard]] const char* to_string(PairKind kind);

struct PlacedPair {
  CpuPair cpus;
  PairKind kind = PairKind::separate_cores;
};

// A pair's CPUs for people: "0→1", "any→any" for an unpinned pair.
[[nodiscard]] std::string cpus_words(const CpuPair& cpus);

struct PairPlacement {
  std::vector<PlacedPair> pairs;  // best first: separate cores, then siblings, then across nodes
  // Empty when every pair asked for sits on two physical cores of one node; otherwise what was done
  // instead and why, and what else could be done when fewer pairs than asked were placed.
  std::string note;
};

// Places `pairs` pairs (at least 1) on `allowed`, the CPUs this process may use with their places.
// Never fails: when the CPUs cannot take that many pinned pairs, as many as fit are placed and the
// note says so and offers running them unpinned; with one CPU, one pair shares it; with no CPU known,
// the pairs are left unpinned.
[[nodiscard]] PairPlacement place_pairs(const std::vector<CpuPlace>& allowed, int pairs);

// The most unpinned pairs run at once: what a machine with `allowed_cpus` CPUs (at least one counted)
// starts in a few seconds — each pair forks two workers that allocate, pre-fault and open counters.
inline constexpr int kUnpinnedPairsPerCpu = 16;
[[nodiscard]] int most_unpinned_pairs(std::size_t allowed_cpus);

// Where `pairs` pairs of --pairs run (check, run and the dashboard alike): with `base` unpinned on both
// sides (--writer-cpu -1 --reader-cpu -1), every pair asked up to most_unpinned_pairs (the note says
// how many of those asked run, and why), left to the scheduler; otherwise place_pairs(allowed,
// pairs). Never fails.
[[nodiscard]] PairPlacement place_pairs_as_asked(const RunConfig& base, const std::vector<CpuPlace>& allowed,
                                                 int pairs);

// What to say on stderr about `placement` of `asked` pairs: "pipetop: --pairs: NOTE\n" and, when fewer
// were placed pinned than asked, a hint line naming `command` ("pipetop check", "pipetop run", "pipetop") with
// the options that run them all, unpinned. Empty when the placement has no note.
[[nodiscard]] std::string placement_notice(const PairPlacement& placement, int asked, std::string_view command);

// The best partner for a side fixed on `cpu`, in the same order: another physical core of its node,
// its SMT sibling, another node; failing all, `cpu` itself (shared_cpu). Returns {cpu, partner}.
[[nodiscard]] PlacedPair partner_of(const std::vector<CpuPlace>& allowed, int cpu);

struct NumaComparison {
  CpuPair same_node;   // both on one node (separate cores where it has two)
  CpuPair cross_node;  // the same writer, the reader on the lowest CPU of another node
};

// For `check` on machines with two or more NUMA nodes; nullopt when the allowed CPUs span fewer than
// two nodes or no node holds two of them.
[[nodiscard]] std::optional<NumaComparison> numa_comparison(const std::vector<CpuPlace>& allowed);

}  // namespace pipetop
