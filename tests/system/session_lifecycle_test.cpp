// The session's life without blocking: launch returns while the workers still set up, poll() sends
// them off once both are ready; a fresh shared region leaves the rings' slots untouched (a restart
// costs only the pages its samples reach); the parent's watch turns a running session into events.

#include <gtest/gtest.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <variant>

#include "pipetop/system/clock.hpp"
#include "pipetop/system/process_watch.hpp"
#include "pipetop/system/session_watch.hpp"
#include "pipetop/system/shared_region.hpp"
#include "session_runner.hpp"

namespace pipetop {
namespace {

namespace fs = std::filesystem;

TEST(SessionLaunch, ReturnsWhileTheWorkersStillSetUpThenPollSendsThemOff) {
  RunConfig config;
  config.buffer_bytes = 256 * kMiB;  // pre-faulting a quarter GiB takes far longer than launch
  config.writer_cpu = kUnpinned;
  config.reader_cpu = kUnpinned;
  Result<std::unique_ptr<Session>> launched = Session::launch(config, testing::live_machine(), {});
  ASSERT_TRUE(launched) << launched.error().message;
  Session& session = **launched;
  EXPECT_EQ(session.phase(), Session::Phase::setting_up);
  EXPECT_EQ(session.poll(), Session::Phase::setting_up);
  EXPECT_EQ(session.started_ns(), 0);
  const std::int64_t deadline = monotonic_ns() + 30 * kNsPerS;
  while (session.poll() == Session::Phase::setting_up && monotonic_ns() < deadline) sleep_ns(kNsPerMs);
  ASSERT_EQ(session.phase(), Session::Phase::running);
  EXPECT_GT(session.started_ns(), 0);
  session.kill_now();
  EXPECT_EQ(session.phase(), Session::Phase::ended);
  EXPECT_FALSE(session.failure()) << "a kill that was asked for is no failure";
}

// An unpinned session polled with may_start false until its workers are ready: held there (null, with
// a failure, when it cannot be launched or does not set up in 30 s).
std::unique_ptr<Session> held_session() {
  RunConfig config;
  config.writer_cpu = kUnpinned;
  config.reader_cpu = kUnpinned;
  Result<std::unique_ptr<Session>> launched = Session::launch(config, testing::live_machine(), {});
  if (!launched) {
    ADD_FAILURE() << launched.error().message;
    return nullptr;
  }
  const std::int64_t deadline = monotonic_ns() + 30 * kNsPerS;
  while (!(*launched)->set_up() && monotonic_ns() < deadline) {
    EXPECT_EQ((*launched)->poll(false), Session::Phase::setting_up);
    sleep_ns(kNsPerMs);
  }
  if (!(*launched)->set_up()) ADD_FAILURE() << "the workers did not set up in 30 s";
  return (*launched)->set_up() ? std::move(*launched) : nullptr;
}

// Issue 21: with many pairs, each went as soon as its own workers were ready, so the first ran alone
// while the others still set up. A session polled with may_start false holds its ready workers.
TEST(SessionLaunch, AReadySessionIsHeldUntilItMayStart) {
  const std::unique_ptr<Session> session = held_session();
  ASSERT_TRUE(session);
  sleep_ns(50 * kNsPerMs);
  EXPECT_EQ(session->poll(false), Session::Phase::setting_up) << "ready, but not allowed to go";
  EXPECT_EQ(session->started_ns(), 0);
  EXPECT_EQ(session->poll(true), Session::Phase::running);
  EXPECT_GT(session->started_ns(), 0);
  session->kill_now();
  EXPECT_FALSE(session->failure());
}

// A held worker sleeps on the go word (futex), and a stop wakes it: it leaves at once, not after a
// poll interval, and with no failure.
TEST(SessionLaunch, AStopEndsWorkersHeldBeforeTheGo) {
  const std::unique_ptr<Session> session = held_session();
  ASSERT_TRUE(session);
  const std::int64_t asked = monotonic_ns();
  session->finish(5 * kNsPerS);
  EXPECT_LT(monotonic_ns() - asked, kNsPerS);
  EXPECT_EQ(session->phase(), Session::Phase::ended);
  EXPECT_FALSE(session->failure()) << session->failure()->message;
}

// Issue 14 §4: every start used to zero the whole region (8.5 MB) before a byte moved.
TEST(SharedRegion, AFreshRegionLeavesTheRingSlotsUntouched) {
  Result<SharedRegion> region = SharedRegion::create();
  ASSERT_TRUE(region) << region.error().message;
  const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  const auto start = reinterpret_cast<std::uintptr_t>(&region->control().writer.ring);
  const std::uintptr_t first = (start + page - 1) / page * page;
  const std::uintptr_t end = (start + sizeof(SampleRing)) / page * page;
  ASSERT_GT(end, first + 64 * page);
  std::vector<unsigned char> resident((end - first) / page);
  ASSERT_EQ(mincore(reinterpret_cast<void*>(first), end - first, resident.data()), 0);
  std::size_t touched = 0;
  for (const unsigned char r : resident) touched += r & 1U;
  EXPECT_LE(touched, 2U) << "of " << resident.size() << " pages of the writer's ring";
}

TEST(ProcessTimesReader, FromAProcTreeKeptOpenAndReadAgain) {
  const fs::path root = fs::temp_directory_path() / ("pipetop-proc-" + std::to_string(getpid()));
  const auto write_process = [&](const std::string& pid, int user_ticks, int voluntary) {
    fs::create_directories(root / "proc" / pid);
    std::ofstream(root / "proc" / pid / "schedstat") << "2500000000 500000000 1234\n";
    std::ofstream(root / "proc" / pid / "stat") << pid << " (pipe top) R 1 1 1 0 -1 4194304 0 0 0 0 " << user_ticks
                                                << " 90 0 0 20 0 1 0 100 0 0 18446744073709551615\n";
    std::ofstream(root / "proc" / pid / "status")
        << "Name:\tpipetop\nvoluntary_ctxt_switches:\t" << voluntary << "\nnonvoluntary_ctxt_switches:\t4\n";
  };
  write_process("4242", 150, 30);
  const SystemFiles files(root.string());
  ProcessTimesReader reader(files);
  const std::optional<ProcessTimes> t = reader.read(4242, 77);
  ASSERT_TRUE(t.has_value());
  EXPECT_EQ(t->t_ns, 77);
  EXPECT_EQ(t->run_ns, 2'500'000'000);
  EXPECT_EQ(t->wait_ns, 500'000'000);
  const std::int64_t tick_ns = 1'000'000'000 / sysconf(_SC_CLK_TCK);
  EXPECT_EQ(t->cpu.user_ns, 150 * tick_ns);
  EXPECT_EQ(t->voluntary_switches, 30U);
  EXPECT_EQ(t->involuntary_switches, 4U);

  write_process("4242", 175, 31);  // the same files, rewritten: the kept ones read the new content
  const std::optional<ProcessTimes> again = reader.read(4242, 78);
  ASSERT_TRUE(again.has_value());
  EXPECT_EQ(again->cpu.user_ns, 175 * tick_ns);
  EXPECT_EQ(again->voluntary_switches, 31U);

  write_process("4343", 9, 2);
  const std::optional<ProcessTimes> other = reader.read(4343, 79);
  ASSERT_TRUE(other.has_value()) << "another pid opens its own files";
  EXPECT_EQ(other->cpu.user_ns, 9 * tick_ns);

  EXPECT_FALSE(reader.read(4244, 80).has_value()) << "a process that is gone";
  fs::remove(root / "proc/4343/stat");
  EXPECT_FALSE(ProcessTimesReader(files).read(4343, 81).has_value()) << "a file that cannot be read";
  fs::remove_all(root);
}

TEST(ProcessTimesReader, AReapedProcessGivesNoReadingFromItsKeptFiles) {
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    pause();
    _exit(0);
  }
  const SystemFiles files("/");
  ProcessTimesReader reader(files);
  EXPECT_TRUE(reader.read(child, 1).has_value()) << "a live process";
  kill(child, SIGKILL);
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_FALSE(reader.read(child, 2).has_value()) << "its files stay open, and say it is gone";
}

TEST(SessionWatch, TimesEveryTickAndHugePagesRecheckedWhenDue) {
  if (testing::live_machine().thp_enabled == "never") GTEST_SKIP() << "transparent huge pages are disabled here";
  RunConfig config;
  config.writer = WriterKind::vmsplice;
  config.reader = ReaderKind::read;
  config.huge_pages = true;
  config.writer_cpu = kUnpinned;
  config.reader_cpu = kUnpinned;
  Result<std::unique_ptr<Session>> started = testing::start_and_wait(config, testing::live_machine(), {});
  ASSERT_TRUE(started) << started.error().message;
  const SystemFiles files("/");
  SessionWatch watch(files, testing::live_machine());
  std::vector<SessionEvent> events;
  const std::int64_t now = monotonic_ns();
  watch.collect(**started, now, events);
  int times = 0;
  for (const SessionEvent& e : events) times += std::holds_alternative<WorkerTimes>(e) ? 1 : 0;
  EXPECT_EQ(times, 2) << "one reading of each worker";
  EXPECT_FALSE(std::any_of(events.begin(), events.end(), [](const SessionEvent& e) {
    return std::holds_alternative<HugePagesSeen>(e);
  })) << "the workers checked at the start: the first recheck comes later";
  events.clear();
  watch.collect(**started, now + kHugeRecheckNs, events);
  const auto huge = std::find_if(events.begin(), events.end(),
                                 [](const SessionEvent& e) { return std::holds_alternative<HugePagesSeen>(e); });
  ASSERT_NE(huge, events.end());
  const HugePageResult& result = std::get<HugePagesSeen>(*huge).result;
  EXPECT_TRUE(result.requested);
  EXPECT_EQ(result.verified, (*started)->huge_pages().verified) << result.detail;
  EXPECT_NE(result.detail.find("writer"), std::string::npos) << result.detail;
  EXPECT_NE(result.detail.find("reader"), std::string::npos) << result.detail;
  (*started)->kill_now();
}

}  // namespace
}  // namespace pipetop
