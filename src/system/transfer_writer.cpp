#include "pipetop/system/transfer_writer.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/uio.h>
#include <unistd.h>

#include <cerrno>
#include <limits>
#include <vector>

#include "pipetop/core/pattern.hpp"
#include "pipetop/core/strategies.hpp"
#include "pipetop/system/buffer.hpp"

namespace pipetop {
namespace {

struct WriterBuffers {
  std::vector<MappedBuffer> mappings;        // one or two (writer_layout)
  std::vector<std::span<std::byte>> chunks;  // what each call moves, in turn
};

Result<WriterBuffers> allocate_buffers(const RunConfig& c) {
  const BufferOptions options{c.huge_pages, c.lock_memory, !c.no_touch};
  const WriterLayout layout = writer_layout(c);
  WriterBuffers buffers;
  for (int i = 0; i < layout.buffers; ++i) {
    Result<MappedBuffer> mapping = MappedBuffer::allocate(layout.buffer_bytes, options);
    if (!mapping) return std::unexpected(mapping.error());
    buffers.mappings.push_back(std::move(*mapping));
  }
  for (const MappedBuffer& m : buffers.mappings) {
    for (std::uint64_t at = 0; at + layout.chunk_bytes <= layout.buffer_bytes; at += layout.chunk_bytes) {
      buffers.chunks.push_back(m.bytes().subspan(at, layout.chunk_bytes));
    }
  }
  return buffers;
}

enum class Sent { all, stopped, reader_gone };

// One call of the writer's strategy: what it returns, as the syscall does.
ssize_t put(WriterKind kind, int fd, std::byte* data, std::size_t length, unsigned flags) {
  switch (kind) {
    case WriterKind::write:
      return write(fd, data, length);
    case WriterKind::vmsplice: {
      iovec iov{data, length};
      return vmsplice(fd, &iov, 1, flags);
    }
  }
  errno = EINVAL;
  return -1;
}

// Moves `chunk` into the pipe, retrying partial transfers, EINTR and (busy loop) EAGAIN.
Result<Sent> send(const WorkerContext& ctx, std::span<std::byte> chunk, TransferCounts& counts, Sampler& sampler) {
  const RunConfig& c = ctx.config;
  const unsigned flags = (c.busy_loop ? SPLICE_F_NONBLOCK : 0U) | (c.gift ? SPLICE_F_GIFT : 0U);
  std::size_t done = 0;
  while (done < chunk.size()) {
    if (ctx.control.stop.load(std::memory_order_relaxed)) return Sent::stopped;
    if (c.poll) wait_ready(ctx.fd, POLLOUT, c.busy_loop, counts);
    std::byte* data = chunk.data() + done;
    const std::size_t length = chunk.size() - done;
    const ssize_t n = put(c.writer, ctx.fd, data, length, flags);
    ++counts.syscalls;
    if (n < 0) {
      const int err = errno;
      if (sampler.retry_after(err, counts)) continue;
      if (err == EPIPE) return Sent::reader_gone;
      return std::unexpected(syscall_error(to_string(c.writer), ctx.fd, length, err));
    }
    done += static_cast<std::size_t>(n);
    counts.bytes += static_cast<std::uint64_t>(n);
    sampler.tick(counts);
  }
  return Sent::all;
}

Result<void> transfer(const WorkerContext& ctx, const WriterBuffers& buffers, CounterSet& counters) {
  const RunConfig& c = ctx.config;
  const std::uint64_t limit = c.bytes_limit.value_or(std::numeric_limits<std::uint64_t>::max());
  TransferCounts counts;
  Sampler sampler(ctx.slot.ring, c.interval_ns, counters);
  sampler.start(counts);
  Result<Sent> sent = Sent::all;
  for (std::size_t which = 0; counts.bytes < limit && sent && *sent == Sent::all;
       which = (which + 1) % buffers.chunks.size()) {
    std::span<std::byte> chunk = buffers.chunks[which];
    if (limit - counts.bytes < chunk.size()) chunk = chunk.first(limit - counts.bytes);
    if (c.verify) fill_pattern(chunk, counts.bytes);
    sent = send(ctx, chunk, counts, sampler);
  }
  sampler.finish(counts);
  if (!sent) return std::unexpected(sent.error());
  return {};
}

}  // namespace

int run_writer(const WorkerContext& ctx) {
  const RunConfig& c = ctx.config;
  if (Result<void> pinned = pin_to_cpu(c.writer_cpu); !pinned) return report_failure(ctx.slot, pinned.error());
  Result<WriterBuffers> buffers = allocate_buffers(c);
  if (!buffers) return report_failure(ctx.slot, buffers.error());
  std::vector<AddressRange> ranges;
  for (const MappedBuffer& m : buffers->mappings) ranges.push_back(m.mapping());
  record_huge_pages(ctx, ranges);
  if (c.busy_loop && c.writer == WriterKind::write) {
    if (Result<void> nb = set_nonblocking(ctx.fd); !nb) return report_failure(ctx.slot, nb.error());
  }
  CounterSet counters = open_worker_counters(ctx, c.writer_cpu);
  if (!wait_for_go(ctx)) {
    ctx.slot.publish(WorkerState::finished);
    return 0;
  }
  const Result<void> moved = timed_transfer(ctx, counters, [&] { return transfer(ctx, *buffers, counters); });
  if (!moved) return report_failure(ctx.slot, moved.error());
  ctx.slot.publish(WorkerState::finished);
  return 0;
}

}  // namespace pipetop
