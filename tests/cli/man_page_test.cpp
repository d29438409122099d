// pipetop(1) keeps up with the binary: every long option each subcommand's --help lists is named in
// the man page, and so is every exit code the top-level --help gives, every key of the dashboard's
// key table, every file --export writes, and every environment variable the code reads.

#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "pipetop/core/screen/key_table.hpp"
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
                                                                                    {"ab", "--help"},
                                                                                    {"sweep", "--help"},
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
       {"0 ok", "1 a worker failed", "2 usage error", "any file", "3 this machine", "4 a figure regressed", "128+N",
        "127 when there is no such command", "126 when it cannot be executed"}) {
    EXPECT_NE(man.find(code), std::string::npos) << code;
  }
}

// The text of section `name` (from its .SH line to the next one).
std::string section(const std::string& man, const std::string& name) {
  const std::size_t start = man.find(".SH " + name);
  if (start == std::string::npos) return {};
  const std::size_t end = man.find("\n.SH ", start + 1);
  return man.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

// The keys the KEYS section names: the first words of each "\(bu"-separated entry, as long as they
// are one character ("+ -", "] [") or "space"; "1\(en6" stands for 1 to 6.
std::set<std::string> keys_named(const std::string& keys_section) {
  std::set<std::string> named;
  std::string text = keys_section.substr(keys_section.find('\n') + 1);
  for (std::size_t at; (at = text.find("\\(bu")) != std::string::npos;) text.replace(at, 4, "\n");
  std::istringstream entries(text);
  for (std::string entry; std::getline(entries, entry);) {
    std::istringstream words(entry);
    for (std::string word; words >> word;) {
      if (word == "1\\(en6") {
        for (char c = '1'; c <= '6'; ++c) named.insert(std::string(1, c));
        break;
      }
      if (word != "space" && word.size() != 1) break;
      named.insert(word == "\\e" ? "\\" : word);
    }
  }
  return named;
}

// Regression: the w key (where the time goes) was in the key table and the help overlay, not here.
TEST(ManPage, NamesEveryKeyOfTheKeyTable) {
  const std::string keys = section(man_page(), "KEYS");
  ASSERT_FALSE(keys.empty());
  const std::set<std::string> named = keys_named(keys);
  for (const KeyBinding& binding : key_bindings()) {
    if (binding.key < ' ' || binding.key > '~') continue;  // the arrows: named as \(-> \(<-
    const std::string key = binding.key == ' ' ? "space" : std::string(1, static_cast<char>(binding.key));
    EXPECT_TRUE(named.contains(key)) << "key " << key << " (" << binding.help << ") is not in pipetop(1)'s KEYS";
  }
  EXPECT_NE(keys.find("\\(->"), std::string::npos);
  EXPECT_NE(keys.find("\\(<-"), std::string::npos);
}

// Regression: --export's entry named .cmd, .csv and .json, not the picture nor the folded stacks.
TEST(ManPage, NamesEveryFileTheExportWrites) {
  const std::string man = man_page();
  for (const char* file :
       {"PREFIX.cmd", "PREFIX.csv", "PREFIX.json", "PREFIX.svg", "PREFIX.writer.folded", "PREFIX.reader.folded"}) {
    EXPECT_NE(man.find(file), std::string::npos) << file;
  }
}

// Every variable the code reads with getenv has its entry in ENVIRONMENT.
TEST(ManPage, NamesEveryEnvironmentVariableTheCodeReads) {
  const std::string environment = section(man_page(), "ENVIRONMENT");
  ASSERT_FALSE(environment.empty()) << "pipetop(1) has no ENVIRONMENT section";
  const std::regex getenv_call(R"re(getenv\("([A-Za-z_][A-Za-z0-9_]*)"\))re");
  std::set<std::string> variables;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(PIPETOP_SOURCE_DIR "/src")) {
    if (!entry.is_regular_file()) continue;
    const std::string source = testing::slurp(entry.path().string());
    for (std::sregex_iterator m(source.begin(), source.end(), getenv_call), end; m != end; ++m) {
      variables.insert((*m)[1].str());
    }
  }
  EXPECT_TRUE(variables.contains("NO_COLOR") && variables.contains("TERM")) << "the getenv scan found too little";
  for (const std::string& variable : variables) {
    EXPECT_NE(environment.find(".B " + variable), std::string::npos) << variable << " is not in ENVIRONMENT";
  }
}

TEST(ManPage, SeeAlsoNamesTheToolsBeside) {
  const std::string see_also = section(man_page(), "SEE ALSO");
  ASSERT_FALSE(see_also.empty()) << "pipetop(1) has no SEE ALSO section";
  for (const char* page : {"pv (1)", "perf-stat (1)", "pipe (7)", "splice (2)", "vmsplice (2)"}) {
    EXPECT_NE(see_also.find(page), std::string::npos) << page;
  }
}

// Regression: the example redirected the output onto the collector's file itself, which the
// collector may read half-written; the README writes a temporary name and renames it.
TEST(ManPage, OpenMetricsExampleRenamesIntoPlace) {
  const std::string examples = section(man_page(), "EXAMPLES");
  std::istringstream lines(examples);
  bool found = false;
  for (std::string line; std::getline(lines, line);) {
    if (line.find("openmetrics") == std::string::npos) continue;
    found = true;
    const std::regex redirect(R"re(>\s*"?([^ "&]+)"?)re");
    std::smatch m;
    ASSERT_TRUE(std::regex_search(line, m, redirect)) << line;
    EXPECT_TRUE(m[1].str().ends_with(".tmp")) << "writes " << m[1] << " in place: " << line;
    EXPECT_NE(line.find("&& mv "), std::string::npos) << line;
  }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace pipetop
