// The dashboard's A/B in a real terminal: a races the configuration against the previous one, the
// chart's top row names the side of each column, the readout shows the ratio and its interval, and a
// again ends it.

#include <gtest/gtest.h>

#include <string>

#include "tmux/dashboard_screen.hpp"
#include "tmux/tmux_gtest.hpp"
#include "tmux/tmux_session.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;
using tmux_testing::has_figure;
using tmux_testing::screen_row;
using tmux_testing::SessionOptions;
using tmux_testing::shown;
using tmux_testing::TmuxSession;
using tmux_testing::wait_row;

TEST(DashboardAb, AAlternatesTheSidesShowsTheRatioAndAEndsIt) {
  SKIP_WITHOUT_TMUX();
  SessionOptions options;
  options.width = 120;
  options.height = 40;
  TmuxSession s(std::move(options));
  ASSERT_EQ(s.start_error(), "");
  ASSERT_TRUE(shown(s.wait_for("the dashboard with a GiB/s figure", has_figure)));
  // Two blocking configurations: a busy side would own a CPU of the two, and every round would be
  // dropped as disturbed by tmux and this test.
  ASSERT_TRUE(s.send_key("v"));
  ASSERT_TRUE(shown(wait_row(s, s.height() - 2, "now: ")));
  ASSERT_TRUE(shown(s.wait_for("a figure for vmsplice", has_figure)));
  ASSERT_TRUE(s.send_key("a"));
  ASSERT_TRUE(shown(wait_row(s, s.height() - 2, "A/B: A ")));
  // Both sides ran: the chart's top row (under the two header rows) holds their letters side by side,
  // and the readout the ratio of the rounds kept. Looked at once a second: a look every 50 ms costs the
  // workers' CPUs enough waiting on a 2-CPU VM that every round is dropped as disturbed.
  ASSERT_TRUE(shown(s.wait_for(
      "both sides' letters along the chart's top and a ratio",
      [](const std::string& screen) {
        const std::string top = screen_row(screen, 2);
        return (top.find("AB") != std::string::npos || top.find("BA") != std::string::npos) &&
               screen.find("A/B      ×") != std::string::npos && screen.find("95% CI") != std::string::npos;
      },
      30s, 1s)));
  ASSERT_TRUE(s.send_key("a"));
  ASSERT_TRUE(shown(wait_row(s, s.height() - 2, "A/B ended by a")));
  EXPECT_TRUE(shown(s.wait_for_text("rounds   "))) << "the figures stay on show";
}

}  // namespace
}  // namespace pipetop
