#pragma once
// Test helpers for the SVG pictures: well-formedness checked by xmllint (libxml2-utils, installed by
// scripts/install-deps), and golden files under tests/fixtures/svg compared byte for byte.
//
// To regenerate the golden files after a deliberate change to a picture:
//   PIPETOP_UPDATE_GOLDEN=1 ctest --preset dev -R 'Picture'
// then look at them (rsvg-convert -o /tmp/x.png tests/fixtures/svg/NAME.svg) and commit the diff.

#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

namespace pipetop::svg_testing {

// tests/fixtures/svg/<name>, found from this source file (tests/unit/...).
inline std::filesystem::path golden_path(const std::string& name) {
  return std::filesystem::path(__FILE__).parent_path().parent_path() / "fixtures" / "svg" / name;
}

inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Compares `actual` with the golden file `name`; with PIPETOP_UPDATE_GOLDEN=1 writes it instead.
inline void expect_golden(const std::string& name, const std::string& actual) {
  const std::filesystem::path path = golden_path(name);
  const char* update = std::getenv("PIPETOP_UPDATE_GOLDEN");
  if (update != nullptr && std::string(update) == "1") {
    std::ofstream(path, std::ios::binary) << actual;
    return;
  }
  ASSERT_TRUE(std::filesystem::exists(path)) << path << " is missing: PIPETOP_UPDATE_GOLDEN=1 writes it";
  const std::string expected = read_text(path);
  if (expected == actual) return;
  std::size_t line = 1;
  std::size_t i = 0;
  for (; i < expected.size() && i < actual.size() && expected[i] == actual[i]; ++i) {
    if (expected[i] == '\n') ++line;
  }
  ADD_FAILURE() << name << " differs from " << path << " from line " << line << " on ("
                << "PIPETOP_UPDATE_GOLDEN=1 rewrites it after a deliberate change)";
}

// xmllint's complaints about `document`, empty when it is well-formed.
inline std::string xmllint_errors(const std::string& document) {
  std::string file = (std::filesystem::temp_directory_path() / "pipetop-svg-XXXXXX").string();
  const int fd = mkstemp(file.data());
  if (fd < 0) return "cannot create a temporary file";
  close(fd);
  std::ofstream(file, std::ios::binary) << document;
  std::string output;
  FILE* pipe = popen(("xmllint --noout '" + file + "' 2>&1").c_str(), "r");
  if (pipe == nullptr) return "cannot run xmllint";
  std::array<char, 512> buf{};
  while (std::fgets(buf.data(), static_cast<int>(buf.size()), pipe) != nullptr) output += buf.data();
  const int status = pclose(pipe);
  std::filesystem::remove(file);
  if (status != 0 && output.empty()) output = "xmllint failed (is libxml2-utils installed? scripts/install-deps)";
  return output;
}

// How many times `needle` occurs in `text`.
inline int count(const std::string& text, const std::string& needle) {
  int n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + needle.size())) ++n;
  return n;
}

}  // namespace pipetop::svg_testing
