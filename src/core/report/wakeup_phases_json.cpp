#include "pipetop/core/report/wakeup_phases_json.hpp"

#include "pipetop/core/report/interval_json.hpp"

namespace pipetop {
namespace {

void half_json(JsonWriter& json, const WakeupHalf& half) {
  json.begin_object().key("rounds").value(static_cast<std::uint64_t>(half.rounds));
  json.key("wakeup_us").value(half.wakeup_us).key("ratio").value(half.ratio.median).key("ci95");
  interval_json(json, half.ratio);
  json.end_object();
}

}  // namespace

void wakeup_phases_json(JsonWriter& json, const std::optional<WakeupPhases>& phases) {
  if (!phases) {
    json.null();
    return;
  }
  json.begin_object().key("words").value(wakeup_phases_words(*phases));
  json.key("threshold_us").value(phases->threshold_us).key("quick");
  half_json(json, phases->quick);
  json.key("slow");
  half_json(json, phases->slow);
  json.end_object();
}

}  // namespace pipetop
