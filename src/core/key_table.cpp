#include "pipetop/core/key_table.hpp"

#include <algorithm>
#include <array>

namespace pipetop {
namespace {

KeyEffect toggle(bool& flag) {
  flag = !flag;
  return KeyEffect::restart;
}

KeyEffect scale_buffer(DashboardState& s, bool up) {
  s.config.buffer_bytes = up ? s.config.buffer_bytes * 2 : std::max<std::uint64_t>(s.config.buffer_bytes / 2, 2);
  return KeyEffect::restart;
}

KeyEffect scale_pipe(DashboardState& s, bool up) {
  const std::uint64_t now = s.config.pipe_bytes.value_or(s.pipe_bytes != 0 ? s.pipe_bytes : 64 * kKiB);
  s.config.pipe_bytes = up ? now * 2 : std::max<std::uint64_t>(now / 2, 4096);
  return KeyEffect::restart;
}

KeyEffect cycle_pinning(DashboardState& s) {
  switch (pinning_of(s.config, s.separate)) {
    case Pinning::separate_cores:
      s.config.writer_cpu = s.separate.writer;
      s.config.reader_cpu = s.separate.writer;
      break;
    case Pinning::same_core:
      s.config.writer_cpu = kUnpinned;
      s.config.reader_cpu = kUnpinned;
      break;
    case Pinning::unpinned:
      s.config.writer_cpu = s.separate.writer;
      s.config.reader_cpu = s.separate.reader;
      break;
  }
  return KeyEffect::restart;
}

constexpr std::array<KeyBinding, 19> kKeys{{
    {'v', 0, "v", "vmsplice", "write ⇄ vmsplice",
     [](DashboardState& s) {
       s.config.writer = s.config.writer == WriterKind::write ? WriterKind::vmsplice : WriterKind::write;
       if (s.config.writer == WriterKind::write) s.config.gift = false;
       s.config.pipe_bytes.reset();  // the vmsplice rule sizes the pipe; leaving it sizes itself again
       return KeyEffect::restart;
     }},
    {'s', 0, "s", "splice", "read ⇄ splice",
     [](DashboardState& s) {
       s.config.reader = s.config.reader == ReaderKind::read ? ReaderKind::splice : ReaderKind::read;
       if (s.config.reader == ReaderKind::splice) s.config.verify = false;
       return KeyEffect::restart;
     }},
    {'h', 0, "h", "huge", "huge pages (verified)",
     [](DashboardState& s) { return toggle(s.config.huge_pages); }},
    {'b', 0, "b", "busy", "busy loop (spin)",
     [](DashboardState& s) { return toggle(s.config.busy_loop); }},
    {'+', '=', "+/-", "buffer", "buffer size ×2 / ÷2", [](DashboardState& s) { return scale_buffer(s, true); }},
    {'-', '_', "", "", "", [](DashboardState& s) { return scale_buffer(s, false); }},
    {'c', 0, "c", "cpu", "cpus: apart/same/any", cycle_pinning},
    {']', 0, "]/[", "pipe", "pipe size ×2 / ÷2", [](DashboardState& s) { return scale_pipe(s, true); }},
    {'[', 0, "", "", "", [](DashboardState& s) { return scale_pipe(s, false); }},
    {'p', 0, "p", "poll", "poll before each call", [](DashboardState& s) { return toggle(s.config.poll); }},
    {'g', 0, "g", "gift", "gift pages (vmsplice)",
     [](DashboardState& s) { return toggle(s.config.gift); }},
    {'m', 0, "m", "mlock", "mlock the buffers", [](DashboardState& s) { return toggle(s.config.lock_memory); }},
    {'t', 0, "t", "prefault", "pre-fault the buffers",
     [](DashboardState& s) { return toggle(s.config.no_touch); }},
    {'l', 0, "l", "log", "y axis linear ⇄ log",
     [](DashboardState& s) {
       s.log_scale = !s.log_scale;
       return KeyEffect::redraw;
     }},
    {' ', 0, "space", "freeze", "freeze (workers run)",
     [](DashboardState& s) {
       s.frozen = !s.frozen;
       return KeyEffect::redraw;
     }},
    {'r', 0, "r", "reset", "reset history",
     [](DashboardState& s) {
       s.reset_requested = true;
       return KeyEffect::redraw;
     }},
    {'x', 0, "x", "export", "export cmd/csv/json",
     [](DashboardState& s) {
       s.export_requested = true;
       return KeyEffect::redraw;
     }},
    {'?', 'H', "?", "help", "this help",
     [](DashboardState& s) {
       s.help = !s.help;
       return KeyEffect::redraw;
     }},
    {'q', 'Q', "q", "quit", "quit (also Ctrl-C)", [](DashboardState&) { return KeyEffect::quit; }},
}};

}  // namespace

std::span<const KeyBinding> key_bindings() { return kKeys; }

const KeyBinding* find_key(int key) {
  for (const KeyBinding& k : kKeys) {
    if (k.key == key || (k.alternate != 0 && k.alternate == key)) return &k;
  }
  return nullptr;
}

Pinning pinning_of(const RunConfig& config, const CpuPair& separate) {
  const int w = config.writer_cpu.value_or(separate.writer);
  const int r = config.reader_cpu.value_or(separate.reader);
  if (w == kUnpinned && r == kUnpinned) return Pinning::unpinned;
  if (w == r) return Pinning::same_core;
  return Pinning::separate_cores;
}

}  // namespace pipetop
