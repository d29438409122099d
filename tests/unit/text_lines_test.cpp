// split_lines: kernel text files line by line.

#include "pipetop/core/machine/text_lines.hpp"

#include <gtest/gtest.h>

#include <string_view>
#include <vector>

namespace pipetop {
namespace {

TEST(SplitLines, NoEmptyLastLine) {
  EXPECT_EQ(split_lines("a\nb\n"), (std::vector<std::string_view>{"a", "b"}));
  EXPECT_EQ(split_lines("a\n\nb"), (std::vector<std::string_view>{"a", "", "b"}));
  EXPECT_TRUE(split_lines("").empty());
}

}  // namespace
}  // namespace pipetop
