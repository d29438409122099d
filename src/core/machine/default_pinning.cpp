#include "pipetop/core/machine/default_pinning.hpp"

#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/machine/pair_placement.hpp"

namespace pipetop {
namespace {

std::string node_of(const std::vector<CpuPlace>& allowed, int cpu) {
  return std::to_string(places_of(allowed, {cpu}).front().node);
}

// Both sides chosen here.
PinningChoice default_pair(const std::vector<CpuPlace>& allowed, const std::string& narrowed_by) {
  const std::string suffix = narrowed_by.empty() ? "" : " (" + narrowed_by + ")";
  const std::string allowed_cpus = "the " + std::to_string(allowed.size()) + " allowed CPUs" + suffix;
  const PlacedPair pair = place_pairs(allowed, 1).pairs.front();
  const std::string text = cpu_pair_text(pair.cpus) + ": ";
  const bool one_node = count_topology(allowed).nodes <= 1;
  switch (pair.kind) {
    case PairKind::separate_cores:
      return {pair.cpus, text + "two physical cores" +
                             (one_node ? "" : " of NUMA node " + node_of(allowed, pair.cpus.writer)) + " of " +
                             allowed_cpus};
    case PairKind::smt_siblings:
      return {pair.cpus,
              text + "the SMT siblings of one core, as no node has two physical cores among " + allowed_cpus};
    case PairKind::cross_node:
      return {pair.cpus, text + "across NUMA nodes " + node_of(allowed, pair.cpus.writer) + " and " +
                             node_of(allowed, pair.cpus.reader) + ", as no node has two of " + allowed_cpus};
    case PairKind::shared_cpu:
      return {pair.cpus,
              text + "only CPU " + std::to_string(pair.cpus.writer) +
                  (narrowed_by.empty() ? " is online" : " is allowed here" + suffix) + ", writer and reader share it",
              true};
    case PairKind::unpinned:
      break;
  }
  return {pair.cpus, text + "the CPUs this process may use could not be read, so the scheduler places both", true};
}

// One side fixed on `fixed`; the other, `other`, chosen here.
PinningChoice partner_pair(const std::vector<CpuPlace>& allowed, const std::string& narrowed_by, int fixed,
                           const std::string& fixed_name, const std::string& other_name, bool writer_fixed) {
  const PlacedPair pair = partner_of(allowed, fixed);
  const CpuPair cpus = writer_fixed ? pair.cpus : CpuPair{pair.cpus.reader, pair.cpus.writer};
  const std::string text = cpu_pair_text(cpus) + ": the " + other_name;
  const std::string theirs = " the " + fixed_name + "'s";
  switch (pair.kind) {
    case PairKind::separate_cores:
      return {cpus, text + " on another physical core of" + theirs + " node"};
    case PairKind::smt_siblings:
      return {cpus, text + " on" + theirs + " SMT sibling, as no other physical core of its node is allowed"};
    case PairKind::cross_node:
      return {cpus, text + " on NUMA node " + node_of(allowed, pair.cpus.reader) + ", as no other CPU of" + theirs +
                        " node " + node_of(allowed, fixed) + " is allowed"};
    case PairKind::shared_cpu:
    case PairKind::unpinned:
      break;
  }
  return {cpus,
          text + " shares" + theirs + " CPU, as no other CPU is allowed" +
              (narrowed_by.empty() ? "" : " (" + narrowed_by + ")"),
          true};
}

}  // namespace

PinningChoice choose_pinning(const std::vector<CpuPlace>& allowed, const std::string& narrowed_by,
                             std::optional<int> writer, std::optional<int> reader) {
  if (writer && reader) return {{*writer, *reader}, cpu_pair_text({*writer, *reader}) + ": as asked"};
  if (!writer && !reader) return default_pair(allowed, narrowed_by);
  const int fixed = writer ? *writer : *reader;
  if (fixed == kUnpinned) {
    return {{kUnpinned, kUnpinned},
            cpu_pair_text({kUnpinned, kUnpinned}) + ": the " + (writer ? "writer" : "reader") +
                " was asked unpinned, so the " + (writer ? "reader" : "writer") + " is left to the scheduler too"};
  }
  return writer ? partner_pair(allowed, narrowed_by, fixed, "writer", "reader", true)
                : partner_pair(allowed, narrowed_by, fixed, "reader", "writer", false);
}

}  // namespace pipetop
