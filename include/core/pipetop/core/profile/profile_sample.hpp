#pragma once
// One profile sample, symbolised: the call stack where a worker was when the sampling clock fired,
// leaf first, each frame named and marked as the kernel's or the process's own.

#include <compare>
#include <vector>

#include "pipetop/core/profile/frame_name.hpp"

namespace pipetop {

struct ProfileFrame {
  FrameName name;       // "anon_pipe_write", "pipetop::run_writer(...)", "[unknown]"
  bool kernel = false;  // a kernel function, else user space (the process, libc, ...)

  auto operator<=>(const ProfileFrame&) const = default;
};

struct ProfileSample {
  std::vector<ProfileFrame> frames;  // leaf first; never empty for a decoded sample
};

}  // namespace pipetop
