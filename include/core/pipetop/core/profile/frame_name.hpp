#pragma once
// A sampled frame's function name, interned: each distinct name is stored once for the life of the
// process and a frame holds a pointer to it. The profile names about twenty frames a sample, hundreds
// of samples a second, for hours; the names are those of the few hundred functions the workers run
// through, so the store stays that size while copying, comparing and hashing a name costs a pointer.

#include <compare>
#include <cstddef>
#include <string>
#include <string_view>

namespace pipetop {

class FrameName {
 public:
  FrameName() : FrameName(std::string_view()) {}
  FrameName(std::string_view name);  // NOLINT(google-explicit-constructor): a name is its text
  FrameName(const char* name) : FrameName(std::string_view(name)) {}         // NOLINT(google-explicit-constructor)
  FrameName(const std::string& name) : FrameName(std::string_view(name)) {}  // NOLINT(google-explicit-constructor)

  [[nodiscard]] const std::string& str() const { return *name_; }
  operator std::string_view() const { return *name_; }  // NOLINT(google-explicit-constructor)

  // One store: the same text is the same pointer.
  friend bool operator==(FrameName a, FrameName b) { return a.name_ == b.name_; }
  // By text, so that sorted output does not depend on where names were stored.
  friend std::strong_ordering operator<=>(FrameName a, FrameName b) {
    return a.name_ == b.name_ ? std::strong_ordering::equal : a.name_->compare(*b.name_) <=> 0;
  }
  // For hashed containers: the stored name's address.
  [[nodiscard]] std::size_t hash() const { return std::hash<const void*>{}(name_); }

 private:
  const std::string* name_;
};

}  // namespace pipetop
