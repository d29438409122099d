// LivePair's restart state machine in-process, over scripted sessions (no worker is forked): a change
// retires the running pair and starts the next only once it is gone (killed after the grace), a
// configuration refused at launch or while setting up gives way to the last good one (once), a
// failure while running is said once, and the user's program closing its end ends the pair for good.

#include "pipetop/app/live_pair.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "pipetop/core/config/config_change.hpp"
#include "pipetop/system/clock.hpp"
#include "system/fixture_machines.hpp"

namespace pipetop {
namespace {

using Phase = Session::Phase;

constexpr std::int64_t kSec = 1'000'000'000;

// One scripted session, shared by the fake and the test: the test moves its phase, the pair's calls
// are recorded.
struct Script {
  RunConfig config;
  Phase phase = Phase::setting_up;
  std::optional<Error> failure;
  bool stops_when_asked = true;  // ends as soon as it is retired
  bool retired = false;
  bool killed = false;
  int collects = 0;
  std::uint64_t dropped = 0;
};

class FakeSession final : public LiveSession {
 public:
  explicit FakeSession(std::shared_ptr<Script> script) : script_(std::move(script)) {}
  Phase poll() override { return script_->phase; }
  Phase phase() const override { return script_->phase; }
  const RunConfig& config() const override { return script_->config; }
  std::optional<Error> failure() const override { return script_->failure; }
  std::uint64_t dropped_samples() const override { return script_->dropped; }
  void kill_now() noexcept override {
    script_->killed = script_->phase != Phase::ended;
    script_->phase = Phase::ended;
  }
  void retire() noexcept override {
    script_->retired = true;
    if (script_->stops_when_asked) script_->phase = Phase::ended;
  }
  void collect(std::int64_t /*now_ns*/, std::vector<SessionEvent>& /*out*/) override { ++script_->collects; }
  SegmentStart segment_start(std::string label) const override {
    SegmentStart start;
    start.config = script_->config;
    start.label = std::move(label);
    return start;
  }

 private:
  std::shared_ptr<Script> script_;
};

struct Fixture {
  WorkerPlan plan = planned();
  std::vector<std::shared_ptr<Script>> sessions;  // every session launched, in order
  std::function<std::optional<Error>(const RunConfig&)> refuse_launch = [](const RunConfig&) {
    return std::optional<Error>();
  };
  std::vector<SessionEvent> events;

  static WorkerPlan planned() {
    Result<WorkerPlan> p = plan_workers(RunConfig{}, testing::read_fixture("epyc-vm-2cpu"));
    EXPECT_TRUE(p.has_value());
    return p ? *p : WorkerPlan{};
  }

  LiveSessionLauncher launcher() {
    return [this](const RunConfig& config) -> Result<std::unique_ptr<LiveSession>> {
      if (std::optional<Error> refused = refuse_launch(config)) return std::unexpected(*refused);
      auto script = std::make_shared<Script>();
      script->config = config;
      sessions.push_back(script);
      return std::make_unique<FakeSession>(script);
    };
  }

  // Polls at `now_ns` (now, by default); the events of that poll.
  std::vector<SessionEvent>& poll(LivePair& pair, std::int64_t now_ns = monotonic_ns()) {
    events.clear();
    pair.poll(now_ns, events);
    return events;
  }

  // The pair's first session, running.
  void start(LivePair& pair) {
    poll(pair);
    ASSERT_EQ(sessions.size(), 1U);
    sessions.back()->phase = Phase::running;
    poll(pair);
  }

