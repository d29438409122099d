#include "pipetop/ui/widgets.hpp"

namespace pipetop {
namespace {

int entry_width(const KeyBinding& k) {
  return text_width(k.label) + text_width(k.footer) + 2;
}

bool always_shown(const KeyBinding& k) {
  return k.key == '?' || k.key == 'q';
}

}  // namespace

void draw_footer(Canvas& canvas, const Rect& a, const DashboardModel& m) {
  int x = a.x;
  int reserved = 0;  // help and quit always fit: the others share what is left
  for (const KeyBinding& k : key_bindings()) reserved += always_shown(k) ? entry_width(k) : 0;
  const int right = a.x + a.w;
  for (const KeyBinding& k : key_bindings()) {
    if (k.label.empty() || !key_available(k, m.state.mode)) continue;
    const int need = entry_width(k);
    if (!always_shown(k) && x + need > right - reserved) continue;
    if (always_shown(k)) reserved -= need;
    if (x + need > right) break;
    x += canvas.text(x, a.y, k.label, {Color::title, true, true});
    const Style style = key_is_on(k, m.state) ? Style{Color::accent, true, false} : Style{Color::dim};
    x += canvas.text(x, a.y, " " + std::string(k.footer) + " ", style);
  }
}

}  // namespace pipetop
