#pragma once
// Reading JSON back — what pipetop wrote (recordings, `run --format json`, `tune --format json`) —
// with nlohmann-json, objects keeping their members in the order written. Nothing here throws: a
// parse failure is a usage error, and a member that is missing or of another kind is a problem
// JsonFields remembers.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/base/size.hpp"

namespace pipetop {

using Json = nlohmann::ordered_json;

// The largest JSON document (one line of a recording or of run's output, a whole check or tune output)
// parse_json reads: a line of a recording is a few KiB, a check's document tens of KiB.
inline constexpr std::uint64_t kMaxJsonDocumentBytes = 16 * kMiB;

// The one JSON value `text` holds (whitespace around it allowed). Never throws: on malformed input,
// anything after the value, or a number beyond a double (1e999), returns a usage error saying what was
// wrong and where ("not valid JSON at line 3, column 7: ...", only the column for one line); on a
// text larger than kMaxJsonDocumentBytes, one saying so, without parsing it.
[[nodiscard]] Result<Json> parse_json(std::string_view text);

// The member `key` of `object`, or nullptr (also when `object` is null or not an object).
[[nodiscard]] const Json* find_member(const Json* object, std::string_view key);

// The string `value` holds, or "" (also for null or another kind).
[[nodiscard]] std::string string_of(const Json* value);

// Members of one object read as the kinds expected, keeping the first problem: each read of a member
// that is missing or of another kind gives a zero value and remembers a usage error naming the key
// (prefixed with `what`, "sample"), which result() then returns instead of the value built.
class JsonFields {
 public:
  JsonFields(const Json& object, std::string what) : object_(object), what_(std::move(what)) {}

  [[nodiscard]] std::int64_t int64(std::string_view key);
  [[nodiscard]] std::uint64_t uint64(std::string_view key);
  [[nodiscard]] double number(std::string_view key);
  [[nodiscard]] bool flag(std::string_view key);
  [[nodiscard]] std::string text(std::string_view key);
  // The member itself, whatever its kind (null when missing).
  [[nodiscard]] const Json& member(std::string_view key) const;
  // Records a problem found by the caller (the first one is kept).
  void fail(const Error& error);
  // Records that member `key` is wrong: "WHAT: \"KEY\" PROBLEM".
  void fail_member(std::string_view key, std::string_view problem);

  template <class T>
  [[nodiscard]] Result<T> result(T value) const {
    if (error_) return std::unexpected(*error_);
    return value;
  }

 private:
  template <class T, class Read>
  T read(std::string_view key, std::string_view kind, Read read_value);

  const Json& object_;
  std::string what_;
  std::optional<Error> error_;
};

}  // namespace pipetop
