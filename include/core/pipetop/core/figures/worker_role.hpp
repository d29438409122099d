#pragma once
// The two ends of a pair: the writer puts bytes into the pipe, the reader takes them out.

#include <array>
#include <cstddef>
#include <string_view>

namespace pipetop {

enum class WorkerRole { writer, reader };
// Both, writer first: the order of every per-worker pair of figures.
inline constexpr std::array<WorkerRole, 2> kWorkerRoles{WorkerRole::writer, WorkerRole::reader};
[[nodiscard]] std::string_view to_string(WorkerRole role);
// 0 for the writer, 1 for the reader: where a worker's entry is in a pair of them.
[[nodiscard]] constexpr std::size_t role_index(WorkerRole role) {
  return role == WorkerRole::writer ? 0 : 1;
}
[[nodiscard]] constexpr WorkerRole other_role(WorkerRole role) {
  return role == WorkerRole::writer ? WorkerRole::reader : WorkerRole::writer;
}

}  // namespace pipetop
