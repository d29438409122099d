// The dashboard with --pairs 2 under tmux, unpinned (two pairs do not fit pinned on a 2-CPU machine,
// and unpinned they run on any): the header says how many, the strip gives each pair's CPUs and
// GiB/s, a key restarts every pair, and q leaves no worker behind. (The pinning key's refusal is
// tested on LivePairs: its message lasts 6 s, and four busy workers on two CPUs make a poll for it
// too slow to rely on.)

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "tmux/dashboard_screen.hpp"
#include "tmux/tmux_gtest.hpp"
#include "tmux/tmux_session.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;
using tmux_testing::expect_terminal_restored;
using tmux_testing::has_figure;
using tmux_testing::is_running;
using tmux_testing::screen_lines;
using tmux_testing::SessionOptions;
using tmux_testing::shown;
using tmux_testing::TmuxSession;
using tmux_testing::wait_row;
using tmux_testing::Waited;

constexpr int kWidth = 80;
constexpr int kHeight = 24;

// Whether the strip shows both pairs with a rate each ("#1  any→any     2.95").
bool both_pairs_have_a_rate(const std::string& screen) {
  for (const std::string& line : screen_lines(screen)) {
    const std::size_t one = line.find("#1  any→any");
    const std::size_t two = line.find("#2  any→any");
    if (one == std::string::npos || two == std::string::npos) continue;
    const auto rate_after = [&](std::size_t at) {
      const std::string cell = line.substr(at + 12, 10);
      return cell.find('.') != std::string::npos;
    };
    return rate_after(one) && rate_after(two);
  }
  return false;
}

TEST(DashboardPairs, ShowsEachPairUnderTheSumRestartsThemAllAndQuitsLeavingNothing) {
  SKIP_WITHOUT_TMUX();
  if (std::thread::hardware_concurrency() < 2) GTEST_SKIP() << "one CPU: the pairs would only take turns";
  SessionOptions options;
  options.width = kWidth;
  options.height = kHeight;
  // Four busy workers on every CPU of a 2-CPU machine starve tmux and this test's own polling for
  // seconds at a time (the test took minutes): the pairs share CPU 1 and leave CPU 0 to them.
  options.binary = "/usr/bin/taskset";
  options.args = {"-c", "1", PIPETOP_BINARY, "--pairs", "2", "--writer-cpu", "-1", "--reader-cpu", "-1"};
  options.after = tmux_testing::kPrintTty;
  TmuxSession s(std::move(options));
  ASSERT_EQ(s.start_error(), "");
  ASSERT_TRUE(shown(s.wait_for("the dashboard with a GiB/s figure", has_figure))) << s.command();
  EXPECT_TRUE(shown(wait_row(s, 0, "2 pairs unpinned")));
  EXPECT_TRUE(shown(s.wait_for_text("2 pairs · the chart is their sum")));
  EXPECT_TRUE(shown(s.wait_for("each pair's rate in the strip", both_pairs_have_a_rate)));
  const std::vector<pid_t> first = s.wait_for_workers(4);
  ASSERT_EQ(first.size(), 4U) << "two writers and two readers";

  ASSERT_TRUE(s.send_key("v"));  // every pair restarts with vmsplice
  EXPECT_TRUE(shown(wait_row(s, 0, "vmsplice")));
  const Waited restarted = s.wait_for("four new workers", [&](const std::string&) {
    const std::vector<pid_t> now = s.wait_for_workers(4, 0ms);
    if (now.size() != 4) return false;
    for (const pid_t pid : now) {
      if (std::find(first.begin(), first.end(), pid) != first.end()) return false;
    }
    return true;
  });
  EXPECT_TRUE(shown(restarted));
  EXPECT_TRUE(shown(s.wait_for("each pair's rate after the change", both_pairs_have_a_rate)));

  ASSERT_TRUE(s.send_key("q"));
  const std::optional<int> status = s.wait_for_exit();
  ASSERT_TRUE(status.has_value()) << s.capture();
  EXPECT_EQ(*status, 0);
  for (const pid_t worker : s.seen_workers()) EXPECT_FALSE(is_running(worker)) << "worker " << worker;
  expect_terminal_restored(s);
}

}  // namespace
}  // namespace pipetop
