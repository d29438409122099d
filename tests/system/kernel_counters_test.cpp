// The real kernel's software counters, opened by a CounterSet on this test process: what they count
// must agree with what the kernel reports through getrusage and the CPU clocks. (No PMU needed.)

#include <gtest/gtest.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <ctime>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "pipetop/core/counters/derived_figures.hpp"
#include "pipetop/core/counters/event_names.hpp"
#include "pipetop/core/machine/machine_limits.hpp"
#include "pipetop/system/counter_set.hpp"
#include "pipetop/system/perf_api.hpp"
#include "pipetop/system/perf_facts.hpp"
#include "pipetop/system/task_accounting.hpp"
#include "session_runner.hpp"

namespace pipetop {
namespace {

class KernelCounters : public ::testing::Test {
 protected:
  // Opens `names` on this process and checks each counts user and kernel (we may be unprivileged:
  // then the kernel side is cut off and the comparisons below do not hold).
  void open(const std::vector<std::string>& names) {
    Result<std::vector<CounterRequest>> requests = encode_events(names, false);
    ASSERT_TRUE(requests) << requests.error().message;
    names_ = names;
    set_.emplace(CounterSet::open(kernel_perf_api(), *requests, perf_open_context(testing::live_machine())));
    ASSERT_EQ(set_->infos().size(), names.size());
    for (const CounterInfo& info : set_->infos()) {
      if (info.state == CounterState::user_only) {
        GTEST_SKIP() << info.name << " counts user space only here (" << info.reason << ")";
      }
      ASSERT_EQ(info.state, CounterState::counting) << info.name << ": " << info.reason;
    }
  }

  [[nodiscard]] Sample read() {
    Sample s;
    set_->read_into(s);
    return s;
  }

  [[nodiscard]] std::size_t index(const std::string& name) const {
    for (std::size_t i = 0; i < names_.size(); ++i) {
      if (names_[i] == name) return i;
    }
    ADD_FAILURE() << name << " not opened";
    return 0;
  }

  [[nodiscard]] double delta(const std::string& name, const Sample& from, const Sample& to) const {
    const std::optional<double> d = scaled_delta(from.counters[index(name)], to.counters[index(name)]);
    EXPECT_TRUE(d.has_value()) << name << " did not run";
    return d.value_or(-1);
  }

  std::vector<std::string> names_;
  std::optional<CounterSet> set_;
};

// Opens the counters; a test whose counters cannot all count user and kernel ends there.
#define OPEN_OR_RETURN(...)                       \
  do {                                            \
    open(__VA_ARGS__);                            \
    if (HasFatalFailure() || IsSkipped()) return; \
  } while (false)

rusage self_usage() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u;
}

std::int64_t thread_cpu_ns() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// Maps `pages` fresh anonymous pages (small ones: no THP to fold 512 faults into one) and touches
// each once. Returns the mapping to unmap.
void* touch_fresh_pages(std::size_t pages, std::size_t page) {
  void* map = mmap(nullptr, pages * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (map == MAP_FAILED) return nullptr;
  (void)madvise(map, pages * page, MADV_NOHUGEPAGE);
  auto* bytes = static_cast<volatile char*>(map);
  for (std::size_t i = 0; i < pages; ++i) bytes[i * page] = static_cast<char>(i);
  return map;
}

TEST_F(KernelCounters, DisabledUntilEnabled) {
  OPEN_OR_RETURN({"page-faults", "task-clock"});
  const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  void* map = touch_fresh_pages(64, page);
  ASSERT_NE(map, nullptr);
  const Sample s = read();
  munmap(map, 64 * page);
  EXPECT_EQ(s.counter_count, 2U);
  EXPECT_EQ(s.counters[0].value, 0U) << "the group leader is opened disabled";
  EXPECT_EQ(s.counters[0].time_enabled, 0U);
  EXPECT_EQ(s.counters[1].value, 0U) << "members follow their leader";
}

TEST_F(KernelCounters, PageFaultsCountEveryFreshPageLikeGetrusage) {
  OPEN_OR_RETURN({"page-faults", "minor-faults", "major-faults"});
  set_->enable();
  constexpr std::size_t kPages = 512;
  const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));

