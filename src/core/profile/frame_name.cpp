#include "pipetop/core/profile/frame_name.hpp"

#include <mutex>
#include <unordered_set>

namespace pipetop {
namespace {

struct TextHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
};

}  // namespace

FrameName::FrameName(std::string_view name) {
  // Node-based: a stored name never moves. Tests may name frames from several threads.
  static std::unordered_set<std::string, TextHash, std::equal_to<>> store;
  static std::mutex guard;
  const std::lock_guard lock(guard);
  auto found = store.find(name);
  if (found == store.end()) found = store.emplace(name).first;
  name_ = &*found;
}

}  // namespace pipetop
