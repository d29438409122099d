#include "pipetop/core/base/error.hpp"

#include <cstring>
#include <string_view>

namespace pipetop {

Error usage_error(std::string message, std::string hint) {
  return Error{ExitCode::usage, std::move(message), std::move(hint)};
}

Error environment_error(std::string message, std::string hint) {
  return Error{ExitCode::environment, std::move(message), std::move(hint)};
}

Error runtime_error(std::string message, std::string hint) {
  return Error{ExitCode::runtime, std::move(message), std::move(hint)};
}

std::string errno_text(int err) {
  const char* name = strerrorname_np(err);
  const char* description = strerrordesc_np(err);
  std::string text = description != nullptr ? description : "Unknown error";
  text += " [";
  text += name != nullptr ? std::string(name) : "errno " + std::to_string(err);
  text += "]";
  return text;
}

std::string format_error(const Error& error) {
  std::string text = error.message;
  if (!error.hint.empty()) {
    text += "\n  hint: ";
    text += error.hint;
  }
  return text;
}

}  // namespace pipetop
