#include "pipetop/core/report/json_reader.hpp"

#include <algorithm>
#include <limits>

namespace pipetop {

namespace {

// Where a parse stopped and why, from nlohmann's SAX interface: the only way to learn the position of
// a number too large for a double (out_of_range 406), which the DOM parser throws without one.
class ErrorLocator final : public nlohmann::json_sax<Json> {
 public:
  bool null() override { return true; }
  bool boolean(bool /*val*/) override { return true; }
  bool number_integer(number_integer_t /*val*/) override { return true; }
  bool number_unsigned(number_unsigned_t /*val*/) override { return true; }
  bool number_float(number_float_t /*val*/, const string_t& /*s*/) override { return true; }
  bool string(string_t& /*val*/) override { return true; }
  bool binary(binary_t& /*val*/) override { return true; }
  bool start_object(std::size_t /*elements*/) override { return true; }
  bool key(string_t& /*val*/) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t /*elements*/) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t position, const std::string& /*last_token*/,
                   const nlohmann::detail::exception& ex) override {
    byte = position;
    what = ex.what();
    return false;
  }

  std::size_t byte = 0;  // 1-based, as nlohmann counts
  std::string what;
};

// "line 3, column 7" ("column 7" for one line) of the 1-based `byte`.
std::string position_text(std::string_view text, std::size_t byte) {
  const std::string_view before = text.substr(0, byte > 0 ? std::min(byte - 1, text.size()) : 0);
  const std::size_t line_start = before.rfind('\n');
  const std::size_t column = before.size() - (line_start == std::string_view::npos ? 0 : line_start + 1) + 1;
  if (text.find('\n') == std::string_view::npos) return "column " + std::to_string(column);
  const auto line = static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n')) + 1;
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

// nlohmann's words without their "[json.exception.parse_error.101] parse error at line 1, column 5: ".
std::string reason_text(std::string what) {
  if (const std::size_t bracket = what.find("] "); bracket != std::string::npos) what.erase(0, bracket + 2);
  if (what.rfind("parse error", 0) == 0) {
    if (const std::size_t colon = what.find(": "); colon != std::string::npos) what.erase(0, colon + 2);
  }
  return what;
}

}  // namespace

Result<Json> parse_json(std::string_view text) {
  if (text.size() > kMaxJsonDocumentBytes) {
    return std::unexpected(usage_error("a JSON document of " + format_size(text.size()) + ", larger than the " +
                                       format_size(kMaxJsonDocumentBytes) + " pipetop reads"));
  }
  try {
    return Json::parse(text);
  } catch (const Json::exception&) {
    // A parse error or a number beyond a double: parse again, only to learn where and why.
    ErrorLocator locator;
    (void)Json::sax_parse(text, &locator);
    return std::unexpected(
        usage_error("not valid JSON at " + position_text(text, locator.byte) + ": " + reason_text(locator.what)));
  }
}

const Json* find_member(const Json* object, std::string_view key) {
  if (object == nullptr || !object->is_object()) return nullptr;
  const auto it = object->find(std::string(key));
  return it != object->end() ? &*it : nullptr;
}

std::string string_of(const Json* value) {
  return value != nullptr && value->is_string() ? value->get<std::string>() : std::string();
}

template <class T, class Read>
T JsonFields::read(std::string_view key, std::string_view kind, Read read_value) {
  const Json* value = find_member(&object_, key);
  if (value != nullptr) {
    if (std::optional<T> v = read_value(*value)) return T(*v);
  }
  fail_member(key, value == nullptr ? std::string("is missing") : "is not " + std::string(kind));
  return T{};
}

std::int64_t JsonFields::int64(std::string_view key) {
  return read<std::int64_t>(key, "an integer", [](const Json& v) -> std::optional<std::int64_t> {
    if (v.is_number_unsigned()) {
      const auto u = v.get<std::uint64_t>();
      if (u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) return std::nullopt;
      return static_cast<std::int64_t>(u);
    }
    if (v.is_number_integer()) return v.get<std::int64_t>();
    return std::nullopt;
  });
}

std::uint64_t JsonFields::uint64(std::string_view key) {
  return read<std::uint64_t>(key, "a whole number", [](const Json& v) -> std::optional<std::uint64_t> {
    if (v.is_number_unsigned()) return v.get<std::uint64_t>();
    return std::nullopt;
  });
}

double JsonFields::number(std::string_view key) {
  return read<double>(key, "a number", [](const Json& v) -> std::optional<double> {
    if (v.is_number()) return v.get<double>();
    return std::nullopt;
  });
}

bool JsonFields::flag(std::string_view key) {
  return read<bool>(key, "true or false", [](const Json& v) -> std::optional<bool> {
    if (v.is_boolean()) return v.get<bool>();
    return std::nullopt;
  });
}

std::string JsonFields::text(std::string_view key) {
  return read<std::string>(key, "a string", [](const Json& v) -> std::optional<std::string> {
    if (v.is_string()) return v.get<std::string>();
    return std::nullopt;
  });
}

const Json& JsonFields::member(std::string_view key) const {
  static const Json kNull;
  const Json* value = find_member(&object_, key);
  return value != nullptr ? *value : kNull;
}

void JsonFields::fail(const Error& error) {
  if (!error_) error_ = error;
}

void JsonFields::fail_member(std::string_view key, std::string_view problem) {
  fail(usage_error(what_ + ": \"" + std::string(key) + "\" " + std::string(problem)));
}

}  // namespace pipetop
