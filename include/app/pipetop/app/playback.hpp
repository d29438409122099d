#pragma once
// A recording's controls, as the dashboard uses them in a replay: pause, and play from the start of a
// segment. Behind an interface so the dashboard's controller is tested without a file.

#include <cstddef>
#include <cstdint>
#include <string>

namespace pipetop {

class Playback {
 public:
  virtual ~Playback() = default;

  virtual void set_paused(bool paused, std::int64_t now_ns) = 0;
  // Plays from the start of segment `index` (0: the very start; past the last: the last): every event
  // before it comes at once with the next poll, from the recording's first, so the caller starts a
  // fresh History first.
  virtual void seek(std::size_t index, std::int64_t now_ns) = 0;
  [[nodiscard]] virtual std::size_t segments() const = 0;
  // Where the replay is, for the status line: "replay 12.3 / 90.0 s", with the speed when not 1.
  [[nodiscard]] virtual std::string position(std::int64_t now_ns) const = 0;
};

}  // namespace pipetop