  const Sample before = read();
  const rusage u0 = self_usage();
  void* map = touch_fresh_pages(kPages, page);
  const rusage u1 = self_usage();
  const Sample after = read();
  ASSERT_NE(map, nullptr);
  munmap(map, kPages * page);

  const double faults = delta("page-faults", before, after);
  const double minor = delta("minor-faults", before, after);
  const double major = delta("major-faults", before, after);
  const auto rusage_minor = static_cast<double>(u1.ru_minflt - u0.ru_minflt);
  std::cout << "[ info     ] " << kPages << " pages: page-faults " << faults << ", minor-faults " << minor
            << ", getrusage minflt " << rusage_minor << "\n";
  EXPECT_GE(faults, static_cast<double>(kPages));
  EXPECT_GE(minor, static_cast<double>(kPages));
  EXPECT_LE(major, 2.0) << "fresh anonymous pages need no I/O";
  EXPECT_NEAR(minor, rusage_minor, 8.0) << "perf and getrusage count the same faults";
  EXPECT_NEAR(faults, minor + major, 2.0);
  // One fault per page, not more — plus, under AddressSanitizer, one per page of its shadow memory
  // (a shadow byte per 8 bytes: kPages / 8 more pages), which getrusage counts alike.
  EXPECT_LE(faults, static_cast<double>(kPages + kPages / 8) + 32) << "one fault per page, not more";
}

