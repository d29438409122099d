#include "pipetop/core/config_change.hpp"

#include <vector>

namespace pipetop {
namespace {

std::string short_size(std::uint64_t bytes) {
  std::string text = format_size_arg(bytes);  // "1MiB", "256KiB"
  if (text.ends_with("iB")) text.erase(text.size() - 2);
  return text;
}

std::string cpu(const std::optional<int>& c) { return !c || *c == kUnpinned ? "*" : std::to_string(*c); }

}  // namespace

std::string describe_change(const RunConfig& a, const RunConfig& b) {
  std::vector<std::string> parts;
  if (a.writer != b.writer) parts.push_back(b.writer == WriterKind::vmsplice ? "+vmsplice" : "-vmsplice");
  if (a.reader != b.reader) parts.push_back(b.reader == ReaderKind::splice ? "+splice" : "-splice");
  const std::pair<bool RunConfig::*, const char*> flags[] = {
      {&RunConfig::huge_pages, "huge"}, {&RunConfig::busy_loop, "busy"},   {&RunConfig::poll, "poll"},
      {&RunConfig::gift, "gift"},       {&RunConfig::lock_memory, "mlock"}, {&RunConfig::same_buffer, "same-buf"},
      {&RunConfig::verify, "verify"}};
  for (const auto& [member, name] : flags) {
    if (a.*member != b.*member) parts.push_back(std::string(b.*member ? "+" : "-") + name);
  }
  if (a.no_touch != b.no_touch) parts.push_back(b.no_touch ? "-prefault" : "+prefault");
  if (a.buffer_bytes != b.buffer_bytes) parts.push_back("buf " + short_size(b.buffer_bytes));
  if (a.pipe_bytes != b.pipe_bytes) parts.push_back(b.pipe_bytes ? "pipe " + short_size(*b.pipe_bytes) : "pipe auto");
  if (a.writer_cpu != b.writer_cpu || a.reader_cpu != b.reader_cpu) {
    parts.push_back("cpu " + cpu(b.writer_cpu) + "→" + cpu(b.reader_cpu));
  }
  std::string label;
  for (const std::string& p : parts) label += (label.empty() ? "" : " ") + p;
  return label.empty() ? "restart" : label;
}

std::string describe_cpus(const RunConfig& c) {
  const auto one = [](const std::optional<int>& cpu) { return !cpu || *cpu == kUnpinned ? std::string("any") : std::to_string(*cpu); };
  return "cpu " + one(c.writer_cpu) + "→" + one(c.reader_cpu);
}

std::string describe_config(const RunConfig& c) {
  std::string text = std::string(to_string(c.writer)) + " → " + std::string(to_string(c.reader));
  const std::pair<bool, const char*> flags[] = {
      {c.huge_pages, "huge pages"}, {c.busy_loop, "busy loop"},     {c.poll, "poll"},
      {c.gift, "gift"},             {c.lock_memory, "mlock"},       {c.no_touch, "no pre-fault"},
      {c.same_buffer, "same buffer"}, {c.verify, "verify"}};
  for (const auto& [on, name] : flags) {
    if (on) text += std::string(" · ") + name;
  }
  text += " · buffer " + format_size(c.buffer_bytes);
  text += " · " + describe_cpus(c);
  return text;
}

}  // namespace pipetop
