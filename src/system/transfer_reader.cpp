#include "pipetop/system/transfer_reader.hpp"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <optional>

#include "pipetop/core/config/pattern.hpp"
#include "pipetop/core/config/strategies.hpp"
#include "pipetop/core/config/transports.hpp"
#include "pipetop/core/machine/machine_limits.hpp"
#include "pipetop/system/buffer.hpp"
#include "pipetop/system/forward.hpp"
#include "pipetop/system/transport_ends.hpp"

namespace pipetop {
namespace {

// Where the reader puts the bytes: its own buffer (read, then on to stdout with --pass) or, with
// splice, /dev/null (or stdout with --pass); from a socket, splice goes through a relay pipe.
struct Sink {
  std::optional<MappedBuffer> buffer;
  std::optional<TransportEnds> relay;  // splice from a socket: socket → relay → out (splice needs a pipe at one end)
  int out = -1;                        // splice's destination; with --pass, where read's bytes go on
  bool owns_out = false;
  ~Sink() {
    if (owns_out) close(out);
  }
};

Result<void> open_sink(const WorkerContext& ctx, Sink& sink) {
  const RunConfig& c = ctx.config;
  sink.out = ctx.out_fd;
  if (!strategy_of(c.reader).sees_bytes) {
    if (splices_through_relay(c)) {
      Result<TransportEnds> relay = TransportEnds::open(TransportKind::pipe);
      if (!relay) return std::unexpected(relay.error());
      // As large as a call, so one splice can take a whole buffer from the socket.
      const std::uint64_t bytes = std::min(c.buffer_bytes, machine_limits(ctx.machine).pipe_max_bytes);
      if (Result<std::uint64_t> sized = relay->set_size(bytes, bytes); !sized) return std::unexpected(sized.error());
      sink.relay = std::move(*relay);
    }
    if (sink.out >= 0) return {};
    sink.out = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (sink.out < 0) return std::unexpected(runtime_error("open(/dev/null): " + errno_text(errno)));
    sink.owns_out = true;
    return {};
  }
  Result<MappedBuffer> buffer = MappedBuffer::allocate(c.buffer_bytes, buffer_options(c, false));
  if (!buffer) return std::unexpected(buffer.error());
  sink.buffer = std::move(*buffer);
  return {};
}

// splice(2) from a socket into the relay pipe, then from the relay to the sink's destination: returns
// what the first call returned, once the relay is empty again (each call counted).
ssize_t splice_through_relay(int fd, const Sink& sink, std::size_t length, unsigned flags, TransferCounts& counts) {
  const ssize_t n = splice(fd, nullptr, sink.relay->write_fd(), nullptr, length, flags);
  for (auto left = static_cast<std::size_t>(std::max<ssize_t>(n, 0)); left > 0;) {
    const ssize_t moved =
        splice(sink.relay->read_fd(), nullptr, sink.out, nullptr, left, flags & ~unsigned{SPLICE_F_NONBLOCK});
    ++counts.syscalls;
    if (moved < 0 && errno != EINTR) return -1;
    if (moved > 0) left -= static_cast<std::size_t>(moved);
  }
  return n;
}

// One call of the reader's strategy: what it returns, as the syscall does.
ssize_t take(ReaderKind kind, int fd, const Sink& sink, std::size_t length, unsigned flags, TransferCounts& counts) {
  switch (kind) {
    case ReaderKind::read:
      return read(fd, sink.buffer->bytes().data(), length);
    case ReaderKind::splice:
      if (sink.relay) return splice_through_relay(fd, sink, length, flags, counts);
      return splice(fd, nullptr, sink.out, nullptr, length, flags);
  }
  errno = EINVAL;
  return -1;
}

Result<void> transfer(const WorkerContext& ctx, const Sink& sink, CounterSet& counters) {
  const RunConfig& c = ctx.config;
  const bool nonblocking_call = c.busy_loop && strategy_of(c.reader).busy_loop == NonBlocking::call_flag;
  const unsigned flags = (nonblocking_call ? SPLICE_F_NONBLOCK : 0U) | (c.gift ? SPLICE_F_MOVE : 0U);
  const std::span<std::byte> buffer = sink.buffer ? sink.buffer->bytes() : std::span<std::byte>{};
  TransferCounts counts;
  PatternCheck verify;
  WorkerReport& report = ctx.slot.report;
  Sampler sampler(ctx.slot.ring, c.interval_ns, counters, ctx.fd);
  KernelForwardCalls forward;
  const bool forwards = ctx.out_fd >= 0 && sink.buffer;
  sampler.start(counts);
  for (;;) {
    if (ctx.other_end_theirs && ctx.control.stop.load(std::memory_order_relaxed)) break;
    if (c.poll) wait_ready(ctx.fd, POLLIN, c.busy_loop, counts);
    const ssize_t n = take(c.reader, ctx.fd, sink, c.buffer_bytes, flags, counts);
    ++counts.syscalls;
    if (n == 0) break;  // the writer closed its end
    if (n < 0) {
      const int err = errno;
      if (sampler.retry_after(err, counts)) continue;
      if (err == EPIPE && ctx.out_fd >= 0) break;  // --pass: the consumer is gone, a clean end
      sampler.finish(counts);
      return std::unexpected(syscall_error(to_string(c.reader), ctx.fd, c.buffer_bytes, err));
    }
    if (forwards) {
      const Result<Forwarded> sent =
          forward_all(forward, ctx.out_fd, buffer.first(static_cast<std::size_t>(n)), counts);
      if (!sent) {
        sampler.finish(counts);
        return std::unexpected(sent.error());
      }
      if (*sent == Forwarded::consumer_gone) break;
    }
    if (c.verify) {
      const PatternCheck chunk = check_pattern(buffer.first(static_cast<std::size_t>(n)), counts.bytes);
      if (chunk.mismatches > 0 && verify.mismatches == 0) verify.first_mismatch = chunk.first_mismatch;
      verify.mismatches += chunk.mismatches;
    }
    counts.bytes += static_cast<std::uint64_t>(n);
    sampler.tick(counts);
  }
  sampler.finish(counts);
  report.verified_stream = c.verify;
  report.verify_checked = c.verify ? counts.bytes : 0;
  report.verify_mismatches = verify.mismatches;
  report.verify_first_mismatch = verify.first_mismatch;
  return {};
}

}  // namespace

int run_reader(const WorkerContext& ctx) {
  const RunConfig& c = ctx.config;
  if (Result<void> pinned = pin_to_cpu(c.reader_cpu); !pinned) return report_failure(ctx.slot, pinned.error());
  Sink sink;
  if (Result<void> opened = timed_setup(ctx, [&] { return open_sink(ctx, sink); }); !opened) {
    return report_failure(ctx.slot, opened.error());
  }
  record_huge_pages(ctx, sink.buffer ? std::vector<AddressRange>{sink.buffer->mapping()} : std::vector<AddressRange>{});
  if (c.busy_loop && strategy_of(c.reader).busy_loop == NonBlocking::fd) {
    if (Result<void> nb = set_nonblocking(ctx.fd); !nb) return report_failure(ctx.slot, nb.error());
  }
  CounterSet counters = open_worker_counters(ctx, c.reader_cpu);
  if (!wait_for_go(ctx)) {
    ctx.slot.publish(WorkerState::finished);
    return 0;
  }
  const Result<void> moved = timed_transfer(ctx, counters, [&] { return transfer(ctx, sink, counters); });
  if (!moved) return report_failure(ctx.slot, moved.error());
  ctx.slot.publish(WorkerState::finished);
  return 0;
}

}  // namespace pipetop
