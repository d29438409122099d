#pragma once
// One worker's profile over one segment (between two configuration changes): how many samples, how
// many the kernel lost, each category's share, the stacks that took the most, and the folded stacks
// that flame-graph tools read.

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "pipetop/core/profile/profile_category.hpp"
#include "pipetop/core/profile/profile_sample.hpp"

namespace pipetop {

// Below this many samples a worker's shares are not shown: the 95% interval of a share estimated
// from n samples is about ±1/sqrt(n) at worst, ±10 points at 100 samples (a tenth of a second on
// CPU at the default 1 kHz). A worker that sleeps most of the time collects samples slowly.
inline constexpr std::uint64_t kMinProfileSamples = 100;

// Frames a top stack keeps, from the leaf (after looked-through frames): "3-4 frames".
inline constexpr std::size_t kTopStackFrames = 4;

struct CategoryShare {
  ProfileCategory category = ProfileCategory::other;
  std::uint64_t samples = 0;
  double share = 0;  // of all samples, 0..1; 0 when there are none
};

struct StackShare {
  std::vector<ProfileFrame> frames;  // leaf first, at most kTopStackFrames
  std::uint64_t samples = 0;
  double share = 0;  // of all samples, 0..1
};

class ProfileTally {
 public:
  void add(const ProfileSample& sample);
  // Samples the kernel dropped (PERF_RECORD_LOST): counted apart, never guessed into categories.
  void add_lost(std::uint64_t samples);

  [[nodiscard]] std::uint64_t samples() const { return samples_; }
  [[nodiscard]] std::uint64_t lost() const { return lost_; }
  // Too few samples for percentages (kMinProfileSamples): say so instead.
  [[nodiscard]] bool too_few_samples() const { return samples_ < kMinProfileSamples; }

  // Every category, in table order, with its samples and share.
  [[nodiscard]] std::vector<CategoryShare> categories() const;
  // The `count` stacks with the most samples, most first (ties in frame order), each cut to
  // kTopStackFrames frames from first_shown_frame.
  [[nodiscard]] std::vector<StackShare> top_stacks(std::size_t count) const;
  // One line per distinct stack, "root;...;leaf count", sorted; kernel frames end in "_[k]" (as
  // stackcollapse-perf.pl --kernel marks them) and a ';' inside a name becomes ':'.
  [[nodiscard]] std::string folded() const;

 private:
  struct Stack {
    std::uint64_t samples = 0;
    ProfileCategory category = ProfileCategory::other;
    std::size_t top = 0;  // its entry in tops_
  };
  struct Top {
    std::vector<ProfileFrame> frames;  // what a top stack shows
    std::uint64_t samples = 0;         // of every full stack that shows as these frames
  };
  // Hashed by the frames' interned names: a sample's look-up costs a pointer a frame, not a string
  // comparison. Nothing iterates them in an order that shows (folded() sorts its lines).
  struct FramesHash {
    std::size_t operator()(const std::vector<ProfileFrame>& frames) const;
  };
  std::unordered_map<std::vector<ProfileFrame>, Stack, FramesHash> stacks_;  // full stacks, leaf first
  // Top stacks kept as samples arrive, so that a frame's top_stacks sorts only these (indices, so
  // that a copy of the tally stays whole).
  std::vector<Top> tops_;
  std::unordered_map<std::vector<ProfileFrame>, std::size_t, FramesHash> top_index_;
  std::array<std::uint64_t, kProfileCategoryCount> by_category_{};
  std::uint64_t samples_ = 0;
  std::uint64_t lost_ = 0;
};

// A stack read the article's way, leaf first, each frame called by the next:
// "finish_task_switch ← schedule ← pipe_wait_writable".
[[nodiscard]] std::string describe_stack(const std::vector<ProfileFrame>& frames);

}  // namespace pipetop
