#pragma once
// A small streaming XML writer for the SVG pictures: elements with attributes, character data, and
// the two things that make a document safe to hand to any parser — escaping of whatever text it is
// given, and numbers written the same way on every machine and in every locale.

#include <string>
#include <string_view>
#include <vector>

namespace pipetop {

// `text` as XML character data or as an attribute value (quotes included in the escaping):
// & < > " ' become entities; bytes that are not UTF-8 and code points XML 1.0 forbids (C0 controls
// other than tab, newline and carriage return; U+FFFE, U+FFFF) become U+FFFD. Any input gives
// well-formed output; nothing fails.
[[nodiscard]] std::string xml_escape(std::string_view text);

// `value` with at most `decimals` decimals (0..6), trailing zeros and a trailing point dropped, "-0"
// written "0", never an exponent, whatever the locale: "12.5", "3", "-0.25". A non-finite value is
// written "0", so a document never carries "nan" where a number belongs.
[[nodiscard]] std::string xml_number(double value, int decimals = 2);

struct XmlAttribute {
  XmlAttribute(std::string_view attribute, std::string_view text) : name(attribute), value(text) {}
  XmlAttribute(std::string_view attribute, const char* text) : name(attribute), value(text) {}
  XmlAttribute(std::string_view attribute, double number) : name(attribute), value(xml_number(number)) {}
  XmlAttribute(std::string_view attribute, int number) : name(attribute), value(std::to_string(number)) {}

  std::string_view name;  // written as it is: names come from the program, not from data
  std::string value;      // escaped when written
};

// Writes one element per line, indented by depth; elements with text keep it on their line.
class XmlWriter {
 public:
  // Starts the document with its XML declaration (version 1.0, UTF-8).
  XmlWriter();

  // <name attributes...>, left open for children until close().
  XmlWriter& open(std::string_view name, const std::vector<XmlAttribute>& attributes = {});
  // <name attributes.../>
  XmlWriter& empty(std::string_view name, const std::vector<XmlAttribute>& attributes = {});
  // <name attributes...>text</name>, the text escaped.
  XmlWriter& text(std::string_view name, const std::vector<XmlAttribute>& attributes, std::string_view content);
  // Closes the innermost open element; does nothing when none is open.
  XmlWriter& close();

  // The document, every element still open closed.
  [[nodiscard]] std::string finish();

 private:
  void start_tag(std::string_view name, const std::vector<XmlAttribute>& attributes);
  std::string out_;
  std::vector<std::string> open_;  // names of the open elements, outermost first
};

}  // namespace pipetop
