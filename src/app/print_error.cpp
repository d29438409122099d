#include "pipetop/app/print_error.hpp"

#include <cstdio>

namespace pipetop {

int print_error(const Error& error) {
  std::fprintf(stderr, "pipetop: %s\n", format_error(error).c_str());
  return static_cast<int>(error.kind);
}

}  // namespace pipetop
