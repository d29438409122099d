#pragma once
// CPU time a process used, split between user space and the kernel.

#include <cstdint>

namespace pipetop {

struct CpuTime {
  std::int64_t user_ns = 0;
  std::int64_t system_ns = 0;
};

}  // namespace pipetop
