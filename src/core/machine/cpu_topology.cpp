#include "pipetop/core/machine/cpu_topology.hpp"

#include <algorithm>
#include <iterator>
#include <map>
#include <set>
#include <utility>

namespace pipetop {
namespace {

std::vector<int> intersect(const std::vector<int>& a, const std::vector<int>& b) {
  std::vector<int> out;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

std::vector<int> sorted(std::vector<int> cpus) {
  std::sort(cpus.begin(), cpus.end());
  cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
  return cpus;
}

}  // namespace

AllowedCpus intersect_allowed_cpus(std::vector<int> online, std::optional<std::vector<int>> affinity,
                                   std::optional<std::vector<int>> cpuset) {
  AllowedCpus allowed;
  allowed.online = sorted(std::move(online));
  if (affinity) allowed.affinity = sorted(std::move(*affinity));
  if (cpuset) allowed.cpuset = sorted(std::move(*cpuset));
  if (allowed.online.empty())
    allowed.online = allowed.affinity ? *allowed.affinity : allowed.cpuset.value_or(std::vector<int>{});
  allowed.cpus = allowed.online;
  for (const auto& [source, name] : {std::pair{&allowed.cpuset, "cpuset"}, std::pair{&allowed.affinity, "affinity"}}) {
    if (!*source) continue;
    const std::vector<int> narrower = intersect(allowed.cpus, **source);
    if (narrower.size() < allowed.cpus.size()) allowed.narrowed_by.push_back(name);
    allowed.cpus = narrower;
  }
  return allowed;
}

std::string narrowed_by_text(const AllowedCpus& allowed) {
  std::string text;
  for (const std::string& name : allowed.narrowed_by) text += (text.empty() ? "" : " and ") + name;
  return text;
}

std::vector<CpuPlace> places_of(const std::vector<CpuPlace>& topology, const std::vector<int>& cpus) {
  std::vector<CpuPlace> places;
  for (const int cpu : cpus) {
    const auto known =
        std::find_if(topology.begin(), topology.end(), [cpu](const CpuPlace& p) { return p.cpu == cpu; });
    places.push_back(known != topology.end() ? *known : CpuPlace{cpu, -1, cpu, 0});
  }
  return places;
}

TopologyCounts count_topology(const std::vector<CpuPlace>& places) {
  std::map<std::pair<int, int>, int> threads;  // (package, core) -> its CPUs
  std::set<int> nodes;
  for (const CpuPlace& p : places) {
    ++threads[{p.package, p.core}];
    nodes.insert(p.node);
  }
  TopologyCounts counts;
  counts.cpus = static_cast<int>(places.size());
  counts.cores = static_cast<int>(threads.size());
  for (const auto& [core, n] : threads) counts.threads_per_core = std::max(counts.threads_per_core, n);
  counts.nodes = static_cast<int>(nodes.size());
  return counts;
}

}  // namespace pipetop
