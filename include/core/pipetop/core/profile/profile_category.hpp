#pragma once
// Where a profile sample's time went, in the words of "Making Linux pipes fast": each sample goes
// into exactly one category, by the first frame from the leaf upward that a rule of one table names.
// Frames where a virtual machine's timer interrupt lands (interrupts enabled again, interrupt entry)
// are looked through, not blamed.

#include <span>
#include <string_view>

#include "pipetop/core/profile/profile_sample.hpp"

namespace pipetop {

// In the table's order, which is both the order of precedence (a frame two rules name goes to the
// earlier) and the order of display.
enum class ProfileCategory {
  wait_wake,
  locks,
  copy,
  pin_pages,
  page_alloc,
  pipe_splice,
  syscall,
  user,
  other,
};

inline constexpr std::size_t kProfileCategoryCount = 9;

struct CategoryRule {
  ProfileCategory category;
  std::string_view name;        // "wait and wake-up"
  std::string_view short_name;  // "wait/wake", for narrow legends
  std::string_view key;         // "wait_wake", for JSON and CSV
  std::string_view help;        // one line for the help overlay
  std::string_view doing;       // what a worker does there, for verdicts: "waiting and waking"
  std::string_view patterns;    // kernel function names, space-separated; '*' matches any run of
                                // characters; matched against the name without compiler suffixes
                                // (".isra.0", ".constprop.0", ".cold")
};

// The one table, in ProfileCategory order. user and other name no frames: user is a sample whose leaf
// is outside the kernel, other a kernel sample no rule names.
[[nodiscard]] std::span<const CategoryRule> category_rules();
[[nodiscard]] const CategoryRule& category_rule(ProfileCategory category);

// The sample's category. A leaf in user space is user. A kernel sample goes to the rule naming the
// first kernel frame from the leaf that is not looked through (an irq-enable point or interrupt
// entry or exit, where a VM's deferred timer interrupt lands) and that some rule names; other when
// none does. One refinement, because the kernel's wake-up functions are tail calls that leave no
// frame: a pipe or splice function whose callee was an irq-enable point was ending a wake-up (pipe
// code disables interrupts only to wake the other side), so the sample is wait and wake-up.
[[nodiscard]] ProfileCategory classify(const ProfileSample& sample);

// Where a top stack starts: the first frame that is not looked through, or the irq-enable point
// just before it when that frame was ending a wake-up ("_raw_spin_unlock_irqrestore ←
// anon_pipe_write"), so the stack shows why it counts as one. 0 when every frame is looked through.
[[nodiscard]] std::size_t first_shown_frame(const ProfileSample& sample);

}  // namespace pipetop
