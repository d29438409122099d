#include "pipetop/core/config/validate.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "pipetop/core/config/page_kinds.hpp"
#include "pipetop/core/config/prefaults.hpp"
#include "pipetop/core/config/strategies.hpp"
#include "pipetop/core/config/transports.hpp"
#include "pipetop/core/machine/cpu_list.hpp"

namespace pipetop {
namespace {

using Check = Result<void>;

Check fail(Error error) {
  return std::unexpected(std::move(error));
}

Check check_buffer(const RunConfig& c, const MachineLimits& limits) {
  const std::string size = format_size_exact(c.buffer_bytes);  // exact: the message shows the very value
  if (c.buffer_bytes > kMaxBufferBytes) {
    return fail(usage_error("--buffer-size " + size + " is larger than the maximum of " + format_size(kMaxBufferBytes),
                            "buffers are allocated (and pre-faulted) in each worker"));
  }
  const std::uint64_t placement = placement_bytes(c, limits.page_bytes);
  if (c.buffer_offset && *c.buffer_offset >= placement) {
    return fail(usage_error("--buffer-offset " + std::to_string(*c.buffer_offset) + " is not inside a " +
                                (placement > limits.page_bytes ? "huge page" : "page") + " (" + format_size(placement) +
                                ")",
                            "use 0 (page-aligned) to " + std::to_string(placement - 1) +
                                "; the seed's malloc puts its buffers 16 bytes in"));
  }
  if (!lends_pages_to_pipe(c)) return {};
  const std::uint64_t pipe = c.buffer_bytes / 2;
  const std::string writer = "--writer " + std::string(to_string(c.writer));
  if (c.buffer_bytes % 2 != 0 || pipe % limits.page_bytes != 0) {
    return fail(usage_error("--buffer-size " + size + " with " + writer + ": the pipe is sized to half the buffer (" +
                                format_size_exact(pipe) + "), which is not a whole number of pages",
                            "use a multiple of " + format_size(2 * limits.page_bytes) + " such as 256KiB"));
  }
  if (!std::has_single_bit(pipe / limits.page_bytes)) {
    return fail(usage_error(
        "--buffer-size " + size + " with " + writer + ": the pipe is sized to half the buffer (" + format_size(pipe) +
            "), which is not a power-of-two number of pages",
        "the kernel rounds pipe sizes up to a power of two pages, and a pipe holding a whole buffer would let the "
        "writer reuse pages still in the pipe; use a power of two such as 256KiB or 1MiB"));
  }
  return {};
}

Check check_pipe(const RunConfig& c, const MachineLimits& limits) {
  const std::optional<std::uint64_t> requested = requested_pipe_bytes(c);
  if (c.pipe_bytes && lends_pages_to_pipe(c) && *c.pipe_bytes != c.buffer_bytes / 2) {
    return fail(usage_error("--pipe-size " + format_size_exact(*c.pipe_bytes) + " contradicts --writer " +
                                std::string(to_string(c.writer)) + ", which sizes the pipe to half the " +
                                format_size(c.buffer_bytes) + " buffer (" + format_size(c.buffer_bytes / 2) + ")",
                            "drop --pipe-size, or set --buffer-size to twice the pipe size"));
  }
  if (requested && transport_of(c.transport).is_pipe && *requested > limits.pipe_max_bytes &&
      !limits.may_exceed_pipe_max) {
    const std::string what = c.pipe_bytes ? "--pipe-size " + format_size_exact(*requested)
                                          : "the pipe size " + format_size(*requested) +
                                                " (half of --buffer-size, as --writer " +
                                                std::string(to_string(c.writer)) + " sizes it)";
    return fail(environment_error(
        what + " is above /proc/sys/fs/pipe-max-size (" + format_size(limits.pipe_max_bytes) +
            "): the kernel refuses it with EPERM for users without CAP_SYS_RESOURCE",
        "use at most " + format_size(limits.pipe_max_bytes) + ", or raise the limit with sysctl fs.pipe-max-size=" +
            std::to_string(*requested) + " (needs CAP_SYS_RESOURCE, which containers often drop)"));
  }
  return {};
}

Check check_strategies(const RunConfig& c) {
  const std::string writer(to_string(c.writer));
  const std::string reader(to_string(c.reader));
  if (c.verify && !strategy_of(c.reader).sees_bytes) {
    return fail(usage_error("--verify needs a reader that sees the bytes: --reader " + reader +
                                " moves them on without the reader ever looking at them",
                            "drop --verify, or use --reader read"));
  }
  if (c.gift && !strategy_of(c.writer).can_gift) {
    return fail(usage_error("--gift needs --writer vmsplice: SPLICE_F_GIFT is a vmsplice(2) flag and --writer " +
                                writer + " has nothing to gift",
                            "add --writer vmsplice, or drop --gift"));
  }
  if (c.same_buffer && !strategy_of(c.writer).references_pages) {
    return fail(
        usage_error("--same-buffer needs --writer vmsplice: it splits the vmsplice writer's buffer into two "
                    "halves, and --writer " +
                        writer + " has a single buffer to begin with",
                    "add --writer vmsplice, or drop --same-buffer"));
  }
  return {};
}

Check check_cpu(const char* option, const std::optional<int>& cpu, const MachineLimits& limits) {
  if (!cpu || *cpu == kUnpinned) return {};
  if (*cpu < 0) {
    return fail(usage_error(std::string(option) + " " + std::to_string(*cpu) + " is not a CPU number",
                            "use a CPU number from 0, or -1 to leave the worker unpinned"));
  }
  if (!std::binary_search(limits.online_cpus.begin(), limits.online_cpus.end(), *cpu)) {
    return fail(environment_error(
        std::string(option) + " " + std::to_string(*cpu) + ": CPU " + std::to_string(*cpu) +
            " does not exist or is offline",
        "online CPUs: " + format_cpu_list(limits.online_cpus) + " (or -1 to leave the worker unpinned)"));
  }
  if (!limits.allowed_cpus.empty() &&
      !std::binary_search(limits.allowed_cpus.begin(), limits.allowed_cpus.end(), *cpu)) {
    return fail(environment_error(
        std::string(option) + " " + std::to_string(*cpu) + ": CPU " + std::to_string(*cpu) +
            " is not among the CPUs this process may use" +
            (limits.allowed_by.empty() ? "" : " (" + limits.allowed_by + ")"),
        "allowed CPUs: " + format_cpu_list(limits.allowed_cpus) + " (or -1 to leave the worker unpinned)"));
  }
  return {};
}

Check check_timing(const RunConfig& c) {
  if (c.interval_ns < kMinIntervalNs) {
    return fail(usage_error("--interval " + format_duration_arg(c.interval_ns) + " is shorter than 1ms",
                            "samples are taken between syscalls; use 1ms or more (default 10ms)"));
  }
  if (c.interval_ns > c.duration_ns) {
    return fail(usage_error("--interval " + format_duration_arg(c.interval_ns) + " is longer than --duration " +
                                format_duration_arg(c.duration_ns),
                            "use an interval shorter than the run"));
  }
  return {};
}

Check check_events(const RunConfig& c) {
  const std::size_t count = counter_names(c).size();
  if (count > kMaxCounters) {
    return fail(usage_error(std::to_string(count) + " counters per worker, more than the " +
                                std::to_string(kMaxCounters) + " a sample carries",
                            "drop some -e/--event options (the default set has " +
                                std::to_string(counter_names(RunConfig{}).size()) + ")"));
  }
  return {};
}

}  // namespace

Result<void> validate(const RunConfig& config, const MachineLimits& limits) {
  for (Check check :
       {check_strategies(config), check_transport(config), check_prefault(config), check_buffer(config, limits),
        check_pages(config, limits.hugetlb_pools), check_pipe(config, limits),
        check_cpu("--writer-cpu", config.writer_cpu, limits), check_cpu("--reader-cpu", config.reader_cpu, limits),
        check_timing(config), check_events(config)}) {
    if (!check) return check;
  }
  return {};
}

}  // namespace pipetop
