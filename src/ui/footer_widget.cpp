#include "pipetop/ui/widgets.hpp"

namespace pipetop {
namespace {

// Whether the toggle behind `key` is on, for highlighting it.
bool is_on(int key, const DashboardState& s) {
  const RunConfig& c = s.config;
  switch (key) {
    case 'v': return c.writer == WriterKind::vmsplice;
    case 's': return c.reader == ReaderKind::splice;
    case 'h': return c.huge_pages;
    case 'b': return c.busy_loop;
    case 'p': return c.poll;
    case 'g': return c.gift;
    case 'm': return c.lock_memory;
    case 't': return !c.no_touch;
    case 'l': return s.log_scale;
    case ' ': return s.frozen;
    default: return false;
  }
}

int entry_width(const KeyBinding& k) { return text_width(k.label) + text_width(k.short_help) + 2; }

bool always_shown(const KeyBinding& k) { return k.key == '?' || k.key == 'q'; }

}  // namespace

void draw_footer(Canvas& canvas, const Rect& a, const DashboardModel& m) {
  int x = a.x;
  int reserved = 0;  // help and quit always fit: the others share what is left
  for (const KeyBinding& k : key_bindings()) reserved += always_shown(k) ? entry_width(k) : 0;
  const int right = a.x + a.w;
  for (const KeyBinding& k : key_bindings()) {
    if (k.label.empty()) continue;
    const int need = entry_width(k);
    if (!always_shown(k) && x + need > right - reserved) continue;
    if (always_shown(k)) reserved -= need;
    if (x + need > right) break;
    x += canvas.text(x, a.y, k.label, {Color::title, true, true});
    const Style style = is_on(k.key, m.state) ? Style{Color::accent, true, false} : Style{Color::dim};
    x += canvas.text(x, a.y, std::string(" ") + std::string(k.short_help) + " ", style);
  }
}

}  // namespace pipetop
