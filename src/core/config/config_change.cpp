#include "pipetop/core/config/config_change.hpp"

#include <vector>

#include "pipetop/core/config/flag_options.hpp"
#include "pipetop/core/config/page_kinds.hpp"
#include "pipetop/core/config/prefaults.hpp"
#include "pipetop/core/config/strategies.hpp"
#include "pipetop/core/config/transports.hpp"

namespace pipetop {
namespace {

std::string short_size(std::uint64_t bytes) {
  std::string text = format_size_arg(bytes);  // "1MiB", "256KiB"
  if (text.ends_with("iB")) text.erase(text.size() - 2);
  return text;
}

std::string cpu(const std::optional<int>& c) {
  return !c || *c == kUnpinned ? "*" : std::to_string(*c);
}

// "+vmsplice" when a strategy other than the default comes in, "-vmsplice" when it leaves for the default.
template <class Kind>
void strategy_change(std::vector<std::string>& parts, Kind before, Kind after, Kind by_default) {
  if (before == after) return;
  if (after != by_default) {
    parts.push_back("+" + std::string(to_string(after)));
  } else {
    parts.push_back("-" + std::string(to_string(before)));
  }
}

}  // namespace

std::string describe_change(const RunConfig& a, const RunConfig& b) {
  const RunConfig defaults;
  std::vector<std::string> parts;
  strategy_change(parts, a.writer, b.writer, defaults.writer);
  strategy_change(parts, a.reader, b.reader, defaults.reader);
  strategy_change(parts, a.transport, b.transport, defaults.transport);
  for (const FlagOption& flag : kFlagOptions) {
    if (a.*flag.member == b.*flag.member) continue;
    const bool named_on = (b.*flag.member) != flag.inverted;
    parts.push_back(std::string(named_on ? "+" : "-") + std::string(flag.marker));
  }
  strategy_change(parts, a.pages, b.pages, defaults.pages);  // thp and none are the flags' markers above
  strategy_change(parts, a.prefault, b.prefault, defaults.prefault);
  if (a.buffer_bytes != b.buffer_bytes) parts.push_back("buf " + short_size(b.buffer_bytes));
  if (a.buffer_offset != b.buffer_offset) parts.push_back("off " + std::to_string(buffer_offset_bytes(b)));
  const std::optional<std::uint64_t> pipe = requested_pipe_bytes(b);
  if (a.pipe_bytes != b.pipe_bytes) {
    parts.push_back(b.pipe_bytes ? "pipe " + short_size(*b.pipe_bytes) : "pipe auto");
  } else if (a.writer == b.writer && pipe && requested_pipe_bytes(a) != pipe) {
    parts.push_back("pipe " + short_size(*pipe));  // a writer that sizes the pipe: it follows the buffer
  }
  if (a.writer_cpu != b.writer_cpu || a.reader_cpu != b.reader_cpu) {
    parts.push_back("cpu " + cpu(b.writer_cpu) + "→" + cpu(b.reader_cpu));
  }
  std::string label;
  for (const std::string& p : parts) label += (label.empty() ? "" : " ") + p;
  return label.empty() ? "restart" : label;
}

std::string describe_start(const RunConfig& c) {
  return std::string(to_string(c.writer)) + "/" + std::string(to_string(c.reader));
}

std::string describe_cpus(const RunConfig& c) {
  const auto one = [](const std::optional<int>& cpu) {
    return !cpu || *cpu == kUnpinned ? std::string("any") : std::to_string(*cpu);
  };
  return "cpu " + one(c.writer_cpu) + "→" + one(c.reader_cpu);
}

std::string describe_pipe(const RunConfig& config, std::uint64_t pipe_bytes, std::optional<std::uint64_t> asked) {
  const Transport& transport = transport_of(config.transport);
  if (!transport.is_pipe) {
    const std::string text = "SO_SNDBUF " + format_size(pipe_bytes);
    return text + (asked ? " (asked " + format_size_exact(*asked) +
                               "; the kernel doubles it for its bookkeeping, up to net.core.wmem_max)"
                         : " (kernel default)");
  }
  std::string text = "pipe " + format_size(pipe_bytes);
  if (asked) {
    return text + " (asked " + format_size_exact(*asked) + "; the kernel rounds up to a power-of-two number of pages)";
  }
  return requested_pipe_bytes(config) ? text : text + " (kernel default)";
}

std::string describe_config(const RunConfig& c) {
  std::string text = std::string(to_string(c.writer)) + " → " + std::string(to_string(c.reader));
  if (splices_through_relay(c)) text += " (through a relay pipe)";
  if (c.transport != TransportKind::pipe) text += " · over " + std::string(to_string(c.transport));
  for (const FlagOption& flag : kFlagOptions) {
    if (flag.kind == FlagKind::transfer && c.*flag.member) text += " · " + std::string(flag.words);
  }
  if (c.pages != PageKind::small) text += " · " + std::string(to_string(c.pages)) + " pages";
  if (c.prefault != Prefault::touch) text += " · prefault " + std::string(to_string(c.prefault));
  text += " · buffer " + format_size(c.buffer_bytes);
  if (c.buffer_offset) text += " +" + std::to_string(*c.buffer_offset) + " B";
  text += " · " + describe_cpus(c);
  return text;
}

}  // namespace pipetop
