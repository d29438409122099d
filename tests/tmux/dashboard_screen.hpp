#pragma once
// What the tmux tests of the dashboard read off its screen: a figure shown, a row's text, and the
// terminal given back as it was after pipetop has gone.

#include <gtest/gtest.h>

#include <chrono>
#include <regex>
#include <string>

#include "tmux/tmux_gtest.hpp"
#include "tmux/tmux_session.hpp"

namespace pipetop::tmux_testing {

// A figure is on screen: "GiB/s now" over the big digits, and the mean under them as plain digits.
inline bool has_figure(const std::string& screen) {
  static const std::regex mean(R"(mean +[0-9]+\.[0-9]+)");
  return screen.find("GiB/s now") != std::string::npos && std::regex_search(screen, mean);
}

// Waits until `row` of the screen contains `text`.
inline Waited wait_row(const TmuxSession& s, int row, const std::string& text,
                       std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
  return s.wait_for(
      "\"" + text + "\" in row " + std::to_string(row),
      [&](const std::string& screen) {
        return screen_row(screen, static_cast<std::size_t>(row)).find(text) != std::string::npos;
      },
      timeout);
}

// After pipetop, the pane's shell prints the terminal's line discipline ("TTY: icanon echo" when
// restored, "-icanon -echo" when left raw).
inline constexpr const char* kPrintTty =
    R"sh(echo "TTY: $(stty -a | grep -ow -e '-\?icanon' -e '-\?echo' | tr '\n' ' ')"; sleep 30)sh";

// The terminal is restored (the pane ran kPrintTty after pipetop): the dashboard is gone from the
// screen, only the shell's line is left; the main screen, a visible cursor, no mouse reporting, no
// keypad mode, a cooked line discipline.
inline void expect_terminal_restored(const TmuxSession& s) {
  const std::string screen = s.capture();
  EXPECT_EQ(screen.find("GiB/s now"), std::string::npos) << screen;
  EXPECT_EQ(s.format("#{alternate_on}"), "0") << "still on the alternate screen";
  EXPECT_EQ(s.format("#{cursor_flag}"), "1") << "the cursor is still hidden";
  EXPECT_EQ(s.format("#{mouse_any_flag}#{mouse_standard_flag}#{mouse_button_flag}"), "000") << "mouse reporting";
  EXPECT_EQ(s.format("#{keypad_cursor_flag}"), "0") << "keypad mode";
  EXPECT_TRUE(shown(s.wait_for_text("TTY: icanon echo"))) << "the line discipline is still raw";
}

}  // namespace pipetop::tmux_testing
