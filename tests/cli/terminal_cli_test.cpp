// The dashboard on terminals it cannot use: it says what is needed, names the stream or the TERM
// that is the problem, points to `pipetop run`, and exits 3 without starting a pair.

#include <gtest/gtest.h>

#include "run_on_terminal.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;

testing::OnTerminal dashboard_on(const testing::TerminalOptions& options) {
  return testing::run_on_terminal({}, options, 10s);
}

#define SKIP_WITHOUT_PTY(ran)                              \
  do {                                                     \
    if (!(ran).error.empty()) GTEST_SKIP() << (ran).error; \
  } while (false)

TEST(TerminalCli, DumbTerminalIsRefusedWithWhatIsNeeded) {
  const testing::OnTerminal ran = dashboard_on({.env = {{"TERM", "dumb"}}});
  SKIP_WITHOUT_PTY(ran);
  ASSERT_FALSE(ran.timed_out) << "the dashboard started on TERM=dumb:\n" << ran.screen;
  EXPECT_EQ(ran.exit_code, 3) << ran.screen;
  EXPECT_NE(ran.screen.find("TERM=dumb cannot move the cursor"), std::string::npos) << ran.screen;
  EXPECT_NE(ran.screen.find("cursor addressing"), std::string::npos) << ran.screen;
  EXPECT_NE(ran.screen.find("pipetop run"), std::string::npos) << ran.screen;
}

TEST(TerminalCli, UnknownTermIsNamedWithAWayForward) {
  const testing::OnTerminal ran = dashboard_on({.env = {{"TERM", "no-such-terminal"}}});
  SKIP_WITHOUT_PTY(ran);
  ASSERT_FALSE(ran.timed_out) << ran.screen;
  EXPECT_EQ(ran.exit_code, 3) << ran.screen;
  EXPECT_NE(ran.screen.find("TERM=no-such-terminal is not a terminal type this machine knows"), std::string::npos)
      << ran.screen;
  EXPECT_NE(ran.screen.find("xterm-256color"), std::string::npos) << ran.screen;
  EXPECT_NE(ran.screen.find("pipetop run"), std::string::npos) << ran.screen;
}

TEST(TerminalCli, ClosedStdinIsNamedNotStdout) {
  const testing::OnTerminal ran = dashboard_on({.env = {{"TERM", "xterm"}}, .close_stdin = true});
  SKIP_WITHOUT_PTY(ran);
  ASSERT_FALSE(ran.timed_out) << ran.screen;
  EXPECT_EQ(ran.exit_code, 3) << ran.screen;
  EXPECT_NE(ran.screen.find("stdin is not a terminal"), std::string::npos) << ran.screen;
  EXPECT_EQ(ran.screen.find("stdout is not a terminal"), std::string::npos) << ran.screen;
  EXPECT_NE(ran.screen.find("pipetop run"), std::string::npos) << ran.screen;
}

}  // namespace
}  // namespace pipetop
