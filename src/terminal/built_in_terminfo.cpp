#include "built_in_terminfo.hpp"

#include <sys/stat.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <span>
#include <utility>
#include <vector>

#include "built_in_terminfo_entries.hpp"

namespace pipetop {

namespace {

const BuiltInTerminfoEntry* entry_named(std::string_view term) {
  for (const BuiltInTerminfoEntry& entry : kBuiltInTerminfo) {
    if (entry.name == term) return &entry;
  }
  return nullptr;
}

// Where a private folder may go, in order: $TMPDIR, then the folders a bare system is likeliest to have
// writable (a container holding only /proc and /dev still has /dev/shm).
std::vector<std::string> parent_folders() {
  std::vector<std::string> parents;
  if (const char* tmpdir = std::getenv("TMPDIR"); tmpdir != nullptr && *tmpdir != '\0') parents.emplace_back(tmpdir);
  for (const char* folder : {"/tmp", "/dev/shm", "/run"}) parents.emplace_back(folder);
  return parents;
}

bool write_file(const std::string& path, std::span<const unsigned char> bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(out.flush());
}

// The entry under its first letter ("x/") and that letter's hex code ("78/"): ncurses is built with one
// or the other (the hex form for case-insensitive file systems).
bool write_entry(const std::string& folder, const BuiltInTerminfoEntry& entry) {
  std::array<char, 3> hex{};
  std::snprintf(hex.data(), hex.size(), "%02x", static_cast<unsigned char>(entry.name.front()));
  for (const std::string& sub : {std::string(1, entry.name.front()), std::string(hex.data())}) {
    const std::string dir = folder + "/" + sub;
    if (mkdir(dir.c_str(), 0700) != 0) return false;
    if (!write_file(dir + "/" + std::string(entry.name), entry.compiled)) return false;
  }
  return true;
}

}  // namespace

std::optional<BuiltInTerminfo> BuiltInTerminfo::install(std::string_view term) {
  const BuiltInTerminfoEntry* entry = entry_named(term);
  if (entry == nullptr) return std::nullopt;
  for (const std::string& parent : parent_folders()) {
    std::string folder = parent + "/pipetop-terminfo-XXXXXX";
    if (mkdtemp(folder.data()) == nullptr) continue;
    if (write_entry(folder, *entry)) return BuiltInTerminfo(folder);
    std::error_code ignored;
    std::filesystem::remove_all(folder, ignored);
  }
  return std::nullopt;
}

BuiltInTerminfo::BuiltInTerminfo(std::string folder) : folder_(std::move(folder)) {
  if (const char* previous = std::getenv("TERMINFO"); previous != nullptr) previous_terminfo_ = previous;
  setenv("TERMINFO", folder_.c_str(), 1);
}

BuiltInTerminfo::BuiltInTerminfo(BuiltInTerminfo&& other) noexcept
    : folder_(std::exchange(other.folder_, {})), previous_terminfo_(std::move(other.previous_terminfo_)) {}

BuiltInTerminfo::~BuiltInTerminfo() {
  if (folder_.empty()) return;
  if (previous_terminfo_) {
    setenv("TERMINFO", previous_terminfo_->c_str(), 1);
  } else {
    unsetenv("TERMINFO");
  }
  std::error_code ignored;
  std::filesystem::remove_all(folder_, ignored);
}

}  // namespace pipetop
