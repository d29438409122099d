#include "pipetop/core/json_reader.hpp"

#include <limits>

namespace pipetop {

Result<Json> parse_json(std::string_view text) {
  try {
    return Json::parse(text);
  } catch (const Json::parse_error& e) {
    // e.what() reads "[json.exception.parse_error.101] parse error at line 1, column 5: ...": keep the words.
    std::string_view what = e.what();
    if (const std::size_t bracket = what.find("] "); bracket != std::string_view::npos) what.remove_prefix(bracket + 2);
    return std::unexpected(usage_error("not valid JSON (byte " + std::to_string(e.byte) + "): " + std::string(what)));
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
