#include "pipetop/core/experiment/pair_scaling.hpp"

#include <algorithm>

#include "pipetop/core/base/printf_string.hpp"
#include "pipetop/core/base/whole_number.hpp"

namespace pipetop {
namespace {

constexpr int kMaxPairs = 1024;

PairsStep run_step(PairGroupRunner& runner, const RunConfig& base, std::vector<PlacedPair> pairs,
                   std::int64_t duration_ns) {
  std::vector<RunConfig> configs;
  for (const PlacedPair& p : pairs) {
    RunConfig c = base;
    c.writer_cpu = p.cpus.writer;
    c.reader_cpu = p.cpus.reader;
    configs.push_back(c);
  }
  return {std::move(pairs), runner.run_together(configs, duration_ns)};
}

}  // namespace

std::vector<std::size_t> scaling_counts(std::size_t pairs) {
  std::vector<std::size_t> counts;
  for (std::size_t n = 1; n < pairs; n *= 2) counts.push_back(n);
  counts.push_back(std::max<std::size_t>(pairs, 1));
  return counts;
}

std::optional<double> scaling_efficiency(const PairsStep& step, const PairsStep& one) {
  const std::optional<double> all = step.aggregate_gib_per_s();
  const std::optional<double> single = one.aggregate_gib_per_s();
  if (!all || !single || *single <= 0 || step.pairs.empty()) return std::nullopt;
  return *all / (static_cast<double>(step.pairs.size()) * *single);
}

PairScaling run_pair_scaling(PairGroupRunner& runner, const RunConfig& base, const std::vector<CpuPlace>& allowed,
                             int pairs, std::int64_t duration_ns, const PairsProgress& progress) {
  PairScaling scaling;
  scaling.asked = pairs;
  scaling.placement = place_pairs_as_asked(base, allowed, pairs);
  for (const std::size_t n : scaling_counts(scaling.placement.pairs.size())) {
    if (progress) progress(n == 1 ? std::string("1 pair") : std::to_string(n) + " pairs");
    const auto first = scaling.placement.pairs.begin();
    scaling.steps.push_back(run_step(runner, base, {first, first + static_cast<std::ptrdiff_t>(n)}, duration_ns));
  }
  if (const std::optional<NumaComparison> numa = numa_comparison(allowed)) {
    if (progress) progress("same node");
    scaling.same_node = run_step(runner, base, {{numa->same_node, PairKind::separate_cores}}, duration_ns);
    if (progress) progress("cross node");
    scaling.cross_node = run_step(runner, base, {{numa->cross_node, PairKind::cross_node}}, duration_ns);
  }
  return scaling;
}

int pairs_that_fit(const std::vector<CpuPlace>& allowed) {
  return std::max(1, static_cast<int>(allowed.size() / 2));
}

Result<int> parse_pairs(std::string_view text) {
  const std::optional<int> pairs = parse_whole_number(text, 1, kMaxPairs);
  if (!pairs) {
    return std::unexpected(
        usage_error(printf_string("'%s' is not a number of pairs from 1 to %d", std::string(text).c_str(), kMaxPairs),
                    "e.g. --pairs 4: four writer/reader pairs at once, placed by topology"));
  }
  return *pairs;
}

}  // namespace pipetop