  RunConfig busy() const {
    RunConfig next = plan.config;
    next.busy_loop = true;
    return next;
  }
};

// `producer | pipetop`: pipetop's reader on stdin.
PipeEnds reading_stdin() {
  PipeEnds ends;
  ends.kind = EndsKind::stdin_reader;
  return ends;
}

template <class Event>
std::vector<Event> all_of(const std::vector<SessionEvent>& events) {
  std::vector<Event> found;
  for (const SessionEvent& e : events) {
    if (const auto* event = std::get_if<Event>(&e)) found.push_back(*event);
  }
  return found;
}

TEST(LivePair, StartsThePlanAndAnnouncesItOnceItRuns) {
  Fixture f;
  LivePair pair(f.plan, f.launcher());
  EXPECT_EQ(pair.phase(), PairPhase::starting);
  EXPECT_TRUE(all_of<SegmentStart>(f.poll(pair)).empty());  // setting up
  ASSERT_EQ(f.sessions.size(), 1U);
  EXPECT_EQ(f.sessions[0]->config, f.plan.config);
  EXPECT_EQ(pair.phase(), PairPhase::starting);

  f.sessions[0]->phase = Phase::running;
  const std::vector<SegmentStart> starts = all_of<SegmentStart>(f.poll(pair));
  ASSERT_EQ(starts.size(), 1U);
  EXPECT_EQ(starts[0].label, describe_start(f.plan.config));
  EXPECT_EQ(pair.phase(), PairPhase::running);
  EXPECT_TRUE(all_of<SegmentStart>(f.poll(pair)).empty());  // once
  EXPECT_EQ(f.sessions.size(), 1U);
  EXPECT_GE(f.sessions[0]->collects, 2);
}

TEST(LivePair, AChangeStartsTheNextPairOnlyOnceTheRetiredOneIsGone) {
  Fixture f;
  LivePair pair(f.plan, f.launcher());
  ASSERT_NO_FATAL_FAILURE(f.start(pair));
  f.sessions[0]->stops_when_asked = false;  // its workers take a while to stop

  ASSERT_TRUE(pair.change(f.busy()).has_value());
  EXPECT_TRUE(f.sessions[0]->retired);
  EXPECT_EQ(pair.config(), f.busy());  // what the keys read is the change asked for
  const int collected = f.sessions[0]->collects;
  f.poll(pair);
  EXPECT_EQ(f.sessions.size(), 1U) << "two pairs would compete for the CPUs";
  EXPECT_EQ(f.sessions[0]->collects, collected) << "a retired pair's events are not the segment's";
  EXPECT_EQ(pair.phase(), PairPhase::starting);

  f.sessions[0]->phase = Phase::ended;
  f.poll(pair);
  ASSERT_EQ(f.sessions.size(), 2U);
  EXPECT_FALSE(f.sessions[0]->killed);
  EXPECT_EQ(f.sessions[1]->config, f.busy());
  f.sessions[1]->phase = Phase::running;
  const std::vector<SegmentStart> starts = all_of<SegmentStart>(f.poll(pair));
  ASSERT_EQ(starts.size(), 1U);
  EXPECT_EQ(starts[0].label, describe_change(f.plan.config, f.busy()));
}

TEST(LivePair, ARetiredPairThatDoesNotStopIsKilledAfterTwoSeconds) {
  Fixture f;
  LivePair pair(f.plan, f.launcher());
  ASSERT_NO_FATAL_FAILURE(f.start(pair));
  f.sessions[0]->stops_when_asked = false;
  const std::int64_t asked = monotonic_ns();
  ASSERT_TRUE(pair.change(f.busy()).has_value());
  f.poll(pair, asked + kSec);
  EXPECT_FALSE(f.sessions[0]->killed);
  EXPECT_EQ(f.sessions.size(), 1U);
  f.poll(pair, asked + 3 * kSec);
  EXPECT_TRUE(f.sessions[0]->killed);
  ASSERT_EQ(f.sessions.size(), 2U);
  EXPECT_EQ(f.sessions[1]->config, f.busy());
}

TEST(LivePair, AConfigurationRefusedAtLaunchGivesWayToTheLastGoodOne) {
  Fixture f;
  LivePair pair(f.plan, f.launcher());
  ASSERT_NO_FATAL_FAILURE(f.start(pair));
  f.refuse_launch = [](const RunConfig& c) {
    return c.busy_loop ? std::optional(environment_error("pipe: Operation not permitted [EPERM]")) : std::nullopt;
  };
  ASSERT_TRUE(pair.change(f.busy()).has_value());
  const std::vector<ChangeRefused> refused = all_of<ChangeRefused>(f.poll(pair));
  ASSERT_EQ(refused.size(), 1U);
  EXPECT_EQ(refused[0].config, f.busy());
  EXPECT_EQ(refused[0].text, "pipe: Operation not permitted [EPERM]");
  EXPECT_EQ(pair.config(), f.plan.config) << "the way back is pending";

  f.poll(pair);
  ASSERT_EQ(f.sessions.size(), 2U);
  EXPECT_EQ(f.sessions[1]->config, f.plan.config);
  f.sessions[1]->phase = Phase::running;
  EXPECT_EQ(all_of<SegmentStart>(f.poll(pair)).size(), 1U);
  EXPECT_EQ(pair.phase(), PairPhase::running);
}

TEST(LivePair, AConfigurationAWorkerRefusesWhileSettingUpGivesWayToo) {
  Fixture f;
  LivePair pair(f.plan, f.launcher());
  ASSERT_NO_FATAL_FAILURE(f.start(pair));
  ASSERT_TRUE(pair.change(f.busy()).has_value());
  f.poll(pair);
  ASSERT_EQ(f.sessions.size(), 2U);
  f.sessions[1]->failure = environment_error("mlock(2 MiB): Cannot allocate memory [ENOMEM]");
  f.sessions[1]->phase = Phase::ended;  // it never ran
  const std::vector<ChangeRefused> refused = all_of<ChangeRefused>(f.poll(pair));
  ASSERT_EQ(refused.size(), 1U);
  EXPECT_EQ(refused[0].text, "mlock(2 MiB): Cannot allocate memory [ENOMEM]");
  EXPECT_TRUE(all_of<PairProblem>(f.events).empty()) << "a refusal, not a problem of a running pair";
  f.poll(pair);
  ASSERT_EQ(f.sessions.size(), 3U);
  EXPECT_EQ(f.sessions[2]->config, f.plan.config);
}

TEST(LivePair, TheWayBackIsTriedOnceAndThePairStops) {
  Fixture f;
  LivePair pair(f.plan, f.launcher());
  ASSERT_NO_FATAL_FAILURE(f.start(pair));
  f.refuse_launch = [](const RunConfig&) { return std::optional(environment_error("fork(): Resource unavailable")); };
  ASSERT_TRUE(pair.change(f.busy()).has_value());
  EXPECT_EQ(all_of<ChangeRefused>(f.poll(pair)).size(), 1U);  // the change
  EXPECT_EQ(all_of<ChangeRefused>(f.poll(pair)).size(), 1U);  // the way back
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(f.poll(pair).empty());
  EXPECT_EQ(f.sessions.size(), 1U);
  EXPECT_EQ(pair.phase(), PairPhase::stopped);
  f.refuse_launch = [](const RunConfig&) { return std::optional<Error>(); };
  ASSERT_TRUE(pair.change(f.plan.config).has_value()) << "a key may start it again";
  f.poll(pair);
  EXPECT_EQ(f.sessions.size(), 2U);
}

TEST(LivePair, AnInvalidChangeIsRefusedAndTheRunningPairGoesOn) {
  Fixture f;
  LivePair pair(f.plan, f.launcher());
  ASSERT_NO_FATAL_FAILURE(f.start(pair));
  RunConfig bad = f.plan.config;
  bad.writer_cpu = 64;  // the fixture has two CPUs
  EXPECT_FALSE(pair.change(bad).has_value());
  EXPECT_FALSE(f.sessions[0]->retired);
  EXPECT_EQ(pair.config(), f.plan.config);
  EXPECT_EQ(pair.phase(), PairPhase::running);
}

TEST(LivePair, AFailureWhileRunningIsSaidOnce) {
  Fixture f;
  LivePair pair(f.plan, f.launcher());
  ASSERT_NO_FATAL_FAILURE(f.start(pair));
  f.sessions[0]->failure = runtime_error("reader was killed by signal 9");
  const std::vector<PairProblem> said = all_of<PairProblem>(f.poll(pair));
  ASSERT_EQ(said.size(), 1U);
  EXPECT_EQ(said[0].text, "reader was killed by signal 9");
  EXPECT_TRUE(all_of<PairProblem>(f.poll(pair)).empty());
  f.sessions[0]->phase = Phase::ended;
  EXPECT_TRUE(all_of<PairProblem>(f.poll(pair)).empty());
  EXPECT_EQ(pair.phase(), PairPhase::stopped);
}

TEST(LivePair, OurOwnPairEndingIsAProblemNotTheEnd) {
  Fixture f;
  LivePair pair(f.plan, f.launcher());
  ASSERT_NO_FATAL_FAILURE(f.start(pair));
  f.sessions[0]->phase = Phase::ended;
  const std::vector<PairProblem> said = all_of<PairProblem>(f.poll(pair));
  ASSERT_EQ(said.size(), 1U);
  EXPECT_EQ(said[0].text, "the workers ended");
  EXPECT_EQ(pair.phase(), PairPhase::stopped);
  EXPECT_TRUE(pair.change(f.busy()).has_value()) << "a key starts it again";
}

TEST(LivePair, TheOtherProgramClosingItsEndEndsThePairForGood) {
  Fixture f;
  LivePair pair(f.plan, f.launcher(), reading_stdin());
  ASSERT_NO_FATAL_FAILURE(f.start(pair));
  f.sessions[0]->phase = Phase::ended;  // our reader saw end of file: no failure
  const std::vector<PairProblem> said = all_of<PairProblem>(f.poll(pair));
  ASSERT_EQ(said.size(), 1U);
  EXPECT_NE(said[0].text.find("closed its end"), std::string::npos) << said[0].text;
  EXPECT_NE(said[0].text.find("the figures are final"), std::string::npos) << said[0].text;
  EXPECT_EQ(pair.phase(), PairPhase::ended);

  const Result<void> refused = pair.change(f.busy());
  ASSERT_FALSE(refused.has_value());
  EXPECT_NE(refused.error().message.find("nothing more to measure"), std::string::npos) << refused.error().message;
  f.poll(pair);
  EXPECT_EQ(f.sessions.size(), 1U) << "nothing more runs";
}

TEST(LivePair, AChangeWithTheOtherProgramRestartsOnlyOurWorker) {
  Fixture f;
  LivePair pair(f.plan, f.launcher(), reading_stdin());
  ASSERT_NO_FATAL_FAILURE(f.start(pair));
  ASSERT_TRUE(pair.change(f.busy()).has_value());
  // Our worker stopped because it was asked to: that is no close of the other end.
  EXPECT_TRUE(all_of<PairProblem>(f.poll(pair)).empty());
  ASSERT_EQ(f.sessions.size(), 2U);
  EXPECT_EQ(pair.phase(), PairPhase::starting);
}

TEST(LivePair, DroppedSamplesCountEverySessionAndStopKillsThemAll) {
  Fixture f;
  LivePair pair(f.plan, f.launcher());
  ASSERT_NO_FATAL_FAILURE(f.start(pair));
  f.sessions[0]->dropped = 5;
  f.sessions[0]->stops_when_asked = false;
  ASSERT_TRUE(pair.change(f.busy()).has_value());
  EXPECT_EQ(pair.dropped_samples(), 5U);  // retiring
  f.sessions[0]->phase = Phase::ended;
  f.poll(pair);
  ASSERT_EQ(f.sessions.size(), 2U);
  f.sessions[1]->dropped = 3;
  EXPECT_EQ(pair.dropped_samples(), 8U);

  f.sessions[1]->stops_when_asked = false;
  ASSERT_TRUE(pair.change(f.plan.config).has_value());
  f.poll(pair);
  pair.stop();
  EXPECT_TRUE(f.sessions[1]->killed);
  EXPECT_EQ(pair.phase(), PairPhase::stopped);
  EXPECT_EQ(f.sessions.size(), 2U) << "the pending change is dropped";
}

// Issue 22 §1: the ceiling is measured before a pair starts, while none runs (the pair's own copies would
// slow it), at the start and again only when the buffer size changes; a probe that measures nothing leaves
// no ceiling, never the previous size's.
TEST(LivePair, MeasuresTheCeilingBeforeAPairOfANewBufferSizeStarts) {
  Fixture f;
  LivePair pair(f.plan, f.launcher());
  std::vector<std::uint64_t> probed;
  bool fail = false;
  pair.measure_ceiling_with([&](const RunConfig& c) -> std::optional<Ceiling> {
    for (const std::shared_ptr<Script>& s : f.sessions) EXPECT_EQ(s->phase, Phase::ended) << "a pair was running";
    probed.push_back(c.buffer_bytes);
    if (fail) return std::nullopt;
    return Ceiling{c.buffer_bytes, c.writer_cpu, 50'000'000, 10.0};
  });
  EXPECT_EQ(pair.ceiling(), std::nullopt);
  ASSERT_NO_FATAL_FAILURE(f.start(pair));
  ASSERT_EQ(probed, std::vector<std::uint64_t>{f.plan.config.buffer_bytes});
  EXPECT_EQ(pair.ceiling()->buffer_bytes, f.plan.config.buffer_bytes);

  ASSERT_TRUE(pair.change(f.busy()).has_value());  // the same buffer size: measured already
  f.poll(pair);
  EXPECT_EQ(probed.size(), 1U);
  EXPECT_EQ(f.sessions.size(), 2U);

  RunConfig bigger = f.busy();
  bigger.buffer_bytes *= 2;
  ASSERT_TRUE(pair.change(bigger).has_value());
  f.poll(pair);
  ASSERT_EQ(probed.size(), 2U);
  EXPECT_EQ(probed.back(), bigger.buffer_bytes);
  EXPECT_EQ(pair.ceiling()->buffer_bytes, bigger.buffer_bytes);

  fail = true;
  ASSERT_TRUE(pair.change(f.busy()).has_value());
  f.poll(pair);
  EXPECT_EQ(probed.size(), 3U);
  EXPECT_EQ(pair.ceiling(), std::nullopt) << "never the other size's figure";
}

}  // namespace
}  // namespace pipetop
