#include "pipetop/core/report/json_writer.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <iterator>
#include <limits>
#include <string>

#include "test_json.hpp"

namespace pipetop {
namespace {

TEST(JsonWriter, EmptyContainers) {
  EXPECT_EQ(JsonWriter().begin_object().end_object().str(), "{}");
  EXPECT_EQ(JsonWriter().begin_array().end_array().str(), "[]");
}

TEST(JsonWriter, NestingAndCommas) {
  JsonWriter json;
  json.begin_object();
  json.key("a").value(1);
  json.key("b").begin_array().value(1).value(2).begin_object().end_object().begin_array().end_array().end_array();
  json.key("c").begin_object().key("d").value(true).key("e").null().end_object();
  json.key("f").value("x");
  json.end_object();
  EXPECT_EQ(json.str(), R"({"a":1,"b":[1,2,{},[]],"c":{"d":true,"e":null},"f":"x"})");
  ASSERT_TRUE(test_json::parse(json.str()).has_value());
}

TEST(JsonWriter, ArrayOfObjects) {
  JsonWriter json;
  json.begin_array();
  for (int i = 0; i < 3; ++i) json.begin_object().key("i").value(i).end_object();
  json.end_array();
  EXPECT_EQ(json.str(), R"([{"i":0},{"i":1},{"i":2}])");
}

TEST(JsonWriter, IntegerTypes) {
  JsonWriter json;
  json.begin_array()
      .value(std::numeric_limits<std::uint64_t>::max())
      .value(std::numeric_limits<std::int64_t>::min())
      .value(-1)
      .value(std::uint64_t{0})
      .end_array();
  EXPECT_EQ(json.str(), "[18446744073709551615,-9223372036854775808,-1,0]");
}

TEST(JsonWriter, Booleans) {
  JsonWriter json;
  json.begin_array().value(true).value(false).end_array();
  EXPECT_EQ(json.str(), "[true,false]");
}

TEST(JsonWriter, StringLiteralsAreStringsNotBooleans) {
  JsonWriter json;
  json.begin_array().value("true").value(std::string("s")).end_array();
  EXPECT_EQ(json.str(), R"(["true","s"])");
}

TEST(JsonWriter, Doubles) {
  JsonWriter json;
  json.begin_array().value(1.5).value(0.0).value(-2.25).value(1e20).value(3.0).end_array();
  auto parsed = test_json::parse(json.str());
  ASSERT_TRUE(parsed.has_value()) << json.str();
  const auto& a = *parsed;
  ASSERT_EQ(a.size(), 5u);
  EXPECT_DOUBLE_EQ(a[0].get<double>(), 1.5);
  EXPECT_DOUBLE_EQ(a[1].get<double>(), 0.0);
  EXPECT_DOUBLE_EQ(a[2].get<double>(), -2.25);
  EXPECT_DOUBLE_EQ(a[3].get<double>(), 1e20);
  EXPECT_DOUBLE_EQ(a[4].get<double>(), 3.0);
}

// Regression: doubles were written with "%.6g", six significant digits. The JSON report writes
// each sample's t_s with it, so from t = 10000 s (under 3 hours) on, samples 10 ms apart get the
// same t_s ("10000"), and 123456.7 s is written as "123457".
TEST(JsonWriter, DoublesKeepTheirPrecision) {
  JsonWriter json;
  json.begin_array().value(10000.01).value(123456.7).value(0.1234567891).end_array();
  auto parsed = test_json::parse(json.str());
  ASSERT_TRUE(parsed.has_value()) << json.str();
  const auto& a = *parsed;
  ASSERT_EQ(a.size(), 3u);
  EXPECT_NEAR(a[0].get<double>(), 10000.01, 1e-9) << json.str();
  EXPECT_NEAR(a[1].get<double>(), 123456.7, 1e-9) << json.str();
  EXPECT_NEAR(a[2].get<double>(), 0.1234567891, 1e-12) << json.str();
}

// Regression: doubles were written with "%.12g", which reads back as another double (0.1 + 0.2,
// 1/3, a rate of 2^53 + 2): the shortest text that reads back exactly is written instead.
TEST(JsonWriter, DoublesRoundTripExactly) {
  const double values[] = {
      0.1 + 0.2, 1.0 / 3.0,    9007199254740994.0, 123456.789012345678, 5e-324, 1.7976931348623157e308,
      -2.5e-10,  6.02214076e23};
  JsonWriter json;
  json.begin_array();
  for (const double v : values) json.value(v);
  json.end_array();
  auto parsed = test_json::parse(json.str());
  ASSERT_TRUE(parsed.has_value()) << json.str();
  ASSERT_EQ(parsed->size(), std::size(values));
  for (std::size_t i = 0; i < std::size(values); ++i) {
    EXPECT_EQ((*parsed)[i].get<double>(), values[i]) << json.str();
  }
}

TEST(JsonWriter, DoublesAreWrittenShortest) {
  JsonWriter json;
  json.begin_array().value(0.1).value(3.0).value(-2.25).value(1e20).value(0.0).end_array();
  EXPECT_EQ(json.str(), "[0.1,3,-2.25,1e+20,0]");
}

TEST(JsonWriter, NonFiniteDoublesAreNull) {
  JsonWriter json;
  json.begin_object();
  json.key("nan").value(std::numeric_limits<double>::quiet_NaN());
  json.key("inf").value(std::numeric_limits<double>::infinity());
  json.key("minus_inf").value(-std::numeric_limits<double>::infinity());
  json.key("opt_nan").value(std::optional<double>(std::numeric_limits<double>::quiet_NaN()));
  json.end_object();
  EXPECT_EQ(json.str(), R"({"nan":null,"inf":null,"minus_inf":null,"opt_nan":null})");
}

TEST(JsonWriter, Optional) {
  JsonWriter json;
  json.begin_array().value(std::optional<double>{}).value(std::optional<double>{2.5}).end_array();
  EXPECT_EQ(json.str(), "[null,2.5]");
}

TEST(JsonQuote, EscapesQuotesBackslashesAndControlCharacters) {
  EXPECT_EQ(json_quote("plain"), R"("plain")");
  EXPECT_EQ(json_quote(""), R"("")");
  EXPECT_EQ(json_quote("say \"hi\""), R"("say \"hi\"")");
  EXPECT_EQ(json_quote("C:\\dir"), R"("C:\\dir")");
  EXPECT_EQ(json_quote("a\nb\rc\td"), R"("a\nb\rc\td")");
  EXPECT_EQ(json_quote(std::string("\x01\x1f\b\f", 4)), R"("\u0001\u001f\u0008\u000c")");
  EXPECT_EQ(json_quote(std::string("nul\0x", 5)), R"("nul\u0000x")");
  EXPECT_EQ(json_quote("→ utf-8"), "\"→ utf-8\"");  // non-ASCII passes through as UTF-8
}

TEST(JsonQuote, EveryAsciiStringRoundTripsThroughAParser) {
  std::string all;
  for (int c = 0; c < 128; ++c) all += static_cast<char>(c);
  JsonWriter json;
  json.begin_object().key(all).value(all).end_object();
  auto parsed = test_json::parse(json.str());
  ASSERT_TRUE(parsed.has_value()) << json.str();
  ASSERT_TRUE(parsed->contains(all));
  EXPECT_EQ(parsed->at(all).get<std::string>(), all);
}

// Regression: bytes that are not UTF-8 (a command line with \xff, a file name in Latin-1) were
// copied into the string as they were, and the whole document became unparseable.
TEST(JsonQuote, BytesThatAreNotUtf8BecomeTheReplacementCharacter) {
  EXPECT_EQ(json_quote("a\xff"
                       "b"),
            "\"a\xEF\xBF\xBD"
            "b\"");
  EXPECT_EQ(json_quote("caf\xe9"), "\"caf\xEF\xBF\xBD\"");                            // Latin-1 é
  EXPECT_EQ(json_quote("\xC0\xAF"), "\"\xEF\xBF\xBD\xEF\xBF\xBD\"");                  // overlong '/'
  EXPECT_EQ(json_quote("\xED\xA0\x80"), "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\"");  // a surrogate
  EXPECT_EQ(json_quote("\xE2\x86"), "\"\xEF\xBF\xBD\xEF\xBF\xBD\"");                  // → cut short
  EXPECT_EQ(json_quote("\xF0\x9F\x93\x88 ok"), "\"\xF0\x9F\x93\x88 ok\"");            // a 4-byte character
}

TEST(JsonQuote, EveryByteStringGivesAParseableDocument) {
  std::string all;
  for (int c = 0; c < 256; ++c) all += static_cast<char>(c);
  all += "\xE2\x86\x92 \xF4\x90\x80\x80 \xE2\x86";  // → and two invalid tails
  JsonWriter json;
  json.begin_object().key("command").value(all).end_object();
  auto parsed = test_json::parse(json.str());
  ASSERT_TRUE(parsed.has_value()) << json.str();
  const std::string back = parsed->at("command").get<std::string>();
  EXPECT_EQ(back.substr(0, 128), all.substr(0, 128));  // ASCII unchanged
  EXPECT_NE(back.find("\xE2\x86\x92"), std::string::npos);
}

TEST(JsonWriter, KeysAreEscaped) {
  JsonWriter json;
  json.begin_object().key("a\"b").value(1).end_object();
  EXPECT_EQ(json.str(), R"({"a\"b":1})");
}

}  // namespace
}  // namespace pipetop
