// FLAGS given as one argument (pipetop ab --a '...') split as a POSIX shell splits words.

#include "pipetop/core/config/shell_words.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace pipetop {
namespace {

using Words = std::vector<std::string>;

Words split(std::string_view text) {
  const Result<Words> words = split_shell_words(text);
  EXPECT_TRUE(words) << text << ": " << (words ? "" : words.error().message);
  return words.value_or(Words{});
}

TEST(ShellWords, BlanksSeparateWords) {
  EXPECT_EQ(split("--writer vmsplice  --busy-loop\t--buffer-size 1M\n"),
            (Words{"--writer", "vmsplice", "--busy-loop", "--buffer-size", "1M"}));
  EXPECT_EQ(split(""), Words{});
  EXPECT_EQ(split("   "), Words{});
}

TEST(ShellWords, QuotesKeepBlanksAndMakeEmptyWords) {
  EXPECT_EQ(split("-e 'LD_BLOCKS:STORE_FORWARD' -e \"cache misses\""),
            (Words{"-e", "LD_BLOCKS:STORE_FORWARD", "-e", "cache misses"}));
  EXPECT_EQ(split("a '' \"\" b"), (Words{"a", "", "", "b"}));
  EXPECT_EQ(split("x'y z'\"w\""), (Words{"xy zw"}));
}

TEST(ShellWords, BackslashesAsAShellReadsThem) {
  EXPECT_EQ(split(R"(a\ b c\\d)"), (Words{"a b", "c\\d"}));
  EXPECT_EQ(split(R"("a\"b" "c\d" 'e\f')"), (Words{"a\"b", "c\\d", "e\\f"}));
  EXPECT_EQ(split("--busy-loop \\\n--poll"), (Words{"--busy-loop", "--poll"}));
  EXPECT_EQ(split("$HOME *"), (Words{"$HOME", "*"}));  // nothing is expanded
}

TEST(ShellWords, AnOpenQuoteOrATrailingBackslashIsAUsageError) {
  for (const char* text : {"--busy-loop 'x", "\"abc", "abc\\"}) {
    const Result<Words> words = split_shell_words(text);
    ASSERT_FALSE(words) << text;
    EXPECT_EQ(words.error().kind, ExitCode::usage);
    EXPECT_NE(words.error().message.find(text), std::string::npos) << words.error().message;
  }
  EXPECT_NE(split_shell_words("'x").error().message.find("never closed"), std::string::npos);
}

}  // namespace
}  // namespace pipetop
