#pragma once
// Errors are values at module boundaries: every function that can fail returns Result<T>.

#include <expected>
#include <string>

namespace pipetop {

// Process exit codes (DESIGN.md): 0 ok, 1 runtime failure, 2 usage error, 3 environment cannot do it,
// 4 a figure regressed against the baseline of --compare.
enum class ExitCode : int { ok = 0, runtime = 1, usage = 2, environment = 3, regression = 4 };

struct Error {
  ExitCode kind = ExitCode::runtime;
  std::string message;  // what was attempted and what went wrong
  std::string hint;     // what the user can do about it; may be empty
};

template <class T>
using Result = std::expected<T, Error>;

[[nodiscard]] Error usage_error(std::string message, std::string hint = {});
[[nodiscard]] Error environment_error(std::string message, std::string hint = {});
[[nodiscard]] Error runtime_error(std::string message, std::string hint = {});

// "Invalid argument [EINVAL]" for an errno value; never fails (unknown values print their number).
[[nodiscard]] std::string errno_text(int err);

// "message\n  hint: ..." as printed to stderr after the program name.
[[nodiscard]] std::string format_error(const Error& error);

}  // namespace pipetop
