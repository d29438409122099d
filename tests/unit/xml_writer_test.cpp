#include "pipetop/core/report/xml_writer.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "unit/svg_testing.hpp"

namespace pipetop {
namespace {

const std::string kReplacement = "\xEF\xBF\xBD";  // U+FFFD

TEST(XmlEscape, TurnsMarkupCharactersIntoEntities) {
  EXPECT_EQ(xml_escape(R"(<a href="x">Tom & 'Jerry'</a>)"),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;");
  EXPECT_EQ(xml_escape("&amp;"), "&amp;amp;");  // already-escaped text is text too
  EXPECT_EQ(xml_escape(""), "");
}

TEST(XmlEscape, KeepsUtf8AndWhitespaceAsWritten) {
  EXPECT_EQ(xml_escape("vmsplice → splice · ×4.1 — 😀"), "vmsplice → splice · ×4.1 — 😀");
  EXPECT_EQ(xml_escape("a\tb\nc\rd"), "a&#9;b&#10;c&#13;d");
}

TEST(XmlEscape, ReplacesWhatXmlCannotCarry) {
  EXPECT_EQ(xml_escape(std::string("a\x01z", 3)), "a" + kReplacement + "z");
  EXPECT_EQ(xml_escape(std::string("\0", 1)), kReplacement);
  EXPECT_EQ(xml_escape("\xEF\xBF\xBE"), kReplacement);  // U+FFFE
  EXPECT_EQ(xml_escape("\xEF\xBF\xBF"), kReplacement);  // U+FFFF
}

TEST(XmlEscape, ReplacesEveryByteThatIsNotUtf8) {
  EXPECT_EQ(xml_escape("a\xFFz"), "a" + kReplacement + "z");
  EXPECT_EQ(xml_escape("\xC0\xAF"), kReplacement + kReplacement);                     // overlong "/"
  EXPECT_EQ(xml_escape("\xED\xA0\x80"), kReplacement + kReplacement + kReplacement);  // a surrogate
  EXPECT_EQ(xml_escape("\xF4\x90\x80\x80").size(), 4 * kReplacement.size());          // above U+10FFFF
  EXPECT_EQ(xml_escape("ab\xE2\x86"), "ab" + kReplacement + kReplacement);            // cut short at the end
  EXPECT_EQ(xml_escape("\xE2\x86z"), kReplacement + kReplacement + "z");              // cut short in the middle
}

TEST(XmlEscape, AnyBytesMakeAWellFormedDocument) {
  std::string every_byte;
  for (int b = 0; b < 256; ++b) every_byte += static_cast<char>(b);
  XmlWriter xml;
  xml.open("root", {{"value", every_byte}}).text("t", {}, every_byte);
  EXPECT_EQ(svg_testing::xmllint_errors(xml.finish()), "");
}

TEST(XmlNumber, ShortestFixedFormWithinTheDecimals) {
  EXPECT_EQ(xml_number(12.5), "12.5");
  EXPECT_EQ(xml_number(3), "3");
  EXPECT_EQ(xml_number(3.14159), "3.14");
  EXPECT_EQ(xml_number(3.14159, 4), "3.1416");
  EXPECT_EQ(xml_number(3.7, 0), "4");
  EXPECT_EQ(xml_number(-0.25), "-0.25");
  EXPECT_EQ(xml_number(100), "100");
  EXPECT_EQ(xml_number(1e20), "100000000000000000000");  // never an exponent
}

TEST(XmlNumber, NoNegativeZeroAndNothingNonFinite) {
  EXPECT_EQ(xml_number(-0.0), "0");
  EXPECT_EQ(xml_number(-0.001), "0");
  EXPECT_EQ(xml_number(std::numeric_limits<double>::quiet_NaN()), "0");
  EXPECT_EQ(xml_number(std::numeric_limits<double>::infinity()), "0");
  EXPECT_EQ(xml_number(-std::numeric_limits<double>::infinity()), "0");
}

TEST(XmlWriter, IndentsNestedElementsAndClosesWhatIsLeftOpen) {
  XmlWriter xml;
  xml.open("svg", {{"width", 10}, {"opacity", 0.5}});
  xml.open("g");
  xml.empty("rect", {{"fill", "#fff"}});
  xml.close();
  xml.text("text", {{"x", 1.25}}, "a < b");
  EXPECT_EQ(xml.finish(),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg width=\"10\" opacity=\"0.5\">\n"
            "  <g>\n"
            "    <rect fill=\"#fff\"/>\n"
            "  </g>\n"
            "  <text x=\"1.25\">a &lt; b</text>\n"
            "</svg>\n");
}

TEST(XmlWriter, EscapesAttributeValues) {
  XmlWriter xml;
  xml.empty("a", {{"title", R"(say "hi" & <go>)"}});
  EXPECT_EQ(xml.finish(),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<a title=\"say &quot;hi&quot; &amp; &lt;go&gt;\"/>\n");
}

TEST(XmlWriter, CloseWithNothingOpenDoesNothing) {
  XmlWriter xml;
  xml.close().empty("a");
  EXPECT_EQ(xml.finish(), "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a/>\n");
}

}  // namespace
}  // namespace pipetop
