// The Profiler through a scripted perf_event_open and a fake ring: the event it opens and how it
// falls back (cycles to cpu-clock, kernel and user to user only, to unavailable with the reason),
// the ring it maps, and the samples it drains, named from a fixture kallsyms and this process's own
// symbols, with lost records counted.

#include <gtest/gtest.h>
#include <unistd.h>

#include <cerrno>
#include <memory>
#include <string>

#include "fake_perf_api.hpp"
#include "fake_perf_ring.hpp"
#include "pipetop/system/machine_reader.hpp"
#include "pipetop/system/perf_sample_record.hpp"
#include "pipetop/system/profiler.hpp"
#include "profile_machine_fixture.hpp"

namespace pipetop {
namespace {

using testing::FakePerfApi;
using testing::FakeRing;
using testing::kFakePageBytes;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

[[gnu::noinline]] int profiler_probe(int x) {
  asm volatile("" ::: "memory");
  return x + 1;
}

// Root on this VM (the root-vm fixture): kernel frames allowed, no PMU.
ProfileEnvironment root_vm() {
  const SystemFiles files = testing::profile_machine("root-vm");
  return read_profile_environment(read_machine_facts(files), files);
}

// An unprivileged user at `paranoid`, told kernel frames are allowed or not.
ProfileEnvironment user(int paranoid, bool kernel_frames) {
  ProfileEnvironment environment = root_vm();
  environment.facts.paranoid = paranoid;
  environment.facts.perfmon = false;
  environment.kernel_frames = {kernel_frames, kernel_frames ? "" : "user space only: because the test says so"};
  return environment;
}

const FakePerfApi::OpenCall& only_open(const FakePerfApi& api) {
  EXPECT_EQ(api.successful_opens().size(), 1U);
  return api.opens.back();
}

TEST(ProfilerFake, OpensCpuClockOnThePidWithCallchainsAndMapsARingForTheDrainInterval) {
  ASSERT_EQ(sysconf(_SC_PAGESIZE), static_cast<long>(kFakePageBytes));
  FakePerfApi api;
  const Profiler profiler = Profiler::open(api, getpid(), ProfilerOptions{}, root_vm());
  EXPECT_EQ(profiler.mode(), ProfileMode::kernel_and_user);
  EXPECT_EQ(profiler.reason(), "");
  EXPECT_EQ(profiler.event(), "cpu-clock");
  EXPECT_EQ(profiler.frequency_hz(), 1000);
  const FakePerfApi::OpenCall& open = only_open(api);
  EXPECT_EQ(open.pid, getpid());
  EXPECT_EQ(open.attr.type, static_cast<std::uint32_t>(PERF_TYPE_SOFTWARE));
  EXPECT_EQ(open.attr.config, static_cast<std::uint64_t>(PERF_COUNT_SW_CPU_CLOCK));
  EXPECT_EQ(open.attr.freq, 1U);
  EXPECT_EQ(open.attr.sample_freq, 1000U);
  EXPECT_EQ(open.attr.sample_type, kProfileSampleType);
  EXPECT_EQ(open.attr.sample_max_stack, kMaxProfileFrames);
  EXPECT_EQ(open.attr.exclude_kernel, 0U);
  EXPECT_EQ(open.attr.disabled, 1U);
  EXPECT_EQ(open.attr.inherit, 0U);
  // 100 ms at 1 kHz of samples as deep as allowed (616 bytes), twice over: 32 pages, and the control page.
  ASSERT_EQ(api.maps.size(), 1U);
  EXPECT_EQ(api.maps[0].fd, open.fd);
  EXPECT_EQ(api.maps[0].bytes, 33 * kFakePageBytes);
  // Enabled once the ring is there.
  ASSERT_EQ(api.ioctls.size(), 1U);
  EXPECT_EQ(api.ioctls[0].fd, open.fd);
  EXPECT_EQ(api.ioctls[0].request, static_cast<unsigned long>(PERF_EVENT_IOC_ENABLE));
}

TEST(ProfilerFake, CyclesWhereAPmuSamplesAndCpuClockWhereItCannot) {
  ProfileEnvironment environment = root_vm();
  environment.facts.hardware_pmu = true;
  FakePerfApi api;
  EXPECT_EQ(Profiler::open(api, 7, {}, environment).event(), "cycles");
  EXPECT_EQ(api.opens.back().attr.type, static_cast<std::uint32_t>(PERF_TYPE_HARDWARE));
  FakePerfApi refusing;
  refusing.script_open({EOPNOTSUPP});
  const Profiler profiler = Profiler::open(refusing, 7, {}, environment);
  EXPECT_EQ(profiler.event(), "cpu-clock");
  EXPECT_EQ(profiler.mode(), ProfileMode::kernel_and_user);
  EXPECT_EQ(refusing.opens.size(), 2U);
}

TEST(ProfilerFake, UserOnlyWhenKernelFramesAreNotAllowedAndItSaysWhy) {
  FakePerfApi api;
  const Profiler profiler = Profiler::open(api, getpid(), {}, user(2, false));
  EXPECT_EQ(profiler.mode(), ProfileMode::user_only);
  EXPECT_EQ(profiler.reason(), "user space only: because the test says so");
  EXPECT_EQ(only_open(api).attr.exclude_kernel, 1U);
  EXPECT_EQ(only_open(api).attr.exclude_callchain_kernel, 1U);
}

TEST(ProfilerFake, AKernelThatRefusesKernelFramesGetsAUserOnlyProfile) {
  FakePerfApi api;
  api.script_open({EACCES});
  const Profiler profiler = Profiler::open(api, 7, {}, user(2, true));
  EXPECT_EQ(profiler.mode(), ProfileMode::user_only);
  EXPECT_TRUE(contains(profiler.reason(), "perf_event_paranoid=2")) << profiler.reason();
  ASSERT_EQ(api.opens.size(), 2U);
  EXPECT_EQ(api.opens[1].attr.exclude_kernel, 1U);
}

TEST(ProfilerFake, RefusedEntirelyIsUnavailableWithTheReasonAndLeavesNothingOpen) {
  FakePerfApi api;
  api.set_open_rule([](const perf_event_attr&, int, std::size_t) { return EACCES; });
  Profiler profiler = Profiler::open(api, 7, {}, user(3, false));
  EXPECT_EQ(profiler.mode(), ProfileMode::unavailable);
  EXPECT_TRUE(contains(profiler.reason(), "cannot sample process 7: denied: perf_event_paranoid=3"))
      << profiler.reason();
  EXPECT_TRUE(api.maps.empty());
  EXPECT_TRUE(api.open_fds().empty());
  const ProfileDrain drained = profiler.drain();
  EXPECT_TRUE(drained.samples.empty());
  EXPECT_EQ(drained.lost, 0U);
}

TEST(ProfilerFake, AProcessThatIsGoneIsUnavailable) {
  FakePerfApi api;
  api.script_open({EINTR, ESRCH});
  const Profiler profiler = Profiler::open(api, 7, {}, root_vm());
  EXPECT_EQ(profiler.mode(), ProfileMode::unavailable);
  EXPECT_EQ(profiler.reason(), "process 7 has exited");
  EXPECT_EQ(api.opens.size(), 2U);  // EINTR retried
}

TEST(ProfilerFake, ARingThatCannotBeMappedSaysWhatToRaise) {
  FakePerfApi api;
  api.script_map({EPERM});
  const Profiler profiler = Profiler::open(api, 7, {}, user(1, true));
  EXPECT_EQ(profiler.mode(), ProfileMode::unavailable);
  EXPECT_TRUE(contains(profiler.reason(), "cannot map the sample ring (132 KiB)")) << profiler.reason();
  EXPECT_TRUE(contains(profiler.reason(), "perf_event_mlock_kb")) << profiler.reason();
  EXPECT_TRUE(api.open_fds().empty());
  EXPECT_TRUE(api.ioctls.empty());
}

TEST(ProfilerFake, AnEventThatCannotBeStartedIsUnavailable) {
  FakePerfApi api;
  api.script_ioctl({EINVAL});
  const Profiler profiler = Profiler::open(api, getpid(), {}, root_vm());
  EXPECT_EQ(profiler.mode(), ProfileMode::unavailable);
  EXPECT_EQ(profiler.reason(), "cannot start sampling: ioctl(PERF_EVENT_IOC_ENABLE): Invalid argument [EINVAL]");
  EXPECT_EQ(api.unmaps.size(), 1U);
  EXPECT_TRUE(api.open_fds().empty());
}

TEST(ProfilerFake, TheKernelsLimitsLowerTheRateAndTheDepth) {
  ProfileEnvironment environment = root_vm();
  environment.facts.max_sample_rate_hz = 500;
  environment.facts.max_stack_frames = 32;
  FakePerfApi api;
  ProfilerOptions options;
  options.frequency_hz = 4000;
  EXPECT_EQ(Profiler::open(api, 7, options, environment).frequency_hz(), 500);
  EXPECT_EQ(only_open(api).attr.sample_freq, 500U);
  EXPECT_EQ(only_open(api).attr.sample_max_stack, 32U);
}

TEST(ProfilerFake, UnnamedUserFramesAreSaid) {
  FakePerfApi api;  // the fake opens on any pid; libdwfl finds no such process
  const Profiler profiler = Profiler::open(api, 999999999, {}, root_vm());
  EXPECT_EQ(profiler.mode(), ProfileMode::kernel_and_user);
  EXPECT_TRUE(contains(profiler.reason(), "user frames unnamed: dwfl_linux_proc_report(pid 999999999)"))
      << profiler.reason();
}

TEST(ProfilerFake, ClosingUnmapsAndClosesOnceEvenWhenMoved) {
  FakePerfApi api;
  {
    Profiler first = Profiler::open(api, 7, {}, root_vm());
    const Profiler second = std::move(first);
    EXPECT_EQ(second.mode(), ProfileMode::kernel_and_user);
  }
  EXPECT_EQ(api.unmaps.size(), 1U);
  EXPECT_EQ(api.closes.size(), 1U);
  EXPECT_TRUE(api.open_fds().empty());
}

// A profiler of this process on the fake, with the kernel's side of its ring.
struct Profiled {
  FakePerfApi api;
  Profiler profiler = Profiler::open(api, getpid(), {}, root_vm());
  FakeRing kernel{api.maps.at(0).address, api.maps.at(0).bytes - kFakePageBytes};
};

TEST(ProfilerFake, DrainNamesKernelAndUserFramesAndCountsLostSamples) {
  Profiled p;
  ASSERT_EQ(p.profiler.mode(), ProfileMode::kernel_and_user);
  const std::uint64_t user_ip = reinterpret_cast<std::uintptr_t>(&profiler_probe) + 1;
  const std::uint64_t kernel = PERF_CONTEXT_KERNEL;
  const std::uint64_t user_context = PERF_CONTEXT_USER;
  // pvm_irq_enable ← _raw_spin_unlock_irqrestore ← anon_pipe_write ← do_syscall_64 ← (user) profiler_probe
  p.kernel.write(testing::sample_record(PERF_RECORD_MISC_KERNEL, 1, 1, 10, 0xffffffff8225f2d9,
                                        {kernel, 0xffffffff8225f2d9, 0xffffffff8226dbe9, 0xffffffff816e4321,
                                         0xffffffff82259cc1, user_context, user_ip, 0x10}));
  p.kernel.write(testing::lost_record(5));
  p.kernel.write(testing::sample_record(PERF_RECORD_MISC_USER, 1, 1, 11, user_ip, {user_context, user_ip}));
  p.kernel.write(testing::record(PERF_RECORD_SAMPLE, 0, {1, 2}));       // malformed: too short
  p.kernel.write(testing::record(PERF_RECORD_THROTTLE, 0, {1, 2, 3}));  // not a sample: ignored
  const ProfileDrain drained = p.profiler.drain();
  EXPECT_EQ(drained.lost, 5U);
  EXPECT_EQ(drained.discarded_bytes, 24U);
  ASSERT_EQ(drained.samples.size(), 2U);
  const std::vector<ProfileFrame> expected{{"pvm_irq_enable", true},
                                           {"_raw_spin_unlock_irqrestore", true},
                                           {"anon_pipe_write", true},
                                           {"do_syscall_64", true},
                                           {"pipetop::(anonymous namespace)::profiler_probe(int)", false},
                                           {"[unknown]", false}};
  EXPECT_EQ(drained.samples[0].frames, expected);
  EXPECT_EQ(drained.samples[1].frames, (std::vector<ProfileFrame>{expected[4]}));
  EXPECT_TRUE(p.profiler.drain().samples.empty());  // each sample once
}

TEST(ProfilerFake, DrainKeepsUpAcrossManyLapsOfTheRing) {
  Profiled p;
  const std::uint64_t kernel = PERF_CONTEXT_KERNEL;
  std::size_t drained = 0;
  for (int tick = 0; tick < 50; ++tick) {
    for (int i = 0; i < 100; ++i) {  // a 100 ms tick at 1 kHz
      p.kernel.write(testing::sample_record(PERF_RECORD_MISC_KERNEL, 1, 1, 0, 0xffffffff813ae2ff,
                                            {kernel, 0xffffffff813ae2ff, 0xffffffff82265de0, 0xffffffff82259cc1}));
    }
    const ProfileDrain d = p.profiler.drain();
    drained += d.samples.size();
    ASSERT_FALSE(d.samples.empty());
    EXPECT_EQ(d.samples.back().frames.front().name, "finish_task_switch.isra.0");
  }
  EXPECT_EQ(drained, 5000U);
  EXPECT_GT(p.kernel.tail(), 2 * (p.api.maps.at(0).bytes - kFakePageBytes));
}

// A pinned process is sampled through its CPU's event, so its context switches do not re-arm a timer;
// what else ran on that CPU is left out of its profile.
TEST(ProfilerFake, APinnedProcessIsSampledThroughItsCpuKeepingOnlyItsOwnSamples) {
  FakePerfApi api;
  Profiler profiler = Profiler::open(api, getpid(), {}, root_vm(), 1);
  EXPECT_EQ(profiler.mode(), ProfileMode::kernel_and_user);
  EXPECT_EQ(profiler.cpu(), std::optional<int>(1));
  const FakePerfApi::OpenCall& open = only_open(api);
  EXPECT_EQ(open.pid, -1);
  EXPECT_EQ(open.cpu, 1);
  FakeRing kernel{api.maps.at(0).address, api.maps.at(0).bytes - kFakePageBytes};
  const std::uint64_t user_ip = reinterpret_cast<std::uintptr_t>(&profiler_probe) + 1;
  const std::uint64_t user_context = PERF_CONTEXT_USER;
  const auto self = static_cast<std::uint32_t>(getpid());
  kernel.write(testing::sample_record(PERF_RECORD_MISC_USER, self, self, 10, user_ip, {user_context, user_ip}));
  kernel.write(testing::sample_record(PERF_RECORD_MISC_USER, self + 1, self + 1, 11, 0x10, {user_context, 0x10}));
  kernel.write(testing::sample_record(PERF_RECORD_MISC_KERNEL, 0, 0, 12, 0xffffffff8225f2d9,
                                      {PERF_CONTEXT_KERNEL, 0xffffffff8225f2d9}));  // the idle task
  kernel.write(testing::sample_record(PERF_RECORD_MISC_USER, self, self, 13, user_ip, {user_context, user_ip}));
  const ProfileDrain drained = profiler.drain();
  ASSERT_EQ(drained.samples.size(), 2U);
  for (const ProfileSample& sample : drained.samples) {
    EXPECT_EQ(sample.frames.front().name, "pipetop::(anonymous namespace)::profiler_probe(int)");
  }
}

TEST(ProfilerFake, ACpuEventTheKernelRefusesFallsBackToTheProcess) {
  for (const int refusal : {EACCES, EPERM}) {
    FakePerfApi api;
    api.script_open({refusal});
    const Profiler profiler = Profiler::open(api, getpid(), {}, user(2, true), 0);
    EXPECT_EQ(profiler.mode(), ProfileMode::kernel_and_user);
    EXPECT_EQ(profiler.cpu(), std::nullopt);
    ASSERT_EQ(api.opens.size(), 2U);
    EXPECT_EQ(api.opens[0].cpu, 0);
    EXPECT_EQ(api.opens[1].pid, getpid());
    EXPECT_EQ(api.opens[1].cpu, -1);
  }
}

TEST(ProfilerFake, AnUnpinnedProcessIsSampledItself) {
  FakePerfApi api;
  const Profiler profiler = Profiler::open(api, getpid(), {}, root_vm(), -1);
  EXPECT_EQ(profiler.cpu(), std::nullopt);
  EXPECT_EQ(only_open(api).pid, getpid());
}

}  // namespace
}  // namespace pipetop
