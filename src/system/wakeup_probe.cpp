#include "pipetop/system/wakeup_probe.hpp"

#include <unistd.h>

#include <cerrno>
#include <thread>

#include "pipetop/system/clock.hpp"
#include "pipetop/system/transport_ends.hpp"
#include "pipetop/system/worker_context.hpp"

namespace pipetop {
namespace {

constexpr int kWarmRoundTrips = 20;

// One byte each way: there over `out`, back over `in`. False when either call failed or saw the end.
bool round_trip(int out, int in, char& byte) {
  return write(out, &byte, 1) == 1 && read(in, &byte, 1) == 1;
}

Error probe_error() {
  return runtime_error("the wake-up probe's pipe: " + errno_text(errno));
}

// Echoes every byte from `in` to `out` until `in` ends (its writer closed it).
void echo(int in, int out) {
  char byte = 0;
  while (read(in, &byte, 1) == 1) {
    if (write(out, &byte, 1) != 1) return;
  }
}

// The sending thread: pinned to `cpu`, a few warm round trips, then as many as fit in `duration_ns` (one
// at least), timed.
Result<double> sender_side(const std::optional<int>& cpu, int out, int in, std::int64_t duration_ns) {
  if (Result<void> pinned = pin_to_cpu(cpu); !pinned) return std::unexpected(pinned.error());
  char byte = 0;
  for (int i = 0; i < kWarmRoundTrips; ++i) {
    if (!round_trip(out, in, byte)) return std::unexpected(probe_error());
  }
  std::int64_t trips = 0;
  const std::int64_t start = monotonic_ns();
  std::int64_t now = start;
  do {
    if (!round_trip(out, in, byte)) return std::unexpected(probe_error());
    ++trips;
    now = monotonic_ns();
  } while (now - start < duration_ns);
  return static_cast<double>(now - start) / 1e3 / static_cast<double>(trips);
}

}  // namespace

Result<double> measure_wakeup_round_trip(const std::optional<int>& from_cpu, const std::optional<int>& to_cpu,
                                         std::int64_t duration_ns) {
  Result<TransportEnds> there = TransportEnds::open(TransportKind::pipe);
  if (!there) return std::unexpected(there.error());
  Result<TransportEnds> back = TransportEnds::open(TransportKind::pipe);
  if (!back) return std::unexpected(back.error());
  // Each thread's own outcome, read once both are joined.
  Result<void> echo_pinned;
  Result<double> measured = std::unexpected(runtime_error("the wake-up probe did not run"));
  std::thread echoer([&] {
    // sched_setaffinity(0) pins the calling thread only. A thread that cannot be pinned still echoes,
    // so the other never waits for ever.
    echo_pinned = pin_to_cpu(to_cpu);
    echo(there->read_fd(), back->write_fd());
  });
  std::thread sender([&] {
    measured = sender_side(from_cpu, there->write_fd(), back->read_fd(), duration_ns);
    there->close_write();  // ends the echo
  });
  sender.join();
  echoer.join();
  if (!echo_pinned) return std::unexpected(echo_pinned.error());
  return measured;
}

}  // namespace pipetop
