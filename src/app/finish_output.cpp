#include "pipetop/app/finish_output.hpp"

#include <cstdio>

#include "pipetop/core/base/size.hpp"

namespace pipetop {

int finish_output(OutputStream& out, int code, const SignalWatch& signals) {
  // Once a signal has ended the command, another is not waited on: `timeout` and service managers
  // send SIGTERM to the process and then to its group, and the second must not cost the summary. The
  // short deadline keeps the exit prompt all the same.
  const bool interrupted = code > 128;
  const std::int64_t deadline_ns = interrupted ? kInterruptedOutputDeadlineNs : kOutputDeadlineNs;
  OutputStream::Flushed flushed = out.flush(deadline_ns, interrupted ? -1 : signals.fd());
  std::optional<int> signal;
  if (flushed == OutputStream::Flushed::interrupted) {
    // A signal (one that came while a failed run ended, or now) shortens the wait to an interrupted
    // command's, but does not throw away a summary its reader is there to take.
    signal = signals.take();
    flushed = out.flush(kInterruptedOutputDeadlineNs, -1);
  }
  if (out.dropped() > 0) {
    std::fprintf(stderr, "pipetop: %llu sample line(s) dropped: the output was not read as fast as they came\n",
                 static_cast<unsigned long long>(out.dropped()));
  }
  const int failed = code == 0 ? static_cast<int>(ExitCode::runtime) : code;
  switch (flushed) {
    case OutputStream::Flushed::written:
      return code == 0 && signal ? 128 + *signal : code;
    case OutputStream::Flushed::failed:
      std::fprintf(stderr, "pipetop: writing the output failed: %s\n", errno_text(out.error()).c_str());
      return failed;
    case OutputStream::Flushed::timed_out:
    case OutputStream::Flushed::interrupted:
      break;
  }
  if (signal) {
    std::fprintf(stderr, "pipetop: stopped by signal %d before the output was written (%s left)\n", *signal,
                 format_size(out.unwritten_bytes()).c_str());
    return code == 0 ? 128 + *signal : failed;
  }
  std::fprintf(stderr, "pipetop: writing the output failed: nothing read the last %s of it within %s\n",
               format_size(out.unwritten_bytes()).c_str(), format_duration_arg(deadline_ns).c_str());
  return failed;
}

}  // namespace pipetop
