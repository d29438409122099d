#include "pipetop/system/system_files.hpp"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <utility>

#include "pipetop/system/file_reader.hpp"

namespace pipetop {

SystemFiles::SystemFiles(std::string root) : root_(std::move(root)) {
  while (!root_.empty() && root_.back() == '/') root_.pop_back();
}

Result<std::string> SystemFiles::read(const std::string& path) const {
  return read_text_file(root_ + path);
}

Result<RereadFile> SystemFiles::open(const std::string& path) const {
  return RereadFile::open(root_ + path);
}

std::string SystemFiles::line(const std::string& path) const {
  const Result<std::string> text = read(path);
  if (!text) return {};
  std::string first = text->substr(0, text->find('\n'));
  while (!first.empty() && (first.back() == ' ' || first.back() == '\r')) first.pop_back();
  return first;
}

std::optional<long> SystemFiles::number(const std::string& path) const {
  const std::string text = line(path);
  long value = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc{}) return std::nullopt;
  return value;
}

std::string SystemFiles::bracketed(const std::string& path) const {
  const std::string text = line(path);
  const std::size_t open = text.find('[');
  const std::size_t close = text.find(']', open);
  if (open == std::string::npos || close == std::string::npos) return "unknown";
  return text.substr(open + 1, close - open - 1);
}

std::string SystemFiles::link(const std::string& path) const {
  std::string target(256, '\0');
  const ssize_t n = readlink((root_ + path).c_str(), target.data(), target.size());
  if (n < 0) return {};
  target.resize(static_cast<std::size_t>(n));
  return target;
}

bool SystemFiles::exists(const std::string& path) const {
  struct stat st {};
  return lstat((root_ + path).c_str(), &st) == 0;
}

std::vector<std::string> SystemFiles::list(const std::string& path) const {
  return entries(path).value_or(std::vector<std::string>{});
}

Result<std::vector<std::string>> SystemFiles::entries(const std::string& path) const {
  std::vector<std::string> names;
  DIR* dir = opendir((root_ + path).c_str());
  if (dir == nullptr) return std::unexpected(environment_error("opendir(" + path + "): " + errno_text(errno)));
  while (const dirent* entry = readdir(dir)) {
    const std::string name = entry->d_name;
    if (name != "." && name != "..") names.push_back(name);
  }
  closedir(dir);
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace pipetop
