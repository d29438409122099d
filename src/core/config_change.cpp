#include "pipetop/core/config_change.hpp"

#include <vector>

#include "pipetop/core/flag_options.hpp"
#include "pipetop/core/strategies.hpp"

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
  for (const FlagOption& flag : kFlagOptions) {
    if (a.*flag.member == b.*flag.member) continue;
    const bool named_on = (b.*flag.member) != flag.inverted;
    parts.push_back(std::string(named_on ? "+" : "-") + std::string(flag.marker));
  }
  if (a.buffer_bytes != b.buffer_bytes) parts.push_back("buf " + short_size(b.buffer_bytes));
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

std::string describe_pipe(const RunOutcome& o) {
  std::string text = "pipe " + format_size(o.pipe_bytes);
  if (o.pipe_bytes_asked) {
    return text + " (asked " + format_size_exact(*o.pipe_bytes_asked) +
           "; the kernel rounds up to a power-of-two number of pages)";
  }
  return requested_pipe_bytes(o.config) ? text : text + " (kernel default)";
}

std::string describe_config(const RunConfig& c) {
  std::string text = std::string(to_string(c.writer)) + " → " + std::string(to_string(c.reader));
  for (const FlagOption& flag : kFlagOptions) {
    if (flag.kind == FlagKind::transfer && c.*flag.member) text += " · " + std::string(flag.words);
  }
  text += " · buffer " + format_size(c.buffer_bytes);
  text += " · " + describe_cpus(c);
  return text;
}

}  // namespace pipetop
