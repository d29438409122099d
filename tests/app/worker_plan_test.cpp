// plan_workers on fixture machines: `run`'s default pinning and pipe limit come from the machine facts
// the app read once, so a cgroup cpuset, an affinity subset or a pipe limit is tested without being
// in one.

#include "pipetop/app/worker_plan.hpp"

#include <gtest/gtest.h>

#include "system/fixture_machines.hpp"

namespace pipetop {
namespace {

using testing::read_fixture;

TEST(PlanWorkers, DefaultPairOnTwoCores) {
  const Result<WorkerPlan> plan = plan_workers(RunConfig{}, read_fixture("epyc-vm-2cpu"));
  ASSERT_TRUE(plan.has_value()) << plan.error().message;
  EXPECT_EQ(plan->config.writer_cpu, 0);
  EXPECT_EQ(plan->config.reader_cpu, 1);
  EXPECT_EQ(plan->separate, (CpuPair{0, 1}));
  EXPECT_FALSE(plan->pinning.shared);
  EXPECT_EQ(plan->pinning.reason, "cpu 0→1: two physical cores of the 2 allowed CPUs");
  EXPECT_EQ(plan->machine.cpu_model, "AMD EPYC") << "the plan carries the facts its sessions get";
}

TEST(PlanWorkers, CpusetOfOneCpuSharesItInsteadOfFailing) {
  const Result<WorkerPlan> plan = plan_workers(RunConfig{}, read_fixture("cpuset-one-cpu"));
  ASSERT_TRUE(plan.has_value()) << plan.error().message;
  EXPECT_EQ(plan->config.writer_cpu, 0);
  EXPECT_EQ(plan->config.reader_cpu, 0);
  EXPECT_EQ(plan->separate, (CpuPair{0, 0}));
  EXPECT_TRUE(plan->pinning.shared);
  EXPECT_EQ(plan->pinning.reason, "cpu 0→0: only CPU 0 is allowed here (cpuset), writer and reader share it");
}

TEST(PlanWorkers, ExplicitCpuOutsideTheAllowedSetExitsThree) {
  RunConfig config;
  config.writer_cpu = 1;
  const Result<WorkerPlan> plan = plan_workers(config, read_fixture("cpuset-one-cpu"));
  ASSERT_FALSE(plan.has_value());
  EXPECT_EQ(plan.error().kind, ExitCode::environment);
  EXPECT_NE(plan.error().hint.find("allowed CPUs: 0"), std::string::npos) << plan.error().hint;
}

TEST(PlanWorkers, OneSideFixedGetsItsPartnerWithinTheAffinity) {
  RunConfig config;
  config.reader_cpu = 19;
  const Result<WorkerPlan> plan = plan_workers(config, read_fixture("affinity-subset"));
  ASSERT_TRUE(plan.has_value()) << plan.error().message;
  EXPECT_EQ(plan->config.writer_cpu, 3);
  EXPECT_EQ(plan->config.reader_cpu, 19);
  EXPECT_EQ(plan->separate, (CpuPair{3, 19}));
}

TEST(PlanWorkers, PipeLimitAndCapSysResourceComeFromTheTree) {
  RunConfig config;
  config.writer = WriterKind::vmsplice;
  config.buffer_bytes = 4 * kMiB;  // the pipe holds one half: 2 MiB, above pipe-max-size
  const Result<WorkerPlan> refused = plan_workers(config, read_fixture("epyc-vm-2cpu"));
  ASSERT_FALSE(refused.has_value());
  EXPECT_EQ(refused.error().kind, ExitCode::environment);
  EXPECT_NE(refused.error().message.find("/proc/sys/fs/pipe-max-size (1 MiB)"), std::string::npos)
      << refused.error().message;
  const Result<WorkerPlan> allowed = plan_workers(config, read_fixture("numa-2-nodes"));  // holds CAP_SYS_RESOURCE
  ASSERT_TRUE(allowed.has_value()) << allowed.error().message;
  EXPECT_EQ(allowed->limits.pipe_max_bytes, 1024u * 1024);
}

}  // namespace
}  // namespace pipetop
