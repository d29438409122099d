#include "pipetop/ui/widgets.hpp"

namespace pipetop {
namespace {

// The cells an entry takes on `canvas`: an ASCII canvas draws "→" as "->", wider than the glyph.
int entry_width(const Canvas& canvas, const KeyBinding& k) {
  const auto cells = [&canvas](std::string_view text) {
    return text_width(canvas.unicode() ? std::string(text) : to_ascii(text));
  };
  return cells(k.label) + cells(k.footer) + 2;
}

// Help, quit, and the key that brings the "where the time goes" panel back once it is hidden.
bool always_shown(const KeyBinding& k) {
  return k.key == '?' || k.key == 'q' || k.key == 'w';
}

}  // namespace

void draw_footer(Canvas& canvas, const Rect& a, const DashboardModel& m) {
  int x = a.x;
  int reserved = 0;  // the keys always shown fit: the others share what is left
  for (const KeyBinding& k : key_bindings()) reserved += always_shown(k) ? entry_width(canvas, k) : 0;
  const int right = a.x + a.w;
  for (const KeyBinding& k : key_bindings()) {
    // Only the keys that apply here: not a replay's configuration keys, nor the keys of the user's
    // program's side (v with a producer on stdin), nor ]/[ where the writer sizes the pipe.
    if (k.label.empty() || !key_refusal(k, m.state).empty()) continue;
    const int need = entry_width(canvas, k);
    if (!always_shown(k) && x + need > right - reserved) continue;
    if (always_shown(k)) reserved -= need;
    if (x + need > right) break;
    x += canvas.text(x, a.y, k.label, {Color::title, true, true});
    const Style style = key_is_on(k, m.state) ? Style{Color::accent, true, false} : Style{Color::dim};
    x += canvas.text(x, a.y, " " + std::string(k.footer) + " ", style);
  }
}

}  // namespace pipetop
