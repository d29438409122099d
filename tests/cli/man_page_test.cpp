// pipetop(1) keeps up with the binary: every long option each subcommand's --help lists is named in
// the man page, and so is every exit code the top-level --help gives.

#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "run_binary.hpp"
#include "temp_dir.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;

// The man page's text with roff's escaped hyphens as plain ones.
std::string man_page() {
  std::string text = testing::slurp(PIPETOP_SOURCE_DIR "/packaging/pipetop.1");
  for (std::size_t at; (at = text.find("\\-")) != std::string::npos;) text.replace(at, 2, "-");
  return text;
}

TEST(ManPage, NamesEveryOptionOfEverySubcommand) {
  const std::string man = man_page();
  ASSERT_FALSE(man.empty());
  const std::regex option("^ +(?:-[a-zA-Z],)?(--[a-z][a-z-]+)");
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{{"--help"},
                                                                                    {"run", "--help"},
                                                                                    {"check", "--help"},
                                                                                    {"tune", "--help"},
                                                                                    {"events", "--help"},
                                                                                    {"tour", "--help"},
                                                                                    {"replay", "--help"}}) {
    const testing::Ran ran = testing::run_binary(args, 10s);
    ASSERT_EQ(ran.exit_code, 0) << ran.err;
    std::size_t options = 0;
    std::size_t start = 0;
    for (std::size_t end; (end = ran.out.find('\n', start)) != std::string::npos; start = end + 1) {
      std::smatch m;
      const std::string line = ran.out.substr(start, end - start);
      if (!std::regex_search(line, m, option)) continue;
      ++options;
      EXPECT_NE(man.find(m[1].str()), std::string::npos) << args.front() << ": " << m[1] << " is not in pipetop(1)";
    }
    EXPECT_GT(options, 2u) << ran.out;
  }
}

TEST(ManPage, NamesEveryExitCode) {
  const std::string man = man_page();
  for (const char* code :
       {"0 ok", "1 a worker failed", "2 usage error", "3 this machine", "4 a figure regressed", "128+N"}) {
    EXPECT_NE(man.find(code), std::string::npos) << code;
  }
}

}  // namespace
}  // namespace pipetop
