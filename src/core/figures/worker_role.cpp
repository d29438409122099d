#include "pipetop/core/figures/worker_role.hpp"

namespace pipetop {

std::string_view to_string(WorkerRole role) {
  return role == WorkerRole::writer ? "writer" : "reader";
}

}  // namespace pipetop
