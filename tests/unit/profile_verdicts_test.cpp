// The ladder's verdicts from its rungs' profiles: each step cites the cost it takes on and what is
// left of it, only from profiles that show shares with kernel frames; otherwise one line says why.

#include "pipetop/core/profile/profile_verdicts.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "fake_run.hpp"
#include "raced_steps.hpp"

namespace pipetop {
namespace {

using testing::FakeRun;

// A profile whose samples fall `count` to a category each (the rest of 100 in user space).
WorkerProfile shaped(const std::map<ProfileCategory, int>& counts, ProfileMode mode = ProfileMode::kernel_and_user) {
  const std::map<ProfileCategory, ProfileFrame> leaf = {{ProfileCategory::wait_wake, {"schedule", true}},
                                                        {ProfileCategory::copy, {"_copy_to_user", true}},
                                                        {ProfileCategory::pin_pages, {"gup_fast", true}},
                                                        {ProfileCategory::syscall, {"do_syscall_64", true}},
                                                        {ProfileCategory::pipe_splice, {"splice_to_pipe", true}}};
  WorkerProfile profile{
      {"cpu-clock", mode, mode == ProfileMode::user_only ? "user space only: kptr_restrict=2" : "", 1000}, {}};
  int used = 0;
  for (const auto& [category, n] : counts) {
    for (int i = 0; i < n; ++i) profile.tally.add(ProfileSample{{leaf.at(category), ProfileFrame{"main", false}}});
    used += n;
  }
  for (int i = used; i < 100; ++i) profile.tally.add(ProfileSample{{ProfileFrame{"main", false}}});
  return profile;
}

struct RungProfiles {
  std::optional<WorkerProfile> writer;
  std::optional<WorkerProfile> reader;
};

// The article's ladder, each rung at `rates` GiB/s with the profiles given for it.
std::vector<RungResult> ladder(const std::map<std::string, RungProfiles>& profiles,
                               const std::map<std::string, double>& rates = {}) {
  std::vector<RungResult> results;
  for (const Rung& rung : ladder_rungs(RunConfig{})) {
    FakeRun outcome;
    outcome.config = rung.config;
    if (const auto it = profiles.find(rung.name); it != profiles.end()) {
      outcome.profiles = {it->second.writer, it->second.reader};
    }
    Trial trial = make_trial(outcome.outcome());
    trial.error.reset();  // no samples here: the rates below stand in for them
    const auto rate = rates.find(rung.name);
    trial.summary.throughput.gib_per_s = rate == rates.end() ? 1.0 : rate->second;
    results.push_back({rung, trial, {}});
  }
  return results;
}

TEST(ProfileVerdicts, EachStepCitesTheCostItTakesOn) {
  const std::vector<RungResult> results = ladder({
      {"write/read",
       {shaped({{ProfileCategory::wait_wake, 38}, {ProfileCategory::copy, 20}}),
        shaped({{ProfileCategory::wait_wake, 30}, {ProfileCategory::copy, 31}})}},
      {"write/read +busy", {shaped({{ProfileCategory::wait_wake, 3}}), shaped({{ProfileCategory::copy, 33}})}},
      {"vmsplice/splice", {shaped({{ProfileCategory::pin_pages, 12}}), shaped({{ProfileCategory::copy, 1}})}},
      {"vmsplice/splice +huge",
       {shaped({{ProfileCategory::pin_pages, 9}, {ProfileCategory::wait_wake, 62}}),
        shaped({{ProfileCategory::wait_wake, 40}})}},
      {"vmsplice/splice +huge +busy", {shaped({{ProfileCategory::wait_wake, 60}}), shaped({})}},
  });
  EXPECT_EQ(profile_verdicts(results),
            (std::vector<std::string>{
                "write/read: the writer spends 38% waiting and waking; the busy loop removes it (3%)",
                "write/read: the reader spends 31% copying; vmsplice and splice remove it (1%)",
                "vmsplice/splice: the writer spends 12% pinning user pages; huge pages cut it (9%)",
                "vmsplice/splice +huge: the writer spends 62% waiting and waking; the busy loop leaves it (60%)",
            }));
}

TEST(ProfileVerdicts, OnlyFromProfilesThatShowSharesWithKernelFrames) {
  WorkerProfile few = shaped({{ProfileCategory::wait_wake, 38}});
  few.tally = ProfileTally{};
  for (int i = 0; i < 50; ++i) few.tally.add(ProfileSample{{ProfileFrame{"schedule", true}}});
  const std::vector<RungResult> results = ladder({
      {"write/read", {few, std::nullopt}},
      {"write/read +busy", {shaped({{ProfileCategory::wait_wake, 3}}), std::nullopt}},
      {"vmsplice/splice", {shaped({{ProfileCategory::pin_pages, 2}}), std::nullopt}},  // too small to cite
      {"vmsplice/splice +huge", {shaped({{ProfileCategory::pin_pages, 1}}), std::nullopt}},
  });
  EXPECT_TRUE(profile_verdicts(results).empty());
  EXPECT_TRUE(profile_verdicts(ladder({})).empty());
}

TEST(ProfileVerdicts, ProfilesWithoutKernelFramesSayWhyOnce) {
  const WorkerProfile user = shaped({}, ProfileMode::user_only);
  const std::vector<RungResult> results = ladder({{"write/read", {user, user}}, {"write/read +busy", {user, user}}});
  EXPECT_EQ(profile_verdicts(results), std::vector<std::string>{"profiles: user space only: kptr_restrict=2"});
  WorkerProfile refused{{"cpu-clock", ProfileMode::unavailable, "cannot sample process 9: EACCES", 1000}, {}};
  EXPECT_EQ(profile_verdicts(ladder({{"write/read", {refused, refused}}})),
            std::vector<std::string>{"profiles unavailable: cannot sample process 9: EACCES"});
}

TEST(ProfileVerdicts, TheBusyLoopVerdictCitesTheWaitingItRemoves) {
  MachineFacts vm;
  vm.virtualisation = "kvm (QEMU)";
  const std::map<std::string, double> rates = {{"vmsplice/splice +huge", 10.0}, {"vmsplice/splice +huge +busy", 50.0}};
  const std::vector<RungResult> profiled =
      ladder({{"vmsplice/splice +huge",
               {shaped({{ProfileCategory::wait_wake, 62}}), shaped({{ProfileCategory::wait_wake, 70}})}}},
             rates);
  const std::vector<std::string> verdicts = ladder_verdicts(vm, profiled, testing::raced_steps(profiled));
  EXPECT_NE(std::find(verdicts.begin(), verdicts.end(),
                      "busy loop gives ×5.00 (95% CI 5.00–5.00): wake-ups are expensive here (without it the reader "
                      "spends 70% waiting and "
                      "waking)"),
            verdicts.end());
  // Without profiles it says where it runs, as before.
  const std::vector<std::string> guessed =
      ladder_verdicts(vm, ladder({}, rates), testing::raced_steps(ladder({}, rates)));
  EXPECT_NE(std::find(guessed.begin(), guessed.end(),
                      "busy loop gives ×5.00 (95% CI 5.00–5.00): wake-ups are expensive here (virtual machine)"),
            guessed.end());
  const std::optional<std::string> words = largest_share_words(profiled[4], ProfileCategory::wait_wake);
  EXPECT_EQ(words, "the reader spends 70% waiting and waking");
  EXPECT_FALSE(largest_share_words(profiled[0], ProfileCategory::wait_wake));
}

}  // namespace
}  // namespace pipetop
