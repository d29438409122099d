#include "pipetop/app/events_command.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

#include "pipetop/core/base/printf_string.hpp"
#include "pipetop/core/counters/event_names.hpp"
#include "pipetop/core/machine/machine_limits.hpp"
#include "pipetop/core/report/json_writer.hpp"
#include "pipetop/core/report/schema_version.hpp"
#include "pipetop/system/counter_set.hpp"
#include "pipetop/system/machine_reader.hpp"

namespace pipetop {
namespace {

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

struct EventRow {
  EventDescription event;
  CounterInfo probed;  // opened on this process: its state and why
};

// "usable", "usable, user-only: ..." or "n/a: ..." for one event, with the unit-mask hint libpfm4 knows.
std::string status_text(const EventRow& row) {
  const CounterInfo& info = row.probed;
  switch (info.state) {
    case CounterState::counting:
      return "usable";
    case CounterState::user_only:
      return "usable, " + info.reason;
    case CounterState::unavailable:
      break;
  }
  if (info.problem == CounterProblem::needs_unit_mask && !row.event.unit_masks.empty()) {
    return "needs a unit mask, e.g. " + row.event.name + ":" + row.event.unit_masks.front() + " (" +
           std::to_string(row.event.unit_masks.size()) + " known)";
  }
  return "n/a: " + info.reason;
}

std::string events_text(const EventsCommand& command, const std::vector<EventRow>& rows,
                        const PerfOpenContext& context) {
  std::string text =
      printf_string("%-44s %s\n", "EVENT", "STATUS (opened on this process, counting user+kernel unless noted)");
  for (const EventRow& row : rows) {
    std::string status = status_text(row);
    if (command.all && row.event.description != "default" && !row.event.description.empty()) {
      status += "  — " + row.event.description.substr(0, 80);
    }
    text += printf_string("%-44s %s\n", row.event.name.c_str(), status.c_str());
  }
  return text + printf_string("\n%zu event(s)%s; perf_event_paranoid=%d%s; hardware PMU %s\n", rows.size(),
                              command.all ? "" : " (default set; --all lists every PMU event)", context.paranoid,
                              context.privileged ? " (CAP_PERFMON/CAP_SYS_ADMIN held)" : "",
                              context.hardware_pmu_present ? "present" : "not exposed");
}

std::string events_json(const std::vector<EventRow>& rows, const PerfOpenContext& context) {
  JsonWriter json;
  json.begin_object().key("schema_version").value(kSchemaVersion).key("type").value("events");
  json.key("perf_event_paranoid").value(context.paranoid).key("privileged").value(context.privileged);
  json.key("hardware_pmu").value(context.hardware_pmu_present);
  json.key("events").begin_array();
  for (const EventRow& row : rows) {
    json.begin_object().key("name").value(row.event.name);
    json.key("usable").value(row.probed.state != CounterState::unavailable);
    json.key("user_only").value(row.probed.state == CounterState::user_only);
    json.key("status").value(status_text(row));
    json.key("description").value(row.event.description == "default" ? "" : row.event.description);
    json.end_object();
  }
  json.end_array().end_object();
  return json.str() + "\n";
}

}  // namespace

int list_events(const EventsCommand& command, const SystemFiles& files, OutputStream& out) {
  const PerfOpenContext context = perf_open_context(read_machine_facts(files));
  std::vector<EventDescription> candidates;
  for (const std::string& name : default_event_names()) candidates.push_back({name, "default", {}});
  if (command.all) {
    for (EventDescription& e : list_pmu_events()) candidates.push_back(std::move(e));
  }
  const std::string filter = lower(command.filter);
  std::vector<EventRow> rows;
  for (EventDescription& event : candidates) {
    if (!filter.empty() && lower(event.name).find(filter) == std::string::npos) continue;
    CounterInfo probed = probe_event(event.name, command.user_only, context);
    rows.push_back({std::move(event), std::move(probed)});
  }
  out.write(command.format == OutputFormat::json ? events_json(rows, context) : events_text(command, rows, context));
  return 0;
}

}  // namespace pipetop
