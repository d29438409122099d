// The shells' completions offer what the binary takes: every option each command's --help lists,
// the strategies and transports of the tables as --writer/--reader/--transport values, files where a
// command takes a file. Bash's is run (the completion function called as bash calls it); zsh's is
// read, and parsed by zsh where it is installed.

#include <gtest/gtest.h>
#include <unistd.h>

#include <regex>
#include <set>
#include <string>
#include <vector>

#include "pipetop/core/config/strategies.hpp"
#include "pipetop/core/config/transports.hpp"
#include "pipetop/core/experiment/sweep_values.hpp"
#include "run_binary.hpp"
#include "table_rows.hpp"
#include "temp_dir.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;

const std::vector<std::string> kCommands{"", "run", "check", "tune", "ab", "sweep", "events", "tour", "replay"};

// Every option name the --help of `command` ("" for pipetop itself) lists: "--writer", "-q", "--quiet".
std::set<std::string> help_options(const std::string& command) {
  std::vector<std::string> args;
  if (!command.empty()) args.push_back(command);
  args.emplace_back("--help");
  const testing::Ran ran = testing::run_binary(args, 10s);
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
  std::set<std::string> options;
  const std::regex line("^  (-[a-zA-Z],)?(--[a-z][a-z-]*)");
  std::size_t start = 0;
  for (std::size_t end; (end = ran.out.find('\n', start)) != std::string::npos; start = end + 1) {
    std::smatch m;
    const std::string text = ran.out.substr(start, end - start);
    if (!std::regex_search(text, m, line)) continue;
    if (m[1].matched) options.insert(m[1].str().substr(0, 2));
    options.insert(m[2].str());
  }
  EXPECT_GT(options.size(), 3u) << command;
  return options;
}

// What bash's completion offers for the command line `words` (the last one being completed), run
// in `dir`.
std::set<std::string> complete_in_bash(const std::filesystem::path& dir, const std::vector<std::string>& words) {
  const testing::Ran script = testing::run_binary({"--completions", "bash"}, 10s);
  EXPECT_EQ(script.exit_code, 0) << script.err;
  testing::write_file(dir / "pipetop.bash", script.out);
  std::string array;
  for (const std::string& word : words) array += " '" + word + "'";
  const std::string program = "cd '" + dir.string() + "' && source ./pipetop.bash && COMP_WORDS=(" + array +
                              ") && COMP_CWORD=" + std::to_string(words.size() - 1) +
                              " && _pipetop && printf '%s\\n' \"${COMPREPLY[@]}\"";
  const testing::Ran ran = testing::run_program("/bin/bash", {"-c", program}, 10s);
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
  std::set<std::string> offered;
  std::size_t start = 0;
  for (std::size_t end; (end = ran.out.find('\n', start)) != std::string::npos; start = end + 1) {
    if (end > start) offered.insert(ran.out.substr(start, end - start));
  }
  return offered;
}

std::vector<std::string> line_of(const std::string& command, const std::string& last) {
  std::vector<std::string> words{"pipetop"};
  if (!command.empty()) words.push_back(command);
  words.push_back(last);
  return words;
}

TEST(Completions, BashOffersEveryOptionOfEveryCommand) {
  const testing::TempDir dir;
  for (const std::string& command : kCommands) {
    const std::set<std::string> offered = complete_in_bash(dir.path(), line_of(command, "-"));
    for (const std::string& option : help_options(command)) {
      EXPECT_TRUE(offered.contains(option)) << "pipetop " << command << " " << option << " is not offered";
    }
  }
}

// The ones the hand-written completion lacked (issue 21).
TEST(Completions, BashOffersWhatItOnceLacked) {
  const testing::TempDir dir;
  const std::set<std::string> run = complete_in_bash(dir.path(), {"pipetop", "run", "-"});
  for (const char* option : {"--stdin", "--stdout", "--pass", "--profile", "--profile-hz", "--record", "-q"}) {
    EXPECT_TRUE(run.contains(option)) << option;
  }
  EXPECT_TRUE(complete_in_bash(dir.path(), {"pipetop", "-"}).contains("-V"));
}

TEST(Completions, BashOffersTheTablesStrategiesAndTheCommands) {
  const testing::TempDir dir;
  const auto names = [](const auto& table) {
    const std::vector<std::string> listed = testing::names_of(table);
    return std::set<std::string>(listed.begin(), listed.end());
  };
  EXPECT_EQ(complete_in_bash(dir.path(), {"pipetop", "run", "--writer", ""}), names(kWriterStrategies));
  EXPECT_EQ(complete_in_bash(dir.path(), {"pipetop", "--reader", ""}), names(kReaderStrategies));
  EXPECT_EQ(complete_in_bash(dir.path(), {"pipetop", "run", "--transport", ""}), names(kTransports));
  EXPECT_EQ(complete_in_bash(dir.path(), {"pipetop", "check", "--format", ""}),
            (std::set<std::string>{"text", "json", "openmetrics"}));
  const std::set<std::string> commands = complete_in_bash(dir.path(), {"pipetop", ""});
  for (const std::string& command : kCommands) {
    if (!command.empty()) {
      EXPECT_TRUE(commands.contains(command)) << command;
    }
  }
  EXPECT_TRUE(complete_in_bash(dir.path(), {"pipetop", "run", "--duration", ""}).empty());
}

