#pragma once
// The terminal session: curses started and, on every way out, restored. The only place (with the
// ncurses canvas) that includes ncurses.

#include <memory>
#include <optional>

#include "pipetop/core/error.hpp"
#include "pipetop/ui/canvas.hpp"

namespace pipetop {

class NcursesCanvas;

struct InputEvent {
  int key = 0;           // a character, or one of the special keys below
  int mouse_x = -1;      // for kMouseClick
  int mouse_y = -1;
};

inline constexpr int kKeyResize = -2;
inline constexpr int kMouseClick = -3;
inline constexpr int kKeyEscape = 27;

class Terminal {
 public:
  // Starts curses on the controlling terminal: the locale from the environment, cbreak (Ctrl-C still
  // raises SIGINT), no echo, keypad, hidden cursor, colours unless NO_COLOR is set or the terminal has
  // none, mouse clicks. Braille and box drawing only with a UTF-8 locale and without `ascii`. On
  // failure (stdout is not a terminal, TERM unknown) returns an environment error saying so.
  [[nodiscard]] static Result<std::unique_ptr<Terminal>> open(bool ascii);

  Terminal(const Terminal&) = delete;
  Terminal& operator=(const Terminal&) = delete;
  ~Terminal();  // restore()

  // Ends curses and gives the terminal back as it was; safe to call twice.
  void restore() noexcept;

  // The fd to poll for input.
  [[nodiscard]] int input_fd() const;
  // The next pending input, without waiting.
  [[nodiscard]] std::optional<InputEvent> read_input();

  // Erases the screen buffer and returns the canvas to draw the next frame on; present() shows it.
  [[nodiscard]] Canvas& begin_frame();
  void present();

 private:
  explicit Terminal(std::unique_ptr<NcursesCanvas> canvas);
  std::unique_ptr<NcursesCanvas> canvas_;
  bool open_ = true;
};

}  // namespace pipetop
