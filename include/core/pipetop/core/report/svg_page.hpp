#pragma once
// What the SVG pictures share: a page that paints its own white background (so a dark viewer shows
// it as a light one does), one monospace font whose advance is known (DejaVu Sans Mono, Menlo and
// Consolas are all 0.6 em wide, so text is measured without a font library), the palette, and the
// heading: a title line, the machine line, and the stamp — the headline figure, what made the picture
// and when, and a caveat when the machine disturbed what it shows — so a slide made from a picture
// carries what it needs to be read right.

#include <string>
#include <string_view>

#include "pipetop/core/report/xml_writer.hpp"

namespace pipetop {

// Colours chosen for a white page: text at least 4.5:1 against it, the trace's range light enough
// that the mean drawn over it stands out.
namespace svg_color {
inline constexpr std::string_view page = "#ffffff";
inline constexpr std::string_view ink = "#1f2328";
inline constexpr std::string_view muted = "#59636e";
inline constexpr std::string_view grid = "#d8dee4";
inline constexpr std::string_view axis = "#818b98";
inline constexpr std::string_view trace = "#1a7f37";
inline constexpr std::string_view range = "#a8dab5";
inline constexpr std::string_view marker = "#8250df";
inline constexpr std::string_view mean = "#0969da";
inline constexpr std::string_view speedup = "#9a6700";
inline constexpr std::string_view bad = "#cf222e";
}  // namespace svg_color

struct SvgTextStyle {
  double size = 12;  // px
  std::string_view fill = svg_color::ink;
  std::string_view anchor = "start";  // start, middle, end
  bool bold = false;
  bool halo = false;  // outlined in the page's colour: legible over the trace
};

// Width in px of `text` at `size` px: 0.6 em per code point.
[[nodiscard]] double svg_text_width(std::string_view text, double size);

// `text` cut to fit `width_px` at `size` px, ending with "…" when cut; empty when not even that fits.
[[nodiscard]] std::string svg_fit_text(std::string_view text, double width_px, double size);

inline constexpr int kSvgWidth = 960;            // px: every picture is as wide
inline constexpr int kSvgMargin = 16;            // px between the page's edge and anything on it
inline constexpr double kSvgHeadingBottom = 92;  // below the heading: where the picture starts

// What a picture says about itself besides its title and machine. Each part is left out when empty.
struct PictureStamp {
  std::string headline;  // the figure a slide quotes: "9.71 GiB/s steady-state mean"
  std::string made;      // by what and when: "pipetop 0.1.0 (git v0.1.0-3-gabc) · 2026-11-28 01:02 UTC"
  std::string caveat;    // "disturbed: ..." when another program competed with the measured one
};

class SvgPage {
 public:
  // Opens an svg document `width` × `height` px: its <title> (`title`), the background, and the
  // heading, each line cut to the page: the title in bold, `machine`, then the stamp's headline in
  // bold with `made` at the right, and its caveat in the warning colour on a line of its own.
  SvgPage(int width, int height, std::string_view title, std::string_view machine, const PictureStamp& stamp);

  [[nodiscard]] XmlWriter& xml() { return xml_; }
  [[nodiscard]] int width() const { return width_; }

  // A text element with its baseline at (x, y).
  void text(double x, double y, std::string_view content, const SvgTextStyle& style = {});

  // The document, closed.
  [[nodiscard]] std::string finish() { return xml_.finish(); }

 private:
  XmlWriter xml_;
  int width_;
};

}  // namespace pipetop
