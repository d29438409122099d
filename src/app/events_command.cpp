#include "pipetop/app/events_command.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <vector>

#include "pipetop/core/event_names.hpp"
#include "pipetop/core/machine_limits.hpp"
#include "pipetop/system/counter_set.hpp"
#include "pipetop/system/machine_reader.hpp"

namespace pipetop {
namespace {

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

// "usable", "usable, user-only: ..." or "n/a: ..." for one event, by opening it on this process.
std::string probe(const std::string& name, bool user_only, const PerfOpenContext& context) {
  const CounterInfo info = probe_event(name, user_only, context);
  switch (info.state) {
    case CounterState::counting: return "usable";
    case CounterState::user_only: return "usable, " + info.reason;
    case CounterState::unavailable: break;
  }
  return "n/a: " + info.reason;
}

}  // namespace

int list_events(const EventsCommand& command, const SystemFiles& files) {
  const PerfOpenContext context = perf_open_context(read_machine_facts(files));
  std::vector<EventDescription> rows;
  for (const std::string& name : default_event_names()) rows.push_back({name, "default", {}});
  if (command.all) {
    for (EventDescription& e : list_pmu_events()) rows.push_back(std::move(e));
  }
  const std::string filter = lower(command.filter);
  std::printf("%-44s %s\n", "EVENT", "STATUS (opened on this process, " "counting " "user+kernel unless noted)");
  std::size_t shown = 0;
  for (const EventDescription& row : rows) {
    if (!filter.empty() && lower(row.name).find(filter) == std::string::npos) continue;
    std::string status = probe(row.name, command.user_only, context);
    if (status.ends_with("missing unit mask") && !row.unit_masks.empty()) {
      status = "needs a unit mask, e.g. " + row.name + ":" + row.unit_masks.front() + " (" +
               std::to_string(row.unit_masks.size()) + " known)";
    }
    if (command.all && row.description != "default" && !row.description.empty()) {
      status += "  — " + row.description.substr(0, 80);
    }
    std::printf("%-44s %s\n", row.name.c_str(), status.c_str());
    ++shown;
  }
  std::printf("\n%zu event(s)%s; perf_event_paranoid=%d%s; hardware PMU %s\n", shown,
              command.all ? "" : " (default set; --all lists every PMU event)", context.paranoid,
              context.privileged ? " (CAP_PERFMON/CAP_SYS_ADMIN held)" : "", context.hardware_pmu_present ? "present" : "not exposed");
  return 0;
}

}  // namespace pipetop
