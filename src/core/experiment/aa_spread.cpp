#include "pipetop/core/experiment/aa_spread.hpp"

#include <algorithm>

#include "pipetop/core/base/number_format.hpp"

namespace pipetop {

Result<std::int64_t> parse_aa_budget(std::string_view text) {
  if (text == "0" || text == "0s") return 0;
  return parse_duration_ns(text);
}

RoundsPlan aa_plan(std::int64_t budget_ns) {
  return RoundsPlan{2, {{0, 1}}, budget_ns, kDefaultPrecision};
}

AaSpreads aa_spreads(const PairedRounds& rounds, std::span<const std::string> names) {
  AaSpreads spreads;
  for (std::size_t arm = 0; arm < names.size() && arm < rounds.plan().arms; ++arm) {
    const ArmFigures figures = rounds.arm_figures(arm);
    const std::optional<double> spread = figures.spread();
    if (!spread || figures.slices < 2) continue;
    const auto [it, inserted] = spreads.try_emplace(names[arm], *spread - 1);
    if (!inserted) it->second = std::max(it->second, *spread - 1);
  }
  return spreads;
}

std::string aa_source_words(const PairedRounds& rounds, std::int64_t slice_ns, const std::string& what) {
  std::size_t slices = 0;
  std::optional<double> spread;
  for (std::size_t arm = 0; arm < rounds.plan().arms; ++arm) {
    const ArmFigures f = rounds.arm_figures(arm);
    slices += f.slices;
    if (f.slices >= 2 && f.spread() && (!spread || *f.spread() > *spread)) spread = f.spread();
  }
  const std::string how = what + " in " + std::to_string(rounds.rounds().size()) + " paired rounds of " +
                          format_duration_arg(slice_ns) + " (" +
                          format_fixed(static_cast<double>(rounds.elapsed_ns()) / 1e9, 1) + " s, " +
                          std::to_string(slices) + " slices counted)";
  if (!spread) return how + ": too few slices counted for a spread";
  return how + ": a fixed configuration varied ±" + format_whole_percent(*spread - 1);
}

}  // namespace pipetop
