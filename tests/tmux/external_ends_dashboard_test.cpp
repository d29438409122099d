// The dashboard measuring the user's program under tmux: `producer | pipetop` and `pipetop -- cmd`,
// keys from /dev/tty, the producer named in the header, its side's keys refused, a reader key
// restarting pipetop's worker while the producer keeps running, and q leaving nothing behind.

#include <gtest/gtest.h>
#include <signal.h>

#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "tmux/dashboard_screen.hpp"
#include "tmux/tmux_gtest.hpp"
#include "tmux/tmux_session.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;
using tmux_testing::children_of;
using tmux_testing::expect_terminal_restored;
using tmux_testing::has_figure;
using tmux_testing::is_running;
using tmux_testing::kPrintTty;
using tmux_testing::read_stat;
using tmux_testing::screen_row;
using tmux_testing::SessionOptions;
using tmux_testing::shown;
using tmux_testing::TmuxSession;
using tmux_testing::wait_row;
using tmux_testing::Waited;

constexpr int kWidth = 120;
constexpr int kHeight = 40;

// The dashboard at 120x40 with `feed` piped into it, `args` after the binary, its stdout piped into
// `consumer`; waits for a figure.
std::unique_ptr<TmuxSession> start(std::string feed, std::vector<std::string> args = {}, std::string consumer = "") {
  SessionOptions options;
  options.width = kWidth;
  options.height = kHeight;
  options.args = std::move(args);
  options.feed = std::move(feed);
  options.consumer = std::move(consumer);
  options.after = kPrintTty;
  auto session = std::make_unique<TmuxSession>(std::move(options));
  EXPECT_EQ(session->start_error(), "");
  EXPECT_TRUE(shown(session->wait_for("the dashboard with a GiB/s figure", has_figure))) << session->command();
  return session;
}

// The child of `parent` whose name is `comm`, if one runs.
std::optional<pid_t> child_named(pid_t parent, const std::string& comm) {
  for (const pid_t child : children_of(parent)) {
    const std::optional<tmux_testing::ProcStat> stat = read_stat(child);
    if (stat && stat->comm == comm && stat->state != 'Z') return child;
  }
  return std::nullopt;
}

TEST(DashboardStdin, NamesTheProducerRefusesWriterKeysTogglesAReaderKeyAndQuitsLeavingNothing) {
  SKIP_WITHOUT_TMUX();
  const auto s = start("yes");
  const std::optional<pid_t> pid = s->pipetop_pid();
  ASSERT_TRUE(pid.has_value());
  const std::optional<pid_t> shell = s->pane_pid();
  ASSERT_TRUE(shell.has_value());
  const std::optional<pid_t> yes = child_named(*shell, "yes");
  ASSERT_TRUE(yes.has_value());
  // The header names the producer by its pid and command line, as the summary does.
  EXPECT_TRUE(shown(wait_row(*s, 1, "producer (stdin): pid " + std::to_string(*yes) + ": yes")));
  EXPECT_NE(screen_row(s->capture(), 0).find("from stdin"), std::string::npos) << "the writer is the producer";
  const std::vector<pid_t> reader = s->wait_for_workers(1);
  ASSERT_EQ(reader.size(), 1U) << "pipetop's reader only: the producer writes";

  ASSERT_TRUE(s->send_key("v"));
  EXPECT_TRUE(shown(wait_row(*s, kHeight - 2, "v sets the writer, but the producer (stdin) writes here")));
  EXPECT_EQ(s->wait_for_workers(1), reader) << "a refused key restarts nothing";

  ASSERT_TRUE(s->send_key("b"));
  EXPECT_TRUE(shown(wait_row(*s, 0, "busy")));
  const Waited restarted = s->wait_for("pipetop's reader restarted", [&](const std::string&) {
    const std::vector<pid_t> now = s->wait_for_workers(1, 0ms);
    return now.size() == 1 && now != reader;
  });
  EXPECT_TRUE(shown(restarted));
  EXPECT_TRUE(is_running(*yes)) << "the producer keeps running across the restart";
  EXPECT_TRUE(shown(s->wait_for("a figure from the new reader", has_figure)));

  ASSERT_TRUE(s->send_key("q"));
  const std::optional<int> status = s->wait_for_exit();
  ASSERT_TRUE(status.has_value()) << s->capture();
  EXPECT_EQ(*status, 0);
  EXPECT_FALSE(is_running(*pid));
  EXPECT_FALSE(is_running(*yes)) << "q ends the producer too (EPIPE)";
  for (const pid_t worker : s->seen_workers()) EXPECT_FALSE(is_running(worker)) << "worker " << worker;
  expect_terminal_restored(*s);
}

