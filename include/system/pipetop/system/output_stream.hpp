#pragma once
// Writing a stream (stdout) without ever blocking the caller. Text is queued and a thread of the
// stream's own writes it out with plain blocking write(2): the fd's flags are left alone, since other
// processes may share its open file description (O_NONBLOCK there would break them). A reader that
// stops reading holds up only that thread; text marked droppable (a line per sample) is dropped, and
// counted, while too much waits; the caller decides how long to wait for the rest at the end.

#include <cstdint>
#include <memory>
#include <string_view>
#include <thread>

namespace pipetop {

class OutputStream {
 public:
  static constexpr std::size_t kDefaultDroppableLimitBytes = std::size_t{1} << 20;

  // Writes to `fd` (not owned). Droppable text is dropped while more than `droppable_limit_bytes`
  // wait to be written. The thread starts with the first write, with the caller's signal mask.
  explicit OutputStream(int fd, std::size_t droppable_limit_bytes = kDefaultDroppableLimitBytes);
  OutputStream(const OutputStream&) = delete;
  OutputStream& operator=(const OutputStream&) = delete;
  // Stops the thread; one still blocked in write() (a flush that timed out) is left to end with the
  // process, and what it had not written is lost.
  ~OutputStream();

  // Queues `text`, however much is waiting (headers, summaries, reports). After a failed write the
  // stream discards everything.
  void write(std::string_view text);
  // Queues `text` unless more than the limit is waiting; then drops it and counts it.
  void write_droppable(std::string_view text);
  // Droppable writes dropped so far.
  [[nodiscard]] std::uint64_t dropped() const;

  enum class Flushed { written, failed, timed_out, interrupted };
  // Waits until everything queued is written (written), a write fails (failed: see error()),
  // `timeout_ns` passes (timed_out) or `wake_fd`, when not negative, becomes readable (interrupted;
  // nothing is read from it).
  [[nodiscard]] Flushed flush(std::int64_t timeout_ns, int wake_fd = -1);

  // The errno of the first failed write; 0 while none failed. EINTR is retried, and EAGAIN (the
  // description made non-blocking by someone else) waits for POLLOUT: neither is a failure.
  [[nodiscard]] int error() const;
  // Bytes queued or being written, not yet written.
  [[nodiscard]] std::size_t unwritten_bytes() const;

 private:
  struct State;
  static void drain(const std::shared_ptr<State>& state);
  std::shared_ptr<State> state_;  // shared with the thread, which may outlive this object
  std::thread thread_;
};

}  // namespace pipetop
