// `pipetop tour --no-ui` through the binary: each step after the first races the step before in
// paired rounds, its caption and the summary quote the race, and a signal during a race ends it after
// its round, with the summary and no worker left behind.

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <optional>

#include "processes.hpp"
#include "run_binary.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(TourNoUi, EveryStepAfterTheFirstRacesTheOneBeforeInPairedRounds) {
  const testing::Ran ran = testing::run_binary({"tour", "--no-ui", "--step", "2s"}, 60s);
  ASSERT_FALSE(ran.timed_out) << ran.out << ran.err;
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
  for (const char* step : {"Step 1/6 · write/read", "Step 2/6 · +vmsplice", "Step 3/6 · +splice",
                           "Step 4/6 · +huge pages", "Step 5/6 · +busy loop", "Step 6/6 · buffer 1 MiB"}) {
    EXPECT_TRUE(has(ran.out, step)) << step << "\n" << ran.out;
  }
  // The first step has no step before it: its caption gives its own figure.
  const std::string first = ran.out.substr(0, ran.out.find("Step 2/6"));
  EXPECT_FALSE(has(first, "paired round")) << first;
  EXPECT_TRUE(has(first, " GiB/s here")) << first;
  // Each later one quotes its race: a second of it holds a round or two, too few for an interval. On
  // a machine busy with other tests its rounds can all be dropped, and the caption says so instead.
  std::size_t raced = 0;
  std::size_t dropped = 0;
  for (std::size_t at = ran.out.find("Step 2/6"); at != std::string::npos;) {
    const std::size_t next = ran.out.find("\nStep ", at + 1);
    std::string caption = ran.out.substr(at, next == std::string::npos ? std::string::npos : next - at);
    for (std::size_t wrap = caption.find("\n  "); wrap != std::string::npos; wrap = caption.find("\n  ", wrap)) {
      caption.replace(wrap, 3, " ");  // the caption's lines joined: a phrase may wrap
    }
    if (has(caption, "paired round")) ++raced;
    if (has(caption, "Its race against the last step kept no round")) ++dropped;
    EXPECT_FALSE(has(caption, "so far")) << "the race is over when its caption is printed: " << caption;
    at = next;
  }
  EXPECT_EQ(raced + dropped, 5u) << ran.out;
  EXPECT_TRUE(has(ran.out, raced > 0 ? "A raced step's speed-up is the median of its rounds against the step before"
                                     : "A race that kept no round (each dropped"))
      << ran.out;
}

TEST(TourNoUi, ASignalDuringARaceEndsItAfterItsRound) {
  // --step 8s: step 2 holds steady for 3 s, then races for 5; the signal lands 4 s into the step.
  std::optional<Clock::time_point> step_one_printed;
  std::optional<Clock::time_point> sent;
  std::vector<pid_t> workers;
  const testing::Ran ran =
      testing::run_binary({"tour", "--no-ui", "--step", "8s"}, 60s, [&](pid_t pid, const std::string& out) {
        if (sent) return;
        if (!step_one_printed && has(out, "Step 1/6")) step_one_printed = Clock::now();
        if (!step_one_printed || Clock::now() - *step_one_printed < 4s) return;
        workers = testing::children_of(pid);
        kill(pid, SIGINT);
        sent = Clock::now();
      });
  ASSERT_TRUE(sent) << ran.out << ran.err;
  ASSERT_FALSE(ran.timed_out) << ran.out << ran.err;
  EXPECT_LT(Clock::now() - *sent, 3s) << "the race stops after its round, not at the step's end";
  EXPECT_EQ(ran.exit_code, 128 + SIGINT) << ran.err;
  EXPECT_TRUE(has(ran.out, "Step 2/6 · +vmsplice")) << ran.out;
  EXPECT_FALSE(has(ran.out, "Step 3/6")) << ran.out;
  EXPECT_TRUE(has(ran.out, "The ladder on this machine")) << ran.out;
  EXPECT_EQ(workers.size(), 2u) << "a slice's writer and reader were running";
  for (const pid_t worker : workers) EXPECT_FALSE(testing::is_running(worker)) << worker;
}

}  // namespace
}  // namespace pipetop
