#include "pipetop/ui/terminal.hpp"

#include <langinfo.h>
#include <ncurses.h>
#include <unistd.h>

#include <clocale>
#include <cstdlib>
#include <cstring>

#include "ncurses_canvas.hpp"
#include "pipetop/core/key_table.hpp"

namespace pipetop {

Result<std::unique_ptr<Terminal>> Terminal::open(bool ascii, ThemeName theme) {
  if (isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0) {
    return std::unexpected(environment_error("stdout is not a terminal: the dashboard needs one",
                                             "use pipetop run for a headless run (text, CSV or JSON)"));
  }
  // The character type only: with LC_ALL a locale such as de_DE would turn every "%.2f" in the
  // exports written from the dashboard into "1,50".
  std::setlocale(LC_CTYPE, "");
  const bool utf8 = std::strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
  if (newterm(nullptr, stdout, stdin) == nullptr) {
    const char* term = std::getenv("TERM");
    return std::unexpected(environment_error(std::string("cannot start the terminal (TERM=") +
                                                 (term != nullptr ? term : "unset") + ")",
                                             "set TERM to your terminal's type, or use pipetop run"));
  }
  const bool color = has_colors() && !no_color_requested(std::getenv("NO_COLOR"));
  if (color) {
    start_color();
    use_default_colors();
  }
  auto canvas = std::make_unique<NcursesCanvas>(utf8 && !ascii, color ? color_depth(COLORS) : ColorDepth::none, theme);
  cbreak();
  noecho();
  keypad(stdscr, TRUE);
  nodelay(stdscr, TRUE);
  curs_set(0);
  set_escdelay(25);
  mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED, nullptr);
  mouseinterval(0);
  canvas->apply_theme(theme);
  return std::unique_ptr<Terminal>(new Terminal(std::move(canvas)));
}

Terminal::Terminal(std::unique_ptr<NcursesCanvas> canvas) : canvas_(std::move(canvas)) {}

Terminal::~Terminal() { restore(); }

void Terminal::restore() noexcept {
  if (!open_) return;
  open_ = false;
  curs_set(1);
  endwin();
}

int Terminal::input_fd() const { return STDIN_FILENO; }

std::optional<InputEvent> Terminal::read_input() {
  const int key = getch();
  if (key == ERR) return std::nullopt;
  if (key == KEY_RESIZE) return InputEvent{kKeyResize};
  if (key == KEY_LEFT) return InputEvent{kKeyLeft};
  if (key == KEY_RIGHT) return InputEvent{kKeyRight};
  if (key == KEY_MOUSE) {
    MEVENT event{};
    if (getmouse(&event) != OK) return std::nullopt;
    return InputEvent{kMouseClick, event.x, event.y};
  }
  return InputEvent{key};
}

void Terminal::set_theme(ThemeName theme) { canvas_->apply_theme(theme); }

ThemeName Terminal::theme() const { return canvas_->theme(); }

Canvas& Terminal::begin_frame() {
  erase();
  return *canvas_;
}

void Terminal::present() { refresh(); }

}  // namespace pipetop
