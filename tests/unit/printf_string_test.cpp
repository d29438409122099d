#include "pipetop/core/base/printf_string.hpp"

#include <gtest/gtest.h>

#include <string>

namespace pipetop {
namespace {

TEST(PrintfString, FormatsLikeSnprintf) {
  EXPECT_EQ(printf_string("%d %s %.2f", 42, "GiB/s", 3.14159), "42 GiB/s 3.14");
  EXPECT_EQ(printf_string("%s", ""), "");
  EXPECT_EQ(printf_string("%-6s|%5d", "ab", 7), "ab    |    7");
}

// Regression: the output went through a 1 KiB buffer and anything past it was silently cut, so a
// long command line or error text lost its end (and a row its columns).
TEST(PrintfString, LongOutputIsNeverCut) {
  const std::string long_text(5000, 'x');
  const std::string out = printf_string("[%s] %d", long_text.c_str(), 7);
  EXPECT_EQ(out.size(), long_text.size() + 4);
  EXPECT_EQ(out, "[" + long_text + "] 7");
}

TEST(PrintfString, OutputAroundTheStackBufferSize) {
  for (const std::size_t n : {254u, 255u, 256u, 257u, 1023u, 1024u, 1025u}) {
    const std::string text(n, 'y');
    EXPECT_EQ(printf_string("%s", text.c_str()), text) << n;
  }
}

TEST(PrintfString, EmbeddedNulEndsTheString) {
  EXPECT_EQ(printf_string("a%cb", '\0').size(), 3u);  // as snprintf counts it: the NUL is kept
}

}  // namespace
}  // namespace pipetop
