// How long a dashboard toggle takes: from the key's new configuration to the first sample of the new
// pair that shows bytes moved. Alternates busy loop on and off N times (default 50) and prints the
// median and worst latency. The goal: within 200 ms.

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "pipetop/app/worker_pair.hpp"
#include "pipetop/system/clock.hpp"
#include "pipetop/system/machine_reader.hpp"

int main(int argc, char** argv) {
  using namespace pipetop;
  const int toggles = argc > 1 ? std::atoi(argv[1]) : 50;
  Result<WorkerPlan> plan = plan_workers(RunConfig{}, read_machine_facts(SystemFiles("/")));
  if (!plan) return std::fprintf(stderr, "%s\n", format_error(plan.error()).c_str()), 1;
  Result<std::unique_ptr<WorkerPair>> pair = WorkerPair::start(*plan);
  if (!pair) return std::fprintf(stderr, "%s\n", format_error(pair.error()).c_str()), 1;
  std::vector<double> latencies_ms;
  RunConfig config = (*pair)->config();
  for (int i = 0; i < toggles; ++i) {
    config.busy_loop = !config.busy_loop;
    const std::int64_t start = monotonic_ns();
    if (Result<void> changed = (*pair)->change(config); !changed) {
      std::fprintf(stderr, "%s\n", format_error(changed.error()).c_str());
      return 1;
    }
    bool moving = false;
    while (!moving && monotonic_ns() - start < 5 * kNsPerS) {
      (*pair)->session()->drain([&](WorkerRole role, const Sample& s) { moving |= role == WorkerRole::reader && s.bytes > 0; });
      if (!moving) sleep_ns(200'000);
    }
    latencies_ms.push_back(static_cast<double>(monotonic_ns() - start) / 1e6);
  }
  std::sort(latencies_ms.begin(), latencies_ms.end());
  std::printf("toggles: %d  median %.1f ms  p95 %.1f ms  worst %.1f ms  (goal: under 200 ms)\n", toggles,
              latencies_ms[latencies_ms.size() / 2], latencies_ms[latencies_ms.size() * 95 / 100], latencies_ms.back());
  return 0;
}
