#pragma once
// The terminal session: curses started and, on every way out, restored. The only place (with the
// ncurses canvas) that includes ncurses.

#include <cstdio>
#include <memory>
#include <optional>
#include <string_view>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/screen/theme_name.hpp"
#include "pipetop/ui/canvas.hpp"

namespace pipetop {

class NcursesCanvas;

struct InputEvent {
  int key = 0;       // a character, or one of the special keys below
  int mouse_x = -1;  // for kMouseClick
  int mouse_y = -1;
};

inline constexpr int kKeyResize = -2;
inline constexpr int kMouseClick = -3;
// The arrow keys come as key_table.hpp's kKeyLeft and kKeyRight.

class Terminal {
 public:
  // Starts curses on the controlling terminal: the locale's character type from the environment
  // (numbers keep the C locale's decimal point), cbreak (Ctrl-C still raises SIGINT), no echo,
  // keypad, hidden cursor, mouse clicks, and colours in `theme` — unless NO_COLOR is set and not
  // empty or the terminal has none, when only bold, dim and reverse are used (and no theme paints a
  // background). Braille and box drawing only with a UTF-8 locale and without `ascii`. On failure
  // (stdin or stdout not a terminal, TERM unset, unknown or without cursor addressing, like
  // TERM=dumb) returns an environment error naming the stream or the TERM, pointing to pipetop run.
  // A TERM this machine's terminfo does not know is still drawn when pipetop has it built in
  // (xterm-256color, linux: a machine with no terminfo database at all).
  [[nodiscard]] static Result<std::unique_ptr<Terminal>> open(bool ascii, ThemeName theme = ThemeName::dark);
  // The same on /dev/tty, the controlling terminal, whatever stdin and stdout are (they carry the
  // data: `cmd | pipetop`), as pv's display does. Without one (setsid, CI) a usage error naming
  // `headless`, the command that measures without a screen; the TERM checks as open().
  [[nodiscard]] static Result<std::unique_ptr<Terminal>> open_tty(bool ascii, ThemeName theme,
                                                                  std::string_view headless);

  Terminal(const Terminal&) = delete;
  Terminal& operator=(const Terminal&) = delete;
  ~Terminal();  // restore()

  // Ends curses and gives the terminal back as it was; safe to call twice.
  void restore() noexcept;

  // The fd to poll for input.
  [[nodiscard]] int input_fd() const;
  // The next pending input, without waiting.
  [[nodiscard]] std::optional<InputEvent> read_input();

  // Draws from now on in `theme` (the whole screen repaints at the next present()).
  void set_theme(ThemeName theme);
  [[nodiscard]] ThemeName theme() const;

  // Erases the screen buffer and returns the canvas to draw the next frame on; present() shows it.
  [[nodiscard]] Canvas& begin_frame();
  void present();

 private:
  // Curses on `out` and `in`; `owned` (may be null) is closed when the terminal is restored.
  [[nodiscard]] static Result<std::unique_ptr<Terminal>> start(bool ascii, ThemeName theme, FILE* out, FILE* in,
                                                               FILE* owned);
  Terminal(std::unique_ptr<NcursesCanvas> canvas, int input_fd, FILE* owned);
  std::unique_ptr<NcursesCanvas> canvas_;
  int input_fd_;
  FILE* owned_;  // /dev/tty, when drawn there
  bool open_ = true;
};

}  // namespace pipetop
