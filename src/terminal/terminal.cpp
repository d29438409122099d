#include "pipetop/terminal/terminal.hpp"

// Before ncurses, since term.h defines macros (key_help, ...) that would rename the key table's
// members; kept out of include sorting, which would move it after.
// clang-format off
#include "pipetop/core/screen/key_table.hpp"
// clang-format on

#include <fcntl.h>
#include <langinfo.h>
#include <ncurses.h>
#include <term.h>
#include <unistd.h>

#include <cerrno>
#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "built_in_terminfo.hpp"
#include "ncurses_canvas.hpp"

namespace pipetop {

namespace {

// Which of stdin and stdout is not a terminal, said so; nullopt when both are.
std::optional<std::string> not_a_terminal() {
  const bool in = isatty(STDIN_FILENO) != 0;
  const bool out = isatty(STDOUT_FILENO) != 0;
  if (!out) return in ? "stdout is not a terminal" : "stdout is not a terminal, nor is stdin";
  if (!in) return "stdin is not a terminal";
  return std::nullopt;
}

// The terminal type can draw the dashboard on `fd`: it is known to terminfo and can move the cursor.
Result<void> check_terminal_type(int fd) {
  const char* term = std::getenv("TERM");
  const std::string named = term != nullptr && *term != '\0' ? std::string("TERM=") + term : "TERM (not set)";
  const std::string hint =
      "set TERM to your terminal's type (xterm-256color, screen, tmux-256color, linux), or use pipetop run for a "
      "headless run (text, CSV or JSON)";
  int status = 0;
  if (setupterm(nullptr, fd, &status) != OK) {
    return std::unexpected(environment_error(
        named + (status == -1 ? ": no terminfo database found" : " is not a terminal type this machine knows"), hint));
  }
  const char* cup = tigetstr("cup");
  const bool addressable = cup != nullptr && cup != reinterpret_cast<char*>(-1);  // -1: not a string capability
  del_curterm(cur_term);
  if (!addressable) {
    return std::unexpected(environment_error(
        named + " cannot move the cursor: the dashboard needs a terminal with cursor addressing", hint));
  }
  return {};
}

}  // namespace

Result<std::unique_ptr<Terminal>> Terminal::open(bool ascii, ThemeName theme) {
  if (const std::optional<std::string> problem = not_a_terminal()) {
    return std::unexpected(environment_error(*problem + ": the dashboard reads keys from stdin and draws on stdout",
                                             "use pipetop run for a headless run (text, CSV or JSON)"));
  }
  return start(ascii, theme, stdout, stdin, nullptr);
}

Result<std::unique_ptr<Terminal>> Terminal::open_tty(bool ascii, ThemeName theme, std::string_view headless) {
  const int fd = ::open("/dev/tty", O_RDWR | O_CLOEXEC);
  FILE* tty = fd >= 0 ? fdopen(fd, "r+") : nullptr;
  if (tty == nullptr) {
    const int err = errno;
    if (fd >= 0) close(fd);
    return std::unexpected(usage_error("no terminal for the dashboard: /dev/tty cannot be opened (" + errno_text(err) +
                                           "), and stdin or stdout carries the data",
                                       "without a terminal, measure headless: " + std::string(headless)));
  }
  Result<std::unique_ptr<Terminal>> started = start(ascii, theme, tty, tty, tty);
  if (!started) std::fclose(tty);
  return started;
}

Result<std::unique_ptr<Terminal>> Terminal::start(bool ascii, ThemeName theme, FILE* out, FILE* in, FILE* owned) {
  // Where this machine has no terminfo entry for TERM, the built-in one if there is one: it must live
  // until newterm() below has read it.
  const char* term = std::getenv("TERM");
  Result<void> type = check_terminal_type(fileno(out));
  const std::optional<BuiltInTerminfo> built_in =
      !type && term != nullptr ? BuiltInTerminfo::install(term) : std::nullopt;
  if (built_in) type = check_terminal_type(fileno(out));
  if (!type) return std::unexpected(type.error());
  // The character type only: with LC_ALL a locale such as de_DE would turn every "%.2f" in the
  // exports written from the dashboard into "1,50".
  std::setlocale(LC_CTYPE, "");
  const bool utf8 = std::strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
  if (newterm(nullptr, out, in) == nullptr) {
    return std::unexpected(environment_error("cannot start the terminal: newterm() failed",
                                             "use pipetop run for a headless run (text, CSV or JSON)"));
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
  // The loop polls the input before each frame; ncurses' own look for typeahead during an update
  // is a poll() per line it writes.
  typeahead(-1);
  curs_set(0);
  set_escdelay(25);
  mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED, nullptr);
  mouseinterval(0);
  canvas->apply_theme(theme);
  // Until a first endwin(), ncurses (6.4) flushes its output at every cursor move: 28 write()s a
  // frame where one does, each waking the terminal (tmux, ssh). A refresh after endwin() marks the
  // screen running, and a frame goes out in one write.
  endwin();
  refresh();
  return std::unique_ptr<Terminal>(new Terminal(std::move(canvas), fileno(in), owned));
}

Terminal::Terminal(std::unique_ptr<NcursesCanvas> canvas, int input_fd, FILE* owned)
    : canvas_(std::move(canvas)), input_fd_(input_fd), owned_(owned) {}

Terminal::~Terminal() {
  restore();
}

void Terminal::restore() noexcept {
  if (!open_) return;
  open_ = false;
  curs_set(1);
  endwin();
  if (owned_ != nullptr) std::fclose(owned_);
  owned_ = nullptr;
}

int Terminal::input_fd() const {
  return input_fd_;
}

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

void Terminal::set_theme(ThemeName theme) {
  canvas_->apply_theme(theme);
}

ThemeName Terminal::theme() const {
  return canvas_->theme();
}

Canvas& Terminal::begin_frame() {
  erase();
  return *canvas_;
}

void Terminal::present() {
  refresh();
}

}  // namespace pipetop
