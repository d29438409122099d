// What stamps the pictures: --version's text, and the time now in UTC to the minute.

#include "pipetop/app/made_by.hpp"

#include <gtest/gtest.h>

#include <regex>
#include <string>

namespace pipetop {
namespace {

TEST(MadeBy, IsTheVersionAndTheTimeInUtc) {
  const std::string version(version_text());
  EXPECT_TRUE(std::regex_match(version, std::regex(R"(pipetop [0-9]+\.[0-9]+\.[0-9]+ \(git .+\))"))) << version;
  const std::string made = made_now();
  EXPECT_TRUE(made.starts_with(version + " · ")) << made;
  EXPECT_TRUE(std::regex_search(made, std::regex(R"( · 20[0-9]{2}-[01][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9] UTC$)")))
      << made;
}

}  // namespace
}  // namespace pipetop