TEST(DashboardStdin, AProducerThatEndsIsSaidAndTheFiguresStayUntilQ) {
  SKIP_WITHOUT_TMUX();
  const auto s = start("for i in 1 2 3 4; do head -c 200M /dev/zero; sleep 0.5; done");
  const Waited ended = s->wait_for_text("the producer (stdin) closed its end", 20s);
  ASSERT_TRUE(shown(ended));
  EXPECT_TRUE(has_figure(ended.screen)) << ended.screen;
  ASSERT_TRUE(s->send_key("b"));
  EXPECT_TRUE(shown(wait_row(*s, kHeight - 2, "nothing more to measure")));
  ASSERT_TRUE(s->send_key("q"));
  const std::optional<int> status = s->wait_for_exit();
  ASSERT_TRUE(status.has_value()) << s->capture();
  EXPECT_EQ(*status, 0);
  expect_terminal_restored(*s);
}

// pipetop writes into the user's program: the chart and the headline come from pipetop's writer, the
// consumer's counters stand in its own column, a writer key restarts pipetop's writer, q ends it all.
TEST(DashboardStdout, ChartsPipetopsWriterShowsTheConsumersCountersAndQuitsLeavingNothing) {
  SKIP_WITHOUT_TMUX();
  const auto s = start("", {"--stdout"}, "cat >/dev/null");
  const std::optional<pid_t> pid = s->pipetop_pid();
  ASSERT_TRUE(pid.has_value());
  EXPECT_TRUE(shown(wait_row(*s, 1, "consumer (stdout): pid ")));
  EXPECT_TRUE(shown(s->wait_for_text("reader (theirs)")));
  const Waited counted = s->wait_for("the consumer's context switches counted", [](const std::string& screen) {
    static const std::regex theirs(R"(context switches/s +[0-9]+ .* [0-9]+ )");
    return std::regex_search(screen, theirs);
  });
  EXPECT_TRUE(shown(counted));
  ASSERT_TRUE(s->send_key("v"));  // a writer key: pipetop's writer restarts on vmsplice
  EXPECT_TRUE(shown(wait_row(*s, 0, "writer vmsplice")));
  EXPECT_TRUE(shown(s->wait_for("a figure from the new writer", has_figure)));
  ASSERT_TRUE(s->send_key("q"));
  const std::optional<int> status = s->wait_for_exit();
  ASSERT_TRUE(status.has_value()) << s->capture();
  EXPECT_EQ(*status, 0);
  for (const pid_t worker : s->seen_workers()) EXPECT_FALSE(is_running(worker)) << "worker " << worker;
  expect_terminal_restored(*s);
}

TEST(DashboardCommand, StartsTheCommandNamesItAndQEndsBoth) {
  SKIP_WITHOUT_TMUX();
  const auto s = start("", {"--", "yes", "pipetop"});
  const std::optional<pid_t> pid = s->pipetop_pid();
  ASSERT_TRUE(pid.has_value());
  const std::optional<pid_t> yes = child_named(*pid, "yes");
  ASSERT_TRUE(yes.has_value()) << "the command is pipetop's child";
  EXPECT_TRUE(shown(wait_row(*s, 1, "command: pid " + std::to_string(*yes) + ": yes pipetop")));
  ASSERT_TRUE(s->send_key("s"));  // splice → read: a reader key, the command keeps running
  EXPECT_TRUE(shown(wait_row(*s, 0, "reader read")));
  EXPECT_TRUE(is_running(*yes));
  ASSERT_TRUE(s->send_key("q"));
  const std::optional<int> status = s->wait_for_exit();
  ASSERT_TRUE(status.has_value()) << s->capture();
  EXPECT_EQ(*status, 0);
  EXPECT_FALSE(is_running(*yes)) << "q ends the command pipetop started";
  for (const pid_t worker : s->seen_workers()) EXPECT_FALSE(is_running(worker)) << "worker " << worker;
  expect_terminal_restored(*s);
}

}  // namespace
}  // namespace pipetop
