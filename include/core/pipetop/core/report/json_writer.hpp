#pragma once
// A minimal streaming JSON writer for our reports: objects, arrays, strings, numbers, booleans and
// null. Non-finite doubles and empty optionals are written as null, never as NaN or inf; a finite
// double is written in its shortest form that reads back as the same double.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pipetop {

class JsonWriter {
 public:
  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  JsonWriter& key(std::string_view name);
  JsonWriter& value(std::string_view text);
  JsonWriter& value(const char* text) { return value(std::string_view(text)); }
  JsonWriter& value(std::uint64_t number);
  JsonWriter& value(std::int64_t number);
  JsonWriter& value(int number) { return value(static_cast<std::int64_t>(number)); }
  JsonWriter& value(double number);
  JsonWriter& value(std::optional<double> number);
  JsonWriter& value(bool flag);
  JsonWriter& null();
  // An already-encoded JSON value (e.g. another writer's output), inserted as it is.
  JsonWriter& raw(std::string_view json);

  [[nodiscard]] const std::string& str() const { return out_; }

 private:
  void separate();
  std::string out_;
  std::vector<bool> has_items_;  // one entry per open object/array
  bool after_key_ = false;
};

// JSON string literal for `text`, quotes included: `"`, `\` and control characters escaped, UTF-8
// passed through, and each byte that is not part of well-formed UTF-8 written as U+FFFD, so the
// result always parses.
[[nodiscard]] std::string json_quote(std::string_view text);

}  // namespace pipetop
