#pragma once
// A 95% interval in the JSON documents of paired rounds (ab, tune, sweep): [low, high], or null when
// too few rounds were kept for one.

#include <optional>

#include "pipetop/core/base/median_interval.hpp"
#include "pipetop/core/report/json_writer.hpp"

namespace pipetop {

inline void interval_json(JsonWriter& json, const std::optional<MedianInterval>& interval) {
  if (!interval) {
    json.null();
    return;
  }
  json.begin_array().value(interval->low).value(interval->high).end_array();
}

}  // namespace pipetop
