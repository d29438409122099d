#include "pipetop/core/report/svg_page.hpp"

#include <cmath>

#include "pipetop/core/screen/text_cells.hpp"

namespace pipetop {
namespace {

constexpr double kEm = 0.6;  // advance of one glyph of the monospace font, in em
constexpr std::string_view kFonts = "DejaVu Sans Mono, Menlo, Consolas, Liberation Mono, monospace";

}  // namespace

double svg_text_width(std::string_view text, double size) {
  return text_cells(text) * size * kEm;
}

std::string svg_fit_text(std::string_view text, double width_px, double size) {
  const auto room = static_cast<int>(std::floor(width_px / (size * kEm) + 1e-9));
  if (text_cells(text) <= room) return std::string(text);
  if (room < 1) return {};
  std::string cut(text);
  while (!cut.empty() && text_cells(cut) > room - 1) {
    while (!cut.empty() && (static_cast<unsigned char>(cut.back()) & 0xC0) == 0x80) cut.pop_back();
    if (!cut.empty()) cut.pop_back();  // the code point's first byte
  }
  return cut + "…";
}

SvgPage::SvgPage(int width, int height, std::string_view title, std::string_view machine, const PictureStamp& stamp)
    : width_(width) {
  xml_.open("svg", {{"xmlns", "http://www.w3.org/2000/svg"},
                    {"width", width},
                    {"height", height},
                    {"viewBox", "0 0 " + std::to_string(width) + " " + std::to_string(height)},
                    {"font-family", kFonts}});
  xml_.text("title", {}, title);
  xml_.empty("rect", {{"width", width}, {"height", height}, {"fill", svg_color::page}});
  const double room = width - 2.0 * kSvgMargin;
  text(kSvgMargin, 28, svg_fit_text(title, room, 16), {.size = 16, .bold = true});
  text(kSvgMargin, 48, svg_fit_text(machine, room, 12), {.fill = svg_color::muted});
  const std::string made = svg_fit_text(stamp.made, room / 2, 11);
  if (!made.empty()) text(width - kSvgMargin, 68, made, {.size = 11, .fill = svg_color::muted, .anchor = "end"});
  const double made_px = made.empty() ? 0 : svg_text_width(made, 11) + 16;
  const std::string headline = svg_fit_text(stamp.headline, room - made_px, 13);
  if (!headline.empty()) text(kSvgMargin, 68, headline, {.size = 13, .bold = true});
  const std::string caveat = svg_fit_text(stamp.caveat, room, 12);
  if (!caveat.empty()) text(kSvgMargin, 86, caveat, {.fill = svg_color::bad, .bold = true});
}

void SvgPage::text(double x, double y, std::string_view content, const SvgTextStyle& style) {
  std::vector<XmlAttribute> attributes{{"x", x}, {"y", y}, {"font-size", style.size}, {"fill", style.fill}};
  if (style.anchor != "start") attributes.emplace_back("text-anchor", style.anchor);
  if (style.bold) attributes.emplace_back("font-weight", "bold");
  if (style.halo) {
    attributes.emplace_back("stroke", svg_color::page);
    attributes.emplace_back("stroke-width", 3.0);
    attributes.emplace_back("stroke-linejoin", "round");
    attributes.emplace_back("paint-order", "stroke");
  }
  xml_.text("text", attributes, content);
}

}  // namespace pipetop
