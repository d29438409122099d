// How long a dashboard toggle takes: from the key's new configuration to the first sample of the new
// pair that shows bytes moved, through the same LivePair the dashboard uses (old pair stopped and
// reaped, new one forked, set up and started). Alternates busy loop on and off N times (default 50)
// and prints the median, p95 and worst latency.

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <variant>
#include <vector>

#include "pipetop/app/live_pair.hpp"
#include "pipetop/app/worker_plan.hpp"
#include "pipetop/system/clock.hpp"
#include "pipetop/system/machine_reader.hpp"

namespace {

using namespace pipetop;

// Polls `pair` until its reader has moved bytes since the last change (or 5 s pass).
bool wait_for_bytes(LivePair& pair, std::int64_t start) {
  std::vector<SessionEvent> events;
  bool started = false;
  while (monotonic_ns() - start < 5 * kNsPerS) {
    events.clear();
    pair.poll(monotonic_ns(), events);
    for (const SessionEvent& e : events) {
      started |= std::holds_alternative<SegmentStart>(e);
      const auto* s = std::get_if<WorkerSample>(&e);
      if (started && s != nullptr && s->role == WorkerRole::reader && s->sample.bytes > 0) return true;
    }
    sleep_ns(200'000);
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  const int toggles = argc > 1 ? std::atoi(argv[1]) : 50;
  const SystemFiles files("/");
  Result<WorkerPlan> plan = plan_workers(RunConfig{}, read_machine_facts(files));
  if (!plan) return std::fprintf(stderr, "%s\n", format_error(plan.error()).c_str()), 1;
  RunConfig config = plan->config;
  LivePair pair(std::move(*plan), files);
  if (!wait_for_bytes(pair, monotonic_ns())) return std::fprintf(stderr, "the first pair moved nothing\n"), 1;
  std::vector<double> latencies_ms;
  for (int i = 0; i < toggles; ++i) {
    config.busy_loop = !config.busy_loop;
    const std::int64_t start = monotonic_ns();
    if (Result<void> changed = pair.change(config); !changed) {
      std::fprintf(stderr, "%s\n", format_error(changed.error()).c_str());
      return 1;
    }
    if (!wait_for_bytes(pair, start)) return std::fprintf(stderr, "toggle %d moved nothing within 5 s\n", i), 1;
    latencies_ms.push_back(static_cast<double>(monotonic_ns() - start) / 1e6);
  }
  std::sort(latencies_ms.begin(), latencies_ms.end());
  std::printf("toggles: %d  median %.1f ms  p95 %.1f ms  worst %.1f ms\n", toggles,
              latencies_ms[latencies_ms.size() / 2], latencies_ms[latencies_ms.size() * 95 / 100], latencies_ms.back());
  return 0;
}
