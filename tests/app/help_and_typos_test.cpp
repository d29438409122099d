// --help fits 100 columns and lists each command once; a mistyped option or command is said in
// pipetop's words with the closest name. Through parse_command_line, as main() calls it.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pipetop/app/cli.hpp"
#include "pipetop/app/help_formatter.hpp"
#include "pipetop/core/screen/text_cells.hpp"

namespace pipetop {
namespace {

const std::vector<std::string> kCommands{"run", "check", "tune", "ab", "sweep", "events", "tour", "replay"};

ParsedCommandLine parse(std::vector<std::string> args) {
  args.insert(args.begin(), "pipetop");
  std::vector<const char*> argv;
  for (const std::string& arg : args) argv.push_back(arg.c_str());
  return parse_command_line(static_cast<int>(argv.size()), argv.data());
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1) {
    lines.push_back(text.substr(start, end - start));
  }
  return lines;
}

TEST(Help, NoLineOfAnyCommandsHelpIsWiderThan100Columns) {
  std::vector<std::vector<std::string>> helps{{"--help"}};
  for (const std::string& command : kCommands) helps.push_back({command, "--help"});
  for (const std::vector<std::string>& args : helps) {
    const ParsedCommandLine parsed = parse(args);
    ASSERT_EQ(parsed.exit_code, 0) << parsed.err;
    ASSERT_GT(lines_of(parsed.out).size(), 10u);
    for (const std::string& line : lines_of(parsed.out)) {
      EXPECT_LE(text_cells(line), kHelpColumns) << args.front() << ": " << line;
    }
  }
}

TEST(Help, ListsEachCommandOnce) {
  const ParsedCommandLine parsed = parse({"--help"});
  for (const std::string& command : kCommands) {
    int listed = 0;
    for (const std::string& line : lines_of(parsed.out)) {
      listed += line.starts_with("  " + command + " ") ? 1 : 0;
    }
    EXPECT_EQ(listed, 1) << command << " in:\n" << parsed.out;
  }
  EXPECT_NE(parsed.out.find("\nCommands:\n"), std::string::npos) << parsed.out;
}

TEST(Help, ALongDescriptionGoesOnUnderItsOwnColumn) {
  const ParsedCommandLine parsed = parse({"run", "--help"});
  const std::vector<std::string> lines = lines_of(parsed.out);
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    if (!lines[i].starts_with("  --buffer-size SIZE")) continue;
    EXPECT_EQ(lines[i + 1].find_first_not_of(' '), static_cast<std::size_t>(kHelpNameColumns)) << lines[i + 1];
    return;
  }
  ADD_FAILURE() << "no --buffer-size line in:\n" << parsed.out;
}

struct Typo {
  std::vector<std::string> args;
  std::string says;
};

TEST(Typos, AMistypedOptionOrCommandNamesTheClosestOne) {
  for (const Typo& typo : std::vector<Typo>{
           {{"run", "--duraton", "5s"}, "'--duraton 5s' is not an option of run\n  hint: did you mean --duration?"},
           {{"run", "--quite"}, "did you mean --quiet?"},
           {{"--stdn"}, "'--stdn' is not an option of pipetop\n  hint: did you mean --stdin?"},
           {{"check", "--repet", "3"}, "did you mean --repeat?"},
           {{"events", "--al"}, "did you mean --all?"},
           {{"tour", "--recrod", "t.jsonl"}, "did you mean --record?"},
           {{"rnu"}, "unknown command 'rnu'\n  hint: did you mean run?"}}) {
    const ParsedCommandLine parsed = parse(typo.args);
    EXPECT_EQ(parsed.exit_code, 2) << typo.args.front();
    EXPECT_TRUE(parsed.err.starts_with("pipetop: ")) << parsed.err;
    EXPECT_NE(parsed.err.find(typo.says), std::string::npos) << parsed.err;
    EXPECT_TRUE(parsed.out.empty());
  }
}

TEST(Typos, NothingCloseSuggestsNothing) {
  const ParsedCommandLine parsed = parse({"run", "--xyzzy-frobnicate"});
  EXPECT_EQ(parsed.exit_code, 2);
  EXPECT_EQ(parsed.err.find("did you mean"), std::string::npos) << parsed.err;
  EXPECT_NE(parsed.err.find("pipetop run --help lists its options"), std::string::npos) << parsed.err;
}

// An option another command takes is not a typo: check says why it has none, and suggests no look-alike.
TEST(Typos, AnotherCommandsOptionIsNotCalledATypo) {
  const ParsedCommandLine parsed = parse({"check", "--writer", "vmsplice"});
  EXPECT_EQ(parsed.exit_code, 2);
  EXPECT_NE(parsed.err.find("check measures its own configurations"), std::string::npos) << parsed.err;
  EXPECT_EQ(parsed.err.find("did you mean"), std::string::npos) << parsed.err;
}

TEST(Typos, CLI11sOwnErrorsAreSaidInPipetopsWords) {
  const ParsedCommandLine parsed = parse({"run", "--duration"});
  EXPECT_EQ(parsed.exit_code, 2);
  EXPECT_TRUE(parsed.err.starts_with("pipetop: --duration")) << parsed.err;
  EXPECT_NE(parsed.err.find("hint: pipetop run --help lists its options"), std::string::npos) << parsed.err;
  EXPECT_EQ(parsed.err.find("Run with --help"), std::string::npos) << parsed.err;
}

TEST(WrapFooter, KeepsHeadingsAndShortLinesAsTheyAre) {
  const std::string footer = "Examples:\n  pipetop run   # a run\n\nDone.\n";
  EXPECT_EQ(wrap_footer(footer, 40), footer);
}

TEST(WrapFooter, AnExamplesCommentGoesOnUnderItsHash) {
  EXPECT_EQ(wrap_footer("  pipetop run   # one two three four five\n", 31),
            "  pipetop run   # one two three\n"
            "                # four five\n");
}

TEST(WrapFooter, ProseIsJoinedAndWrappedAgainByParagraph) {
  EXPECT_EQ(wrap_footer("one two three four\nfive six\n\nseven\n", 14), "one two three\nfour five six\n\nseven\n");
}

}  // namespace
}  // namespace pipetop
