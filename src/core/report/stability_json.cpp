#include "pipetop/core/report/stability_json.hpp"

#include "pipetop/core/report/json_writer.hpp"

namespace pipetop {

std::string stability_json(const MachineStability& s) {
  JsonWriter json;
  json.begin_object().key("words").value(stability_words(s));
  json.key("slices").value(static_cast<std::uint64_t>(s.slices));
  json.key("spread").value(s.spread);
  json.key("steal").value(s.steal);
  json.key("steal_max").value(s.steal_max);
  json.key("run_delay").value(s.run_delay);
  json.key("run_delay_max").value(s.run_delay_max);
  json.key("wakeup_us").value(s.wakeup_us);
  json.key("wakeup_min_us").value(s.wakeup_min_us);
  json.key("wakeup_max_us").value(s.wakeup_max_us);
  json.end_object();
  return json.str();
}

}  // namespace pipetop
