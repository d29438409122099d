// Reading JSON back with nlohmann-json: parse errors become usage errors saying where, members keep
// the order written, and JsonFields names the first member that is missing or of the wrong kind.

#include "pipetop/core/report/json_reader.hpp"

#include <gtest/gtest.h>

#include "pipetop/core/report/json_writer.hpp"

namespace pipetop {
namespace {

TEST(JsonReader, WhatTheWriterWritesReadsBackInOrder) {
  JsonWriter json;
  json.begin_object().key("zeta").value("tab\there \"q\" ┊").key("alpha").value(0.1);
  json.key("big").value(std::uint64_t{1} << 60).key("none").value(std::optional<double>{}).end_object();
  const Result<Json> v = parse_json(json.str());
  ASSERT_TRUE(v) << json.str();
  std::vector<std::string> keys;
  for (const auto& [key, value] : v->items()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"zeta", "alpha", "big", "none"}));
  EXPECT_EQ(string_of(find_member(&*v, "zeta")), "tab\there \"q\" ┊");
  EXPECT_TRUE(find_member(&*v, "none")->is_null());
  EXPECT_EQ(find_member(&*v, "missing"), nullptr);
  EXPECT_EQ(find_member(nullptr, "zeta"), nullptr);
  EXPECT_EQ(string_of(find_member(&*v, "alpha")), "");  // a number is not a string
}

TEST(JsonReader, MalformedTextIsAUsageErrorSayingWhere) {
  for (const char* bad : {"", "{", "[1,]", "{\"a\" 1}", "01", "\"open", "tru", "[1] 2", "{1: 2}"}) {
    const Result<Json> v = parse_json(bad);
    ASSERT_FALSE(v) << bad;
    EXPECT_EQ(v.error().kind, ExitCode::usage);
    EXPECT_NE(v.error().message.find("not valid JSON at column "), std::string::npos) << v.error().message;
  }
  EXPECT_NE(parse_json("[1,]").error().message.find("at column 4: "), std::string::npos)
      << parse_json("[1,]").error().message;
  EXPECT_NE(parse_json("{\n  \"a\": 1,\n  \"b\": x\n}").error().message.find("at line 3, column 8: "),
            std::string::npos)
      << parse_json("{\n  \"a\": 1,\n  \"b\": x\n}").error().message;
}

// Issue 21: nlohmann throws out_of_range (not parse_error) for a number beyond a double, and pipetop
// aborted on it. It is a usage error saying where, like any other bad text.
TEST(JsonReader, ANumberBeyondADoubleIsAUsageErrorSayingWhere) {
  for (const char* bad : {"1e999", "[1, -1e999]", "{\"t_ns\": 1e400}"}) {
    const Result<Json> v = parse_json(bad);
    ASSERT_FALSE(v) << bad;
    EXPECT_EQ(v.error().kind, ExitCode::usage);
    EXPECT_NE(v.error().message.find("number overflow"), std::string::npos) << v.error().message;
  }
  const Result<Json> v = parse_json("{\n\"a\": [1,\n  2e999]}");
  ASSERT_FALSE(v);
  EXPECT_NE(v.error().message.find("not valid JSON at line 3, column "), std::string::npos) << v.error().message;
}

TEST(JsonReader, ADocumentLargerThanTheCapIsRefusedUnparsed) {
  const std::string huge(kMaxJsonDocumentBytes + 1, ' ');
  const Result<Json> v = parse_json(huge);
  ASSERT_FALSE(v);
  EXPECT_EQ(v.error().kind, ExitCode::usage);
  EXPECT_NE(v.error().message.find("larger than the 16 MiB pipetop reads"), std::string::npos) << v.error().message;
}

TEST(JsonReader, FieldsReadEachKindExactly) {
  const Result<Json> v =
      parse_json(R"({"i": -12, "u": 18446744073709551615, "d": 2.5, "b": true, "s": "x", "big": 9223372036854775808})");
  ASSERT_TRUE(v);
  JsonFields f(*v, "test");
  EXPECT_EQ(f.int64("i"), -12);
  EXPECT_EQ(f.uint64("u"), 18446744073709551615ULL);
  EXPECT_EQ(f.number("d"), 2.5);
  EXPECT_EQ(f.number("i"), -12.0);
  EXPECT_TRUE(f.flag("b"));
  EXPECT_EQ(f.text("s"), "x");
  EXPECT_TRUE(f.result(0));
}

TEST(JsonReader, FieldsKeepTheFirstProblemNamingTheMember) {
  const Result<Json> v = parse_json(R"({"i": -12, "d": 2.5, "s": "x", "big": 9223372036854775808})");
  ASSERT_TRUE(v);
  JsonFields f(*v, "sample");
  EXPECT_EQ(f.uint64("i"), 0U);  // negative: not a whole number
  EXPECT_EQ(f.int64("d"), 0);    // a fraction
  EXPECT_EQ(f.int64("big"), 0);  // does not fit
  EXPECT_EQ(f.text("missing"), "");
  const Result<int> r = f.result(1);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, "sample: \"i\" is not a whole number");

  JsonFields g(*v, "sample");
  (void)g.flag("absent");
  EXPECT_EQ(g.result(1).error().message, "sample: \"absent\" is missing");
  EXPECT_TRUE(g.member("absent").is_null());
  EXPECT_EQ(g.member("s"), "x");
}

}  // namespace
}  // namespace pipetop
