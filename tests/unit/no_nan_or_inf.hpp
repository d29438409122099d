#pragma once
// Test helper: no output of ours may carry an impossible rate as printf writes it.

#include <gtest/gtest.h>

#include <string>

namespace pipetop::testing {

// No word "nan", "inf" or "infinity" in any case (as printf writes non-finite doubles).
inline void expect_no_nan_or_inf(const std::string& text) {
  std::string word;
  auto check = [&] {
    EXPECT_TRUE(word != "nan" && word != "inf" && word != "infinity") << "'" << word << "' in:\n" << text;
    word.clear();
  };
  for (const char c : text) {
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) {
      word += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    } else {
      check();
    }
  }
  check();
}

}  // namespace pipetop::testing
