#include "pipetop/system/transfer_writer.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <cerrno>
#include <limits>
#include <optional>
#include <vector>

#include "pipetop/core/config/pattern.hpp"
#include "pipetop/core/config/strategies.hpp"
#include "pipetop/system/buffer.hpp"
#include "pipetop/system/zerocopy_sends.hpp"

namespace pipetop {
namespace {

struct WriterBuffers {
  std::vector<MappedBuffer> mappings;        // one or two (writer_layout)
  std::vector<std::span<std::byte>> chunks;  // what each call moves, in turn
};

Result<WriterBuffers> allocate_buffers(const RunConfig& c) {
  const BufferOptions options = buffer_options(c, c.writer == WriterKind::sendfile);
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

// sendfile(2) of `data`, which lies in one of `mappings` (memfds), from where it lies in its file.
ssize_t send_file(int fd, const std::vector<MappedBuffer>& mappings, const std::byte* data, std::size_t length) {
  for (const MappedBuffer& m : mappings) {
    const AddressRange range = m.mapping();
    const auto at = reinterpret_cast<std::uintptr_t>(data);
    if (at < range.start || at >= range.end) continue;
    off_t offset = m.file_offset(data);
    return sendfile(fd, m.file(), &offset, length);
  }
  errno = EFAULT;
  return -1;
}

// One call of the writer's strategy: what it returns, as the syscall does. With MSG_ZEROCOPY (`zerocopy`
// set) the write is a send(2) that lends the pages.
ssize_t put(WriterKind kind, int fd, const WriterBuffers& buffers, std::byte* data, std::size_t length, unsigned flags,
            std::optional<ZeroCopySends>& zerocopy) {
  switch (kind) {
    case WriterKind::sendfile:
      return send_file(fd, buffers.mappings, data, length);
    case WriterKind::write:
      if (zerocopy) return send(fd, data, length, MSG_ZEROCOPY);
      return write(fd, data, length);
    case WriterKind::vmsplice: {
      iovec iov{data, length};
      return vmsplice(fd, &iov, 1, flags);
    }
  }
  errno = EINVAL;
  return -1;
}

// Moves `chunk` into the pipe, retrying partial transfers, EINTR and (busy loop) EAGAIN; with
// MSG_ZEROCOPY, reading its completions after each send (and all of them on ENOBUFS, when the socket's
// option memory is full of them).
Result<Sent> send_chunk(const WorkerContext& ctx, const WriterBuffers& buffers, std::span<std::byte> chunk,
                        TransferCounts& counts, Sampler& sampler, std::optional<ZeroCopySends>& zerocopy) {
  const RunConfig& c = ctx.config;
  const bool nonblocking_call = c.busy_loop && strategy_of(c.writer).busy_loop == NonBlocking::call_flag;
  const unsigned flags = (nonblocking_call ? SPLICE_F_NONBLOCK : 0U) | (c.gift ? SPLICE_F_GIFT : 0U);
  std::size_t done = 0;
  while (done < chunk.size()) {
    if (ctx.control.stop.load(std::memory_order_relaxed)) return Sent::stopped;
    if (c.poll) wait_ready(ctx.fd, POLLOUT, c.busy_loop, counts);
    std::byte* data = chunk.data() + done;
    const std::size_t length = chunk.size() - done;
    const ssize_t n = put(c.writer, ctx.fd, buffers, data, length, flags, zerocopy);
    ++counts.syscalls;
    if (n < 0) {
      const int err = errno;
      if (sampler.retry_after(err, counts)) continue;
      if (err == EPIPE || err == ECONNRESET) return Sent::reader_gone;  // a socket's reader may reset instead
      if (err == ENOBUFS && zerocopy) {
        if (Result<void> reaped = zerocopy->reap(true); !reaped) return std::unexpected(reaped.error());
        continue;
      }
      return std::unexpected(syscall_error(zerocopy ? "send(MSG_ZEROCOPY)" : to_string(c.writer), ctx.fd, length, err));
    }
    if (zerocopy) {
      zerocopy->sent();
      if (Result<void> reaped = zerocopy->reap(false); !reaped) return std::unexpected(reaped.error());
    }
    done += static_cast<std::size_t>(n);
    counts.bytes += static_cast<std::uint64_t>(n);
    sampler.tick(counts);
  }
  return Sent::all;
}

Result<void> transfer(const WorkerContext& ctx, const WriterBuffers& buffers, CounterSet& counters,
                      std::optional<ZeroCopySends>& zerocopy) {
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
    if (c.verify && zerocopy) {  // the kernel may still read this chunk's pages: wait before rewriting them
      if (Result<void> reaped = zerocopy->reap(true); !reaped) return std::unexpected(reaped.error());
    }
    if (c.verify) fill_pattern(chunk, counts.bytes);
    sent = send_chunk(ctx, buffers, chunk, counts, sampler, zerocopy);
  }
  sampler.finish(counts);
  if (zerocopy) {
    const Result<void> reaped = zerocopy->reap(sent && *sent != Sent::reader_gone);  // a reader gone acks no more
    WorkerReport& report = ctx.slot.report;
    report.zerocopy = true;
    report.zerocopy_sends = zerocopy->counts().sends;
    report.zerocopy_completed = zerocopy->counts().completed;
    report.zerocopy_copied = zerocopy->counts().copied;
    if (!reaped) return std::unexpected(reaped.error());
  }
  if (!sent) return std::unexpected(sent.error());
  return {};
}

}  // namespace

int run_writer(const WorkerContext& ctx) {
  const RunConfig& c = ctx.config;
  if (Result<void> pinned = pin_to_cpu(c.writer_cpu); !pinned) return report_failure(ctx.slot, pinned.error());
  Result<WriterBuffers> buffers = timed_setup(ctx, [&c] { return allocate_buffers(c); });
  if (!buffers) return report_failure(ctx.slot, buffers.error());
  std::vector<AddressRange> ranges;
  for (const MappedBuffer& m : buffers->mappings) ranges.push_back(m.mapping());
  record_huge_pages(ctx, ranges);
  if (c.busy_loop && strategy_of(c.writer).busy_loop == NonBlocking::fd) {
    if (Result<void> nb = set_nonblocking(ctx.fd); !nb) return report_failure(ctx.slot, nb.error());
  }
  std::optional<ZeroCopySends> zerocopy;
  if (c.zerocopy) {
    Result<ZeroCopySends> enabled = ZeroCopySends::enable(ctx.fd);
    if (!enabled) return report_failure(ctx.slot, enabled.error());
    zerocopy = *enabled;
  }
  CounterSet counters = open_worker_counters(ctx, c.writer_cpu);
  if (!wait_for_go(ctx)) {
    ctx.slot.publish(WorkerState::finished);
    return 0;
  }
  const Result<void> moved = timed_transfer(ctx, counters, [&] { return transfer(ctx, *buffers, counters, zerocopy); });
  if (!moved) return report_failure(ctx.slot, moved.error());
  ctx.slot.publish(WorkerState::finished);
  return 0;
}

}  // namespace pipetop
