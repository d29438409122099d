#pragma once
// A small, strict JSON parser for the unit tests: enough to prove that what JsonWriter and the JSON
// report produce is valid JSON (RFC 8259) and to look values up in it. Not for production use.

#include <cctype>
#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace mini_json {

struct Value;
using Object = std::map<std::string, Value>;
using Array = std::vector<Value>;

struct Value {
  // null, bool, number (kept as its literal text and as a double), string, array, object
  std::variant<std::nullptr_t, bool, double, std::string, std::shared_ptr<Array>, std::shared_ptr<Object>> data;
  std::string number_text;

  [[nodiscard]] bool is_null() const { return std::holds_alternative<std::nullptr_t>(data); }
  [[nodiscard]] bool is_bool() const { return std::holds_alternative<bool>(data); }
  [[nodiscard]] bool is_number() const { return std::holds_alternative<double>(data); }
  [[nodiscard]] bool is_string() const { return std::holds_alternative<std::string>(data); }
  [[nodiscard]] bool is_array() const { return std::holds_alternative<std::shared_ptr<Array>>(data); }
  [[nodiscard]] bool is_object() const { return std::holds_alternative<std::shared_ptr<Object>>(data); }
  [[nodiscard]] bool as_bool() const { return std::get<bool>(data); }
  [[nodiscard]] double as_number() const { return std::get<double>(data); }
  [[nodiscard]] const std::string& as_string() const { return std::get<std::string>(data); }
  [[nodiscard]] const Array& as_array() const { return *std::get<std::shared_ptr<Array>>(data); }
  [[nodiscard]] const Object& as_object() const { return *std::get<std::shared_ptr<Object>>(data); }
  [[nodiscard]] bool has(const std::string& key) const { return is_object() && as_object().contains(key); }
  [[nodiscard]] const Value& at(const std::string& key) const { return as_object().at(key); }
};

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  // The whole text must be exactly one JSON value (surrounding whitespace allowed).
  std::optional<Value> parse_document() {
    skip_ws();
    std::optional<Value> v = parse_value(0);
    if (!v) return std::nullopt;
    skip_ws();
    if (pos_ != text_.size()) return std::nullopt;
    return v;
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;

  [[nodiscard]] bool at_end() const { return pos_ >= text_.size(); }
  [[nodiscard]] char peek() const { return at_end() ? '\0' : text_[pos_]; }
  void skip_ws() {
    while (!at_end() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r')) ++pos_;
  }
  bool consume(std::string_view literal) {
    if (text_.substr(pos_, literal.size()) != literal) return false;
    pos_ += literal.size();
    return true;
  }

  std::optional<Value> parse_value(int depth) {
    if (depth > 64) return std::nullopt;
    skip_ws();
    Value v;
    switch (peek()) {
      case '{': return parse_object(depth);
      case '[': return parse_array(depth);
      case '"': {
        auto s = parse_string();
        if (!s) return std::nullopt;
        v.data = std::move(*s);
        return v;
      }
      case 't':
        if (!consume("true")) return std::nullopt;
        v.data = true;
        return v;
      case 'f':
        if (!consume("false")) return std::nullopt;
        v.data = false;
        return v;
      case 'n':
        if (!consume("null")) return std::nullopt;
        v.data = nullptr;
        return v;
      default: return parse_number();
    }
  }

  std::optional<Value> parse_number() {
    const std::size_t start = pos_;
    if (peek() == '-') ++pos_;
    if (peek() == '0') {
      ++pos_;
    } else if (peek() >= '1' && peek() <= '9') {
      while (std::isdigit(static_cast<unsigned char>(peek())) != 0) ++pos_;
    } else {
      return std::nullopt;
    }
    if (peek() == '.') {
      ++pos_;
      if (std::isdigit(static_cast<unsigned char>(peek())) == 0) return std::nullopt;
      while (std::isdigit(static_cast<unsigned char>(peek())) != 0) ++pos_;
    }
    if (peek() == 'e' || peek() == 'E') {
      ++pos_;
      if (peek() == '+' || peek() == '-') ++pos_;
      if (std::isdigit(static_cast<unsigned char>(peek())) == 0) return std::nullopt;
      while (std::isdigit(static_cast<unsigned char>(peek())) != 0) ++pos_;
    }
    Value v;
    v.number_text = std::string(text_.substr(start, pos_ - start));
    v.data = std::stod(v.number_text);
    return v;
  }

  static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  }

  std::optional<std::string> parse_string() {
    if (!consume("\"")) return std::nullopt;
    std::string out;
    while (true) {
      if (at_end()) return std::nullopt;
      const char c = text_[pos_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) return std::nullopt;  // raw control chars are invalid
      if (c != '\\') {
        out += c;
        continue;
      }
      if (at_end()) return std::nullopt;
      const char e = text_[pos_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          unsigned code = 0;
          for (int i = 0; i < 4; ++i) {
            if (at_end()) return std::nullopt;
            const int d = hex_digit(text_[pos_++]);
            if (d < 0) return std::nullopt;
            code = code * 16 + static_cast<unsigned>(d);
          }
          if (code >= 0x80) return std::nullopt;  // the tests only need ASCII escapes
          out += static_cast<char>(code);
          break;
        }
        default: return std::nullopt;
      }
    }
  }

  std::optional<Value> parse_array(int depth) {
    consume("[");
    auto array = std::make_shared<Array>();
    skip_ws();
    if (consume("]")) {
      Value v;
      v.data = array;
      return v;
    }
    while (true) {
      auto item = parse_value(depth + 1);
      if (!item) return std::nullopt;
      array->push_back(std::move(*item));
      skip_ws();
      if (consume(",")) continue;
      if (consume("]")) break;
      return std::nullopt;
    }
    Value v;
    v.data = array;
    return v;
  }

  std::optional<Value> parse_object(int depth) {
    consume("{");
    auto object = std::make_shared<Object>();
    skip_ws();
    if (consume("}")) {
      Value v;
      v.data = object;
      return v;
    }
    while (true) {
      skip_ws();
      auto key = parse_string();
      if (!key) return std::nullopt;
      skip_ws();
      if (!consume(":")) return std::nullopt;
      auto item = parse_value(depth + 1);
      if (!item) return std::nullopt;
      if (object->contains(*key)) return std::nullopt;  // duplicate keys are a writer bug
      object->emplace(std::move(*key), std::move(*item));
      skip_ws();
      if (consume(",")) continue;
      if (consume("}")) break;
      return std::nullopt;
    }
    Value v;
    v.data = object;
    return v;
  }
};

[[nodiscard]] inline std::optional<Value> parse(std::string_view text) { return Parser(text).parse_document(); }

}  // namespace mini_json
