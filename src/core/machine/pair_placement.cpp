#include "pipetop/core/machine/pair_placement.hpp"

#include <algorithm>
#include <climits>
#include <map>
#include <utility>

#include "pipetop/core/config/run_config.hpp"

namespace pipetop {
namespace {

struct Core {
  int node = 0;
  std::vector<int> cpus;  // sorted; two or more: SMT siblings
};

using CorePair = std::pair<Core, Core>;

bool has_sibling(const Core& core) {
  return core.cpus.size() >= 2;
}

// The allowed CPUs as physical cores: one list per node (nodes in order), each in order of its lowest CPU.
std::vector<std::vector<Core>> cores_by_node(const std::vector<CpuPlace>& allowed) {
  std::map<int, std::map<std::pair<int, int>, std::vector<int>>> grouped;
  for (const CpuPlace& p : allowed) grouped[p.node][{p.package, p.core}].push_back(p.cpu);
  std::vector<std::vector<Core>> nodes;
  for (auto& [node, cores] : grouped) {
    std::vector<Core> list;
    for (auto& [id, cpus] : cores) {
      std::sort(cpus.begin(), cpus.end());
      list.push_back({node, std::move(cpus)});
    }
    std::sort(list.begin(), list.end(), [](const Core& a, const Core& b) { return a.cpus.front() < b.cpus.front(); });
    nodes.push_back(std::move(list));
  }
  return nodes;
}

struct Tiers {
  std::vector<CorePair> separate;
  std::vector<Core> siblings;
  std::vector<CorePair> cross;
};

// Up to `wanted` pairs: separate cores of one node (lowest first), then the SMT siblings of a node's
// odd core, then separate pairs split into two sibling pairs (the last first), then odd cores paired
// across nodes.
Tiers fill(const std::vector<std::vector<Core>>& nodes, std::size_t wanted) {
  Tiers t;
  std::vector<Core> odd;  // at most one per node
  for (const std::vector<Core>& cores : nodes) {
    for (std::size_t i = 0; i + 1 < cores.size(); i += 2) t.separate.push_back({cores[i], cores[i + 1]});
    if (cores.size() % 2 == 1) odd.push_back(cores.back());
  }
  if (t.separate.size() > wanted) t.separate.resize(wanted);
  std::size_t missing = wanted - t.separate.size();
  std::vector<Core> unused;
  for (const Core& core : odd) {
    if (missing > 0 && has_sibling(core)) {
      t.siblings.push_back(core);
      --missing;
    } else {
      unused.push_back(core);
    }
  }
  for (std::size_t i = t.separate.size(); missing > 0 && i-- > 0;) {
    if (!has_sibling(t.separate[i].first) || !has_sibling(t.separate[i].second)) continue;
    t.siblings.push_back(t.separate[i].first);
    t.siblings.push_back(t.separate[i].second);
    t.separate.erase(t.separate.begin() + static_cast<std::ptrdiff_t>(i));
    --missing;
  }
  for (std::size_t i = 0; missing > 0 && i + 1 < unused.size(); i += 2, --missing) {
    t.cross.push_back({unused[i], unused[i + 1]});
  }
  std::sort(t.siblings.begin(), t.siblings.end(),
            [](const Core& a, const Core& b) { return a.cpus.front() < b.cpus.front(); });
  return t;
}

// Each pair on the lowest CPU of each core it uses: separate cores, then siblings, then across nodes.
std::vector<PlacedPair> pairs_of(const Tiers& t) {
  std::vector<PlacedPair> pairs;
  for (const auto& [a, b] : t.separate) pairs.push_back({{a.cpus[0], b.cpus[0]}, PairKind::separate_cores});
  for (const Core& c : t.siblings) pairs.push_back({{c.cpus[0], c.cpus[1]}, PairKind::smt_siblings});
  for (const auto& [a, b] : t.cross) pairs.push_back({{a.cpus[0], b.cpus[0]}, PairKind::cross_node});
  return pairs;
}

std::string count_of(std::size_t n, const std::string& noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

const char* where(PairKind kind) {
  switch (kind) {
    case PairKind::separate_cores:
      return "on two physical cores of one node";
    case PairKind::smt_siblings:
      return "on the SMT siblings of one core";
    case PairKind::cross_node:
      return "across NUMA nodes";
    case PairKind::shared_cpu:
      return "sharing one CPU";
    case PairKind::unpinned:
      return "unpinned";
  }
  return "";
}

// "2 on two physical cores of one node, 1 on the SMT siblings of one core"
std::string mix(const std::vector<PlacedPair>& pairs) {
  std::string text;
  for (const PairKind kind : {PairKind::separate_cores, PairKind::smt_siblings, PairKind::cross_node}) {
    const auto n = std::count_if(pairs.begin(), pairs.end(), [kind](const PlacedPair& p) { return p.kind == kind; });
    if (n > 0) text += (text.empty() ? "" : ", ") + std::to_string(n) + " " + where(kind);
  }
  return text;
}

std::string note(const std::vector<CpuPlace>& allowed, const std::vector<PlacedPair>& pairs, std::size_t wanted) {
  const std::string asked = count_of(wanted, "pair");
  const std::string unpinned = "; to run " + asked + " anyway, leave them unpinned (they will share CPUs)";
  if (pairs.front().kind == PairKind::shared_cpu) {
    return "only CPU " + std::to_string(pairs.front().cpus.writer) +
           " is allowed: one pair, writer and reader share it" + (wanted > 1 ? unpinned : "");
  }
  const bool all_separate =
      std::all_of(pairs.begin(), pairs.end(), [](const PlacedPair& p) { return p.kind == PairKind::separate_cores; });
  if (all_separate && pairs.size() == wanted) return {};
  const std::string cpus = "the " + count_of(allowed.size(), "allowed CPU") + " (" +
                           count_of(static_cast<std::size_t>(count_topology(allowed).cores), "physical core") + ")";
  if (pairs.size() == wanted) return asked + " on " + cpus + ": " + mix(pairs);
  return asked + " do not fit " + cpus + " pinned: placing " + std::to_string(pairs.size()) + " (" + mix(pairs) + ")" +
         unpinned;
}

}  // namespace

const char* to_string(PairKind kind) {
  switch (kind) {
    case PairKind::separate_cores:
      return "separate_cores";
    case PairKind::smt_siblings:
      return "smt_siblings";
    case PairKind::cross_node:
      return "cross_node";
    case PairKind::shared_cpu:
      return "shared_cpu";
    case PairKind::unpinned:
      return "unpinned";
  }
  return "";
}

PairPlacement place_pairs(const std::vector<CpuPlace>& allowed, int pairs) {
  const auto wanted = static_cast<std::size_t>(std::max(pairs, 1));
  PairPlacement placement;
  if (allowed.empty()) {
    placement.pairs.assign(wanted, {{kUnpinned, kUnpinned}, PairKind::unpinned});
    placement.note = "the CPUs this process may use could not be read: " + count_of(wanted, "pair") +
                     " left unpinned, placed by the scheduler";
    return placement;
  }
  placement.pairs = pairs_of(fill(cores_by_node(allowed), wanted));
  if (placement.pairs.empty()) {  // one CPU: nothing else fits
    placement.pairs.push_back({{allowed.front().cpu, allowed.front().cpu}, PairKind::shared_cpu});
  }
  placement.note = note(allowed, placement.pairs, wanted);
  return placement;
}

std::string cpus_words(const CpuPair& cpus) {
  const auto cpu = [](int n) { return n == kUnpinned ? std::string("any") : std::to_string(n); };
  return cpu(cpus.writer) + "→" + cpu(cpus.reader);
}

int most_unpinned_pairs(std::size_t allowed_cpus) {
  return kUnpinnedPairsPerCpu * static_cast<int>(std::max<std::size_t>(allowed_cpus, 1));
}

PairPlacement place_pairs_as_asked(const RunConfig& base, const std::vector<CpuPlace>& allowed, int pairs) {
  if (base.writer_cpu != kUnpinned || base.reader_cpu != kUnpinned) return place_pairs(allowed, pairs);
  const int most = most_unpinned_pairs(allowed.size());
  const int placed = std::clamp(pairs, 1, most);
  PairPlacement placement;
  placement.pairs.assign(static_cast<std::size_t>(placed), {{kUnpinned, kUnpinned}, PairKind::unpinned});
  placement.note = "unpinned as asked (--writer-cpu -1 --reader-cpu -1): the scheduler places the pairs";
  if (placed < pairs) {
    placement.note += "; " + std::to_string(placed) + " of the " + std::to_string(pairs) +
                      " asked run, the most this machine starts in a few seconds (" +
                      std::to_string(kUnpinnedPairsPerCpu) + " per allowed CPU, " +
                      std::to_string(std::max<std::size_t>(allowed.size(), 1)) + " CPUs)";
  }
  return placement;
}

std::string placement_notice(const PairPlacement& placement, int asked, std::string_view command) {
  if (placement.note.empty()) return {};
  std::string text = "pipetop: --pairs: " + placement.note + "\n";
  const bool unpinned = !placement.pairs.empty() && placement.pairs.front().kind == PairKind::unpinned;
  if (placement.pairs.size() < static_cast<std::size_t>(asked) && !unpinned) {
    text += "  hint: " + std::string(command) + " --pairs " + std::to_string(asked) +
            " --writer-cpu -1 --reader-cpu -1 runs them all, unpinned\n";
  }
  return text;
}

PlacedPair partner_of(const std::vector<CpuPlace>& allowed, int cpu) {
  const CpuPlace me = places_of(allowed, {cpu}).front();
  const auto lowest = [&](auto&& fits) {
    int best = INT_MAX;
    for (const CpuPlace& p : allowed) {
      if (p.cpu != cpu && fits(p)) best = std::min(best, p.cpu);
    }
    return best;
  };
  const auto same_core = [&](const CpuPlace& p) { return p.package == me.package && p.core == me.core; };
  const std::pair<PairKind, int> candidates[] = {
      {PairKind::separate_cores, lowest([&](const CpuPlace& p) { return p.node == me.node && !same_core(p); })},
      {PairKind::smt_siblings, lowest(same_core)},
      {PairKind::cross_node, lowest([&](const CpuPlace& p) { return p.node != me.node; })}};
  for (const auto& [kind, partner] : candidates) {
    if (partner != INT_MAX) return {{cpu, partner}, kind};
  }
  return {{cpu, cpu}, PairKind::shared_cpu};
}

std::optional<NumaComparison> numa_comparison(const std::vector<CpuPlace>& allowed) {
  const std::vector<std::vector<Core>> nodes = cores_by_node(allowed);
  if (nodes.size() < 2) return std::nullopt;
  for (const std::vector<Core>& cores : nodes) {
    const std::vector<PlacedPair> pairs = pairs_of(fill({cores}, 1));
    if (pairs.empty()) continue;
    const CpuPair same = pairs.front().cpus;
    int other = INT_MAX;
    for (const CpuPlace& p : allowed) {
      if (p.node != cores.front().node) other = std::min(other, p.cpu);
    }
    return NumaComparison{same, {same.writer, other}};
  }
  return std::nullopt;
}

}  // namespace pipetop
