#include "pipetop/core/experiment/ladder_steps.hpp"

#include <algorithm>

namespace pipetop {
namespace {

std::optional<std::size_t> index_of(const std::vector<std::string>& names, std::string_view name) {
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end()) return std::nullopt;
  return static_cast<std::size_t>(it - names.begin());
}

}  // namespace

Contrast step_contrast(std::size_t rung) {
  return {rung, rung - 1};
}

RoundsPlan ladder_rounds_plan(const std::vector<Rung>& rungs, std::int64_t budget_ns, double precision) {
  RoundsPlan plan{rungs.size(), {}, budget_ns, precision};
  for (std::size_t i = 1; i < rungs.size(); ++i) plan.contrasts.push_back(step_contrast(i));
  std::vector<std::string> names;
  for (const Rung& rung : rungs) names.push_back(rung.name);
  const std::optional<std::size_t> zero_copy = index_of(names, "vmsplice/splice");
  const std::optional<std::size_t> copy = index_of(names, "write/read");
  if (zero_copy && copy && *zero_copy != *copy + 1) plan.contrasts.push_back({*zero_copy, *copy});
  return plan;
}

std::optional<RatioEstimate> LadderSteps::estimate(std::string_view a, std::string_view b) const {
  const std::optional<std::size_t> top = index_of(rungs, a);
  const std::optional<std::size_t> bottom = index_of(rungs, b);
  if (!top || !bottom) return std::nullopt;
  return rounds.estimate({*top, *bottom});
}

std::string_view change_words(Change change) {
  switch (change) {
    case Change::faster:
      return "faster";
    case Change::slower:
      return "slower";
    case Change::none_shown:
      return "no change shown";
    case Change::unknown:
      return "too few rounds";
  }
  return "too few rounds";
}

}  // namespace pipetop
