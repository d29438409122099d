#include "pipetop/core/report/xml_writer.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>

#include "pipetop/core/base/utf8.hpp"

namespace pipetop {
namespace {

// The escaped form of one ASCII character, or empty when it stands for itself.
std::string_view ascii_escape(char c) {
  switch (c) {
    case '&':
      return "&amp;";
    case '<':
      return "&lt;";
    case '>':
      return "&gt;";
    case '"':
      return "&quot;";
    case '\'':
      return "&apos;";
    case '\t':
      return "&#9;";  // kept as written: a parser would normalise raw ones in attributes
    case '\n':
      return "&#10;";
    case '\r':
      return "&#13;";
    default:
      return static_cast<unsigned char>(c) < 0x20 ? kUtf8Replacement : std::string_view();
  }
}

}  // namespace

std::string xml_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      const std::string_view escaped = ascii_escape(text[i]);
      if (escaped.empty()) {
        out += text[i];
      } else {
        out += escaped;
      }
      ++i;
      continue;
    }
    const std::size_t length = utf8_sequence_length(text.substr(i));
    const std::string_view glyph = text.substr(i, std::max<std::size_t>(length, 1));
    const bool noncharacter = glyph == "\xEF\xBF\xBE" || glyph == "\xEF\xBF\xBF";  // U+FFFE, U+FFFF
    out += length == 0 || noncharacter ? kUtf8Replacement : glyph;
    i += glyph.size();
  }
  return out;
}

std::string xml_number(double value, int decimals) {
  if (!std::isfinite(value)) return "0";
  std::array<char, 64> buf{};
  const auto [end, error] =
      std::to_chars(buf.data(), buf.data() + buf.size(), value, std::chars_format::fixed, std::clamp(decimals, 0, 6));
  if (error != std::errc()) return "0";  // beyond 10^57: not a coordinate or a label we draw
  std::string text(buf.data(), end);
  if (text.find('.') != std::string::npos) {
    text.erase(text.find_last_not_of('0') + 1);
    if (text.back() == '.') text.pop_back();
  }
  return text == "-0" ? "0" : text;
}

XmlWriter::XmlWriter() : out_("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n") {}

void XmlWriter::start_tag(std::string_view name, const std::vector<XmlAttribute>& attributes) {
  out_.append(2 * open_.size(), ' ');
  out_ += '<';
  out_ += name;
  for (const XmlAttribute& a : attributes) {
    out_ += ' ';
    out_ += a.name;
    out_ += "=\"";
    out_ += xml_escape(a.value);
    out_ += '"';
  }
}

XmlWriter& XmlWriter::open(std::string_view name, const std::vector<XmlAttribute>& attributes) {
  start_tag(name, attributes);
  out_ += ">\n";
  open_.emplace_back(name);
  return *this;
}

XmlWriter& XmlWriter::empty(std::string_view name, const std::vector<XmlAttribute>& attributes) {
  start_tag(name, attributes);
  out_ += "/>\n";
  return *this;
}

XmlWriter& XmlWriter::text(std::string_view name, const std::vector<XmlAttribute>& attributes,
                           std::string_view content) {
  start_tag(name, attributes);
  out_ += '>';
  out_ += xml_escape(content);
  out_ += "</";
  out_ += name;
  out_ += ">\n";
  return *this;
}

XmlWriter& XmlWriter::close() {
  if (open_.empty()) return *this;
  const std::string name = std::move(open_.back());
  open_.pop_back();
  out_.append(2 * open_.size(), ' ');
  out_ += "</" + name + ">\n";
  return *this;
}

std::string XmlWriter::finish() {
  while (!open_.empty()) close();
  return out_;
}

}  // namespace pipetop