// What sweep varies comes from its table, offered as its first word, and in zsh as its first argument.
TEST(Completions, SweepOffersTheOptionsOfItsTable) {
  const testing::TempDir dir;
  std::set<std::string> options;
  std::string zsh_choices;
  for (const SweepOptionRow& row : kSweepOptions) {
    options.emplace(row.name);
    zsh_choices += (zsh_choices.empty() ? "" : " ") + std::string(row.name);
  }
  EXPECT_EQ(complete_in_bash(dir.path(), {"pipetop", "sweep", ""}), options);
  EXPECT_EQ(complete_in_bash(dir.path(), {"pipetop", "sweep", "pi"}), std::set<std::string>{"pipe-size"});
  EXPECT_TRUE(complete_in_bash(dir.path(), {"pipetop", "sweep", "--bu"}).contains("--budget"));
  const testing::Ran zsh = testing::run_binary({"--completions", "zsh"}, 10s);
  EXPECT_NE(zsh.out.find(":value:(" + zsh_choices + ")'"), std::string::npos) << zsh.out;
}

TEST(Completions, BashOffersFilesToReplayAndToFileOptions) {
  const testing::TempDir dir;
  testing::write_file(dir.path() / "talk.jsonl", "{}\n");
  EXPECT_EQ(complete_in_bash(dir.path(), {"pipetop", "replay", "ta"}), std::set<std::string>{"talk.jsonl"});
  EXPECT_EQ(complete_in_bash(dir.path(), {"pipetop", "run", "--compare", "ta"}), std::set<std::string>{"talk.jsonl"});
  EXPECT_EQ(complete_in_bash(dir.path(), {"pipetop", "replay", "--sp"}), std::set<std::string>{"--speed"});
}

TEST(Completions, ZshHasEveryOptionOfEveryCommandInItsSection) {
  const testing::Ran script = testing::run_binary({"--completions", "zsh"}, 10s);
  ASSERT_EQ(script.exit_code, 0) << script.err;
  ASSERT_TRUE(script.out.starts_with("#compdef pipetop\n"));
  for (const std::string& command : kCommands) {
    const std::string label = "\n    " + (command.empty() ? std::string("*") : command) + ")\n";
    const std::size_t start = script.out.find(label);
    ASSERT_NE(start, std::string::npos) << "no section for '" << command << "'";
    const std::string section = script.out.substr(start, script.out.find(" ;;\n", start) - start);
    if (!command.empty()) {
      EXPECT_NE(section.find("shift words; (( CURRENT-- ))"), std::string::npos) << command;
    }
    for (const std::string& option : help_options(command)) {
      const bool listed = section.find(")" + option + "[") != std::string::npos ||
                          section.find("'" + option + "[") != std::string::npos ||
                          section.find("*" + option + "[") != std::string::npos;
      EXPECT_TRUE(listed) << "zsh: pipetop " << command << " " << option;
    }
  }
  EXPECT_NE(script.out.find("'--writer[How the writer fills the pipe]:value:(write vmsplice sendfile)'"),
            std::string::npos);
  EXPECT_NE(script.out.find("':file:_files'"), std::string::npos) << "replay's recording";
}

TEST(Completions, ZshParsesIt) {
  if (access("/usr/bin/zsh", X_OK) != 0 && access("/bin/zsh", X_OK) != 0) {
    GTEST_SKIP() << "zsh is not installed; the zsh completion is checked as text only";
  }
  const testing::TempDir dir;
  const testing::Ran script = testing::run_binary({"--completions", "zsh"}, 10s);
  testing::write_file(dir.path() / "_pipetop", script.out);
  const testing::Ran ran =
      testing::run_program("/bin/sh", {"-c", "zsh -n '" + (dir.path() / "_pipetop").string() + "'"}, 10s);
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
}

TEST(Completions, AnotherShellIsAUsageError) {
  const testing::Ran ran = testing::run_binary({"--completions", "fish"}, 10s);
  EXPECT_EQ(ran.exit_code, 2);
  EXPECT_NE(ran.err.find("pipetop: no completions for the shell 'fish'"), std::string::npos) << ran.err;
}

}  // namespace
}  // namespace pipetop
