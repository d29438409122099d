#pragma once
// How every command says it failed: "pipetop: <what>" and a hint on stderr, and the exit code of its
// kind (1 runtime, 2 usage, 3 environment).

#include "pipetop/core/base/error.hpp"

namespace pipetop {

[[nodiscard]] int print_error(const Error& error);

}  // namespace pipetop
