#include "pipetop/app/made_by.hpp"

#include <array>
#include <ctime>

#include "pipetop_version.hpp"

namespace pipetop {

std::string_view version_text() {
  return "pipetop " PIPETOP_VERSION " (git " PIPETOP_GIT_DESCRIBE ")";
}

std::string made_now() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  std::array<char, 32> when{};
  if (gmtime_r(&now, &utc) == nullptr || std::strftime(when.data(), when.size(), "%Y-%m-%d %H:%M UTC", &utc) == 0) {
    return std::string(version_text());
  }
  return std::string(version_text()) + " · " + when.data();
}

}  // namespace pipetop
