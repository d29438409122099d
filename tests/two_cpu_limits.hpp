#pragma once
// The limits validate() sees on a machine of two online CPUs (0 and 1), for the tests of the rules that
// do not depend on more.

#include "pipetop/core/config/validate.hpp"

namespace pipetop::testing {

inline MachineLimits two_cpu_limits() {
  MachineLimits l;
  l.online_cpus = {0, 1};
  return l;
}

}  // namespace pipetop::testing
