#pragma once
// A ratio from paired rounds in words, the same in every output that prints one (ab, check's steps,
// tune, the dashboard): three decimals near 1, where a few percent matter, two elsewhere; its interval
// as "95% CI 0.98–1.03".

#include <string>

#include "pipetop/core/base/median_interval.hpp"
#include "pipetop/core/experiment/paired_rounds.hpp"

namespace pipetop {

// "1.023" near 1 (within 10%), "2.31" elsewhere.
[[nodiscard]] std::string ratio_text(double ratio);

// "95% CI 2.20–2.45".
[[nodiscard]] std::string interval_text(const MedianInterval& interval);

// How far an interval that holds 1 reaches from it: "±1.8%" (no difference within that).
[[nodiscard]] std::string no_change_bound(const MedianInterval& interval);

// "×2.31 (95% CI 2.20–2.45)"; "×2.31 (too few rounds for an interval)" before one; "—" without a median.
[[nodiscard]] std::string estimate_text(const RatioEstimate& estimate);

}  // namespace pipetop
