#pragma once
// JSON in the tests, read with nlohmann-json (Debian nlohmann-json3-dev): a strict RFC 8259 parser,
// so a document that parses is valid JSON, and its values can be looked up and compared exactly
// (integers stay integers: `.dump()` of a number is its text).

#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

namespace test_json {

// The whole text must be exactly one JSON value (surrounding whitespace allowed); nullopt otherwise.
inline std::optional<nlohmann::json> parse(std::string_view text) {
  nlohmann::json doc = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return std::nullopt;
  return doc;
}

}  // namespace test_json