TEST_F(KernelCounters, ContextSwitchesCountEverySleepLikeGetrusage) {
  OPEN_OR_RETURN({"context-switches", "task-clock"});
  set_->enable();
  constexpr int kSleeps = 20;
  const Sample before = read();
  const rusage u0 = self_usage();
  for (int i = 0; i < kSleeps; ++i) {
    const timespec ts{0, 200'000};
    nanosleep(&ts, nullptr);
  }
  const rusage u1 = self_usage();
  const Sample after = read();

  const double switches = delta("context-switches", before, after);
  const auto voluntary = static_cast<double>(u1.ru_nvcsw - u0.ru_nvcsw);
  const auto all = voluntary + static_cast<double>(u1.ru_nivcsw - u0.ru_nivcsw);
  std::cout << "[ info     ] " << kSleeps << " sleeps: context-switches " << switches << ", getrusage nvcsw "
            << voluntary << ", nivcsw " << all - voluntary << "\n";
  EXPECT_GE(switches, kSleeps);
  EXPECT_GE(voluntary, kSleeps);
  EXPECT_GE(switches, voluntary - 2);
  EXPECT_NEAR(switches, all, 4.0) << "perf and getrusage count the same switches";
}

TEST_F(KernelCounters, TaskClockFollowsTheCpuTimeOfABusyLoop) {
  OPEN_OR_RETURN({"task-clock", "page-faults"});
  set_->enable();
  constexpr std::int64_t kBusyNs = 60'000'000;
  const Sample before = read();
  const std::int64_t start = thread_cpu_ns();
  volatile std::uint64_t sink = 0;
  while (thread_cpu_ns() - start < kBusyNs) {
    for (int i = 0; i < 1000; ++i) sink = sink + static_cast<std::uint64_t>(i);
  }
  const std::int64_t cpu = thread_cpu_ns() - start;
  const Sample after = read();

  const double task_ns = delta("task-clock", before, after);
  std::cout << "[ info     ] busy loop: thread CPU " << static_cast<double>(cpu) / 1e6 << " ms, task-clock "
            << task_ns / 1e6 << " ms\n";
  EXPECT_NEAR(task_ns, static_cast<double>(cpu), 0.1 * static_cast<double>(cpu) + 2e6);
  const std::size_t i = index("task-clock");
  EXPECT_GT(after.counters[i].time_running, before.counters[i].time_running);
  EXPECT_LE(after.counters[i].time_running, after.counters[i].time_enabled);
}

TEST_F(KernelCounters, CumulativeReadingsNeverGoBack) {
  OPEN_OR_RETURN({"page-faults", "context-switches", "task-clock"});
  set_->enable();
  Sample previous = read();
  for (int round = 0; round < 20; ++round) {
    const timespec ts{0, 50'000};
    nanosleep(&ts, nullptr);
    const Sample now = read();
    for (std::size_t i = 0; i < names_.size(); ++i) {
      EXPECT_GE(now.counters[i].value, previous.counters[i].value) << names_[i];
      EXPECT_GE(now.counters[i].time_enabled, previous.counters[i].time_enabled) << names_[i];
      EXPECT_GE(now.counters[i].time_running, previous.counters[i].time_running) << names_[i];
    }
    previous = now;
  }
  EXPECT_GT(previous.counters[1].value, 0U);
}

// What a worker counts: the software events from the kernel's per-task accounting, no perf event.
// They must agree with the same events counted by perf on the same process over the same work.
TEST(KernelAccounting, AgreesWithPerfOnFaultsSwitchesAndCpuTime) {
  const std::vector<std::string> names{"page-faults",      "minor-faults",   "major-faults",
                                       "context-switches", "cpu-migrations", "task-clock"};
  Result<std::vector<CounterRequest>> requests = encode_events(names, false);
  ASSERT_TRUE(requests) << requests.error().message;
  const PerfOpenContext context = perf_open_context(testing::live_machine());
  CounterSet perf = CounterSet::open(kernel_perf_api(), *requests, context);
  for (const CounterInfo& info : perf.infos()) {
    if (info.state != CounterState::counting) GTEST_SKIP() << info.name << " does not count user and kernel here";
  }
  CounterSet accounted = CounterSet::open(kernel_perf_api(), *requests, context, open_task_accounting());
  for (const CounterInfo& info : accounted.infos()) ASSERT_EQ(info.state, CounterState::counting) << info.name;
  perf.enable();
  accounted.enable();
  Sample perf_before;
  Sample accounted_before;
  perf.read_into(perf_before);
  accounted.read_into(accounted_before);

  const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  void* map = touch_fresh_pages(256, page);
  ASSERT_NE(map, nullptr);
  munmap(map, 256 * page);
  for (int i = 0; i < 20; ++i) {
    const timespec ts{0, 200'000};
    nanosleep(&ts, nullptr);
  }
  const std::int64_t start = thread_cpu_ns();
  volatile std::uint64_t sink = 0;
  while (thread_cpu_ns() - start < 30'000'000) sink = sink + 1;

  Sample perf_after;
  Sample accounted_after;
  accounted.read_into(accounted_after);
  perf.read_into(perf_after);
  const auto delta = [](const Sample& from, const Sample& to, std::size_t i) {
    return scaled_delta(from.counters[i], to.counters[i]).value_or(-1);
  };
  const double tolerance[] = {8, 8, 2, 4, 2, 0};
  for (std::size_t i = 0; i < names.size(); ++i) {
    const double by_perf = delta(perf_before, perf_after, i);
    const double by_accounting = delta(accounted_before, accounted_after, i);
    std::cout << "[ info     ] " << names[i] << ": perf " << by_perf << ", accounting " << by_accounting << "\n";
    EXPECT_GE(by_accounting, 0) << names[i];
    const double allowed = names[i] == "task-clock" ? 0.1 * by_perf + 2e6 : tolerance[i];
    EXPECT_NEAR(by_accounting, by_perf, allowed) << names[i];
  }
  EXPECT_GE(delta(accounted_before, accounted_after, 1), 256) << "a fault per fresh page";
  EXPECT_GE(delta(accounted_before, accounted_after, 3), 20) << "a switch per sleep";
}

TEST_F(KernelCounters, HardwareEventsWithoutAPmuAreUnavailableWhileSoftwareCounts) {
  const PerfOpenContext context = perf_open_context(testing::live_machine());
  if (context.hardware_pmu_present) GTEST_SKIP() << "this machine has a CPU PMU";
  Result<std::vector<CounterRequest>> requests = encode_events({"cycles", "page-faults", "dTLB-load-misses"}, false);
  ASSERT_TRUE(requests) << requests.error().message;
  CounterSet set = CounterSet::open(kernel_perf_api(), *requests, context);
  ASSERT_EQ(set.infos().size(), 3U);
  for (const std::size_t i : {0U, 2U}) {
    EXPECT_EQ(set.infos()[i].state, CounterState::unavailable) << set.infos()[i].name;
    EXPECT_NE(set.infos()[i].reason.find("no hardware PMU"), std::string::npos) << set.infos()[i].reason;
  }
  EXPECT_NE(set.infos()[1].state, CounterState::unavailable) << set.infos()[1].reason;
  set.enable();
  const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  const Sample before = [&] {
    Sample s;
    set.read_into(s);
    return s;
  }();
  void* map = touch_fresh_pages(32, page);
  const Sample after = [&] {
    Sample s;
    set.read_into(s);
    return s;
  }();
  ASSERT_NE(map, nullptr);
  munmap(map, 32 * page);
  EXPECT_EQ(after.counter_count, 3U);
  EXPECT_GE(after.counters[1].value - before.counters[1].value, 32U);
  EXPECT_EQ(after.counters[0].value, 0U);
  EXPECT_EQ(after.counters[0].time_enabled, 0U);
  EXPECT_EQ(after.counters[2].value, 0U);
}

// --- the same counters inside real workers ------------------------------------------------------

constexpr std::uint64_t kSessionBytes = 128 * kMiB;

RunConfig session_config(bool busy) {
  RunConfig config;
  config.writer = busy ? WriterKind::vmsplice : WriterKind::write;
  config.reader = busy ? ReaderKind::splice : ReaderKind::read;
  config.busy_loop = busy;
  config.bytes_limit = kSessionBytes;
  const long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  config.writer_cpu = cpus >= 2 ? 0 : kUnpinned;  // apart, so the busy pair can spin side by side
  config.reader_cpu = cpus >= 2 ? 1 : kUnpinned;
  return config;
}

// What one worker did, from its first and last sample.
struct WorkerFigures {
  double switches = -1;
  double task_clock_ns = -1;
  double span_ns = 0;
  double switches_per_gib = -1;
};

WorkerFigures figures_of(const std::vector<CounterInfo>& layout, const std::vector<Sample>& samples) {
  WorkerFigures f;
  if (samples.size() < 2) return f;
  const Sample& first = samples.front();
  const Sample& last = samples.back();
  f.switches = counter_delta(layout, "context-switches", first, last).value_or(-1);
  f.task_clock_ns = counter_delta(layout, "task-clock", first, last).value_or(-1);
  f.span_ns = static_cast<double>(last.t_ns - first.t_ns);
  f.switches_per_gib = derive_figures(layout, first, last).context_switches_per_gib.value_or(-1);
  return f;
}

class SessionCounters : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    blocking_ = new testing::Finished(testing::run_to_end(session_config(false)));
    busy_ = new testing::Finished(testing::run_to_end(session_config(true)));
  }
  static void TearDownTestSuite() {
    delete blocking_;
    delete busy_;
    blocking_ = busy_ = nullptr;
  }
  static void expect_ran(const testing::Finished& run, const char* what) {
    ASSERT_FALSE(run.start_error) << what << ": " << run.start_error->message;
    ASSERT_FALSE(run.failure) << what << ": " << run.failure->message;
    ASSERT_EQ(run.reader_bytes(), kSessionBytes) << what;
    ASSERT_GE(run.writer.size(), 2U) << what;
    ASSERT_GE(run.reader.size(), 2U) << what;
  }

  static testing::Finished* blocking_;
  static testing::Finished* busy_;
};

testing::Finished* SessionCounters::blocking_ = nullptr;
testing::Finished* SessionCounters::busy_ = nullptr;

TEST_F(SessionCounters, BlockingPairSwitchesFarMoreOftenPerGibThanABusyPair) {
  ASSERT_NO_FATAL_FAILURE(expect_ran(*blocking_, "blocking"));
  ASSERT_NO_FATAL_FAILURE(expect_ran(*busy_, "busy"));
  const WorkerFigures bw = figures_of(blocking_->writer_counters, blocking_->writer);
  const WorkerFigures br = figures_of(blocking_->reader_counters, blocking_->reader);
  const WorkerFigures uw = figures_of(busy_->writer_counters, busy_->writer);
  const WorkerFigures ur = figures_of(busy_->reader_counters, busy_->reader);
  for (const WorkerFigures* f : {&bw, &br, &uw, &ur}) {
    ASSERT_GE(f->switches, 0) << "context-switches did not count";
    ASSERT_GE(f->switches_per_gib, 0) << "no context switches/GiB figure";
  }
  const double gib = static_cast<double>(kSessionBytes) / static_cast<double>(kGiB);
  const double blocking_per_gib = (bw.switches + br.switches) / gib;
  const double busy_per_gib = (uw.switches + ur.switches) / gib;
  std::cout << "[ info     ] context switches/GiB, blocking write/read: writer " << bw.switches_per_gib << ", reader "
            << br.switches_per_gib << " (" << blocking_->writer.size() << " samples, " << bw.span_ns / 1e6
            << " ms); busy: writer " << uw.switches_per_gib << ", reader " << ur.switches_per_gib << " ("
            << busy_->writer.size() << " samples, " << uw.span_ns / 1e6 << " ms)\n";
  // The figure derived from the samples is the counter delta over the bytes moved.
  EXPECT_NEAR(bw.switches_per_gib, bw.switches / gib, 1e-6 * bw.switches / gib + 1e-9);
  // A default 64 KiB pipe makes a blocking pair sleep at least once per pipeful and side.
  EXPECT_GE(blocking_per_gib, 1000.0);
  EXPECT_GE(blocking_per_gib, 10.0 * busy_per_gib);
}

TEST_F(SessionCounters, SoftwareCountersCountAndHardwareOnesSayWhyNot) {
  ASSERT_NO_FATAL_FAILURE(expect_ran(*blocking_, "blocking"));
  const bool pmu = perf_open_context(testing::live_machine()).hardware_pmu_present;
  for (const std::vector<CounterInfo>* layout : {&blocking_->writer_counters, &blocking_->reader_counters}) {
    ASSERT_EQ(layout->size(), default_event_names().size());
    for (std::size_t i = 0; i < layout->size(); ++i) {
      const CounterInfo& info = (*layout)[i];
      EXPECT_EQ(info.name, default_event_names()[i]);
      Result<CounterRequest> request = encode_event(info.name, false);
      ASSERT_TRUE(request) << info.name;
      if (!request->hardware) {
        EXPECT_EQ(info.state, geteuid() == 0 ? CounterState::counting : CounterState::user_only)
            << info.name << ": " << info.reason;
      } else if (!pmu) {
        EXPECT_EQ(info.state, CounterState::unavailable) << info.name;
        EXPECT_NE(info.reason.find("no hardware PMU"), std::string::npos) << info.name << ": " << info.reason;
      }
    }
  }
  // An unavailable counter's readings stay zero in every sample.
  if (!pmu) {
    for (const Sample& s : blocking_->writer) {
      EXPECT_EQ(s.counters[0].value, 0U);
      EXPECT_EQ(s.counters[0].time_enabled, 0U);
    }
  }
}

TEST_F(SessionCounters, CpuTimeIsNonZeroAndWithinWallTime) {
  for (const testing::Finished* run : {blocking_, busy_}) {
    ASSERT_NO_FATAL_FAILURE(expect_ran(*run, run == busy_ ? "busy" : "blocking"));
    const struct {
      const char* who;
      CpuTime cpu;
      WorkerFigures figures;
    } workers[] = {{"writer", run->writer_cpu, figures_of(run->writer_counters, run->writer)},
                   {"reader", run->reader_cpu, figures_of(run->reader_counters, run->reader)}};
    for (const auto& w : workers) {
      const auto cpu_ns = static_cast<double>(w.cpu.user_ns + w.cpu.system_ns);
      std::cout << "[ info     ] " << (run == busy_ ? "busy " : "blocking ") << w.who << ": CPU " << cpu_ns / 1e6
                << " ms (user " << static_cast<double>(w.cpu.user_ns) / 1e6 << "), task-clock "
                << w.figures.task_clock_ns / 1e6 << " ms, wall " << w.figures.span_ns / 1e6 << " ms\n";
      EXPECT_GE(w.cpu.user_ns, 0) << w.who;
      EXPECT_GE(w.cpu.system_ns, 0) << w.who;
      EXPECT_GT(cpu_ns, 0) << w.who;
      // The CPU clock runs a little longer than the samples span (it starts before the first one).
      EXPECT_LE(cpu_ns, w.figures.span_ns * 1.1 + 2e6) << w.who;
      EXPECT_GT(w.figures.task_clock_ns, 0) << w.who;
      EXPECT_LE(w.figures.task_clock_ns, w.figures.span_ns * 1.1) << w.who;
    }
  }
}

// The user's program's counters, opened from outside on its pid: they count what it does, and what
// the processes it starts afterwards do (a shell's pipeline started later, a compressor's helpers).
TEST(KernelOtherProcess, CountsAnotherProcessAndTheChildrenItStartsAfterwards) {
  Result<std::vector<CounterRequest>> requests =
      encode_events({"context-switches", "page-faults", "task-clock"}, false);
  ASSERT_TRUE(requests) << requests.error().message;
  int go[2];
  int done[2];
  ASSERT_EQ(pipe(go), 0);
  ASSERT_EQ(pipe(done), 0);
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    close(go[1]);  // so that the test closing its end is an end of file here
    close(done[0]);
    char byte = 0;
    if (read(go[0], &byte, 1) != 1) _exit(1);
    const timespec nap{0, 200'000};
    for (int i = 0; i < 20; ++i) nanosleep(&nap, nullptr);
    const pid_t grandchild = fork();
    if (grandchild == 0) {
      const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
      (void)touch_fresh_pages(256, page);
      for (int i = 0; i < 20; ++i) nanosleep(&nap, nullptr);
      _exit(0);
    }
    int status = 0;
    waitpid(grandchild, &status, 0);
    if (write(done[1], &byte, 1) != 1) _exit(1);
    (void)read(go[0], &byte, 1);  // until the test closes its end
    _exit(0);
  }
  close(go[0]);
  close(done[1]);
  CounterSet set =
      CounterSet::open_process(kernel_perf_api(), child, *requests, perf_open_context(testing::live_machine()));
  for (const CounterInfo& info : set.infos()) {
    if (info.state != CounterState::counting) {  // unprivileged at paranoid 2, say: the kernel side is cut off
      close(go[1]);
      close(done[0]);
      waitpid(child, nullptr, 0);
      GTEST_SKIP() << info.name << " does not count user and kernel here: " << info.reason;
    }
  }
  set.enable();
  Sample before;
  set.read_into(before);
  char byte = 1;
  ASSERT_EQ(write(go[1], &byte, 1), 1);
  ASSERT_EQ(read(done[0], &byte, 1), 1);
  Sample after;
  set.read_into(after);
  close(go[1]);
  close(done[0]);
  int status = 0;
  waitpid(child, &status, 0);
  const double switches = scaled_delta(before.counters[0], after.counters[0]).value_or(-1);
  const double faults = scaled_delta(before.counters[1], after.counters[1]).value_or(-1);
  std::cout << "[ info     ] another process and its child: context-switches " << switches << ", page-faults " << faults
            << "\n";
  EXPECT_GE(switches, 40) << "20 sleeps of its own and 20 of the child it started";
  EXPECT_GE(faults, 256) << "the child's fresh pages";
  EXPECT_GT(scaled_delta(before.counters[2], after.counters[2]).value_or(0), 0);
}

}  // namespace
}  // namespace pipetop
