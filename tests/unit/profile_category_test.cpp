// The one rule table and how a stack goes into exactly one category: the first frame from the leaf
// upward that a rule names, frames where a VM's timer lands looked through, user space and other.

#include "pipetop/core/profile/profile_category.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "profile_fixture.hpp"

namespace pipetop {
namespace {

constexpr auto k = &testing::kernel_frame;
constexpr auto u = &testing::user_frame;

// Leaf first.
ProfileCategory category_of(std::vector<ProfileFrame> frames) {
  return classify(ProfileSample{std::move(frames)});
}

// A kernel leaf `name` under a syscall, with a user-space caller.
ProfileCategory leaf(const std::string& name) {
  return category_of({k(name), k("do_syscall_64"), k("entry_SYSCALL_64_after_hwframe"), u("write")});
}

TEST(ProfileCategoryTable, OneRowPerCategoryInOrderWithWordsForTheHelp) {
  const std::span<const CategoryRule> rules = category_rules();
  ASSERT_EQ(rules.size(), kProfileCategoryCount);
  std::set<std::string_view> keys;
  for (std::size_t i = 0; i < rules.size(); ++i) {
    EXPECT_EQ(static_cast<std::size_t>(rules[i].category), i);
    EXPECT_EQ(&category_rule(rules[i].category), &rules[i]);
    EXPECT_FALSE(rules[i].name.empty());
    EXPECT_FALSE(rules[i].short_name.empty());
    EXPECT_LE(rules[i].short_name.size(), 12U) << rules[i].short_name;
    EXPECT_FALSE(rules[i].help.empty());
    EXPECT_LE(rules[i].help.size(), 70U) << rules[i].help;
    EXPECT_TRUE(keys.insert(rules[i].key).second) << rules[i].key;
  }
  EXPECT_EQ(category_rule(ProfileCategory::wait_wake).name, "wait and wake-up");
  EXPECT_EQ(category_rule(ProfileCategory::pipe_splice).name, "pipe and splice bookkeeping");
  // user and other are what is left: they name no frames.
  EXPECT_TRUE(category_rule(ProfileCategory::user).patterns.empty());
  EXPECT_TRUE(category_rule(ProfileCategory::other).patterns.empty());
}

TEST(ProfileCategory, TheIssuesExamplesGoWhereItSays) {
  EXPECT_EQ(leaf("copy_user_enhanced_fast_string"), ProfileCategory::copy);
  EXPECT_EQ(leaf("_copy_to_iter"), ProfileCategory::copy);
  EXPECT_EQ(leaf("_copy_from_iter"), ProfileCategory::copy);
  EXPECT_EQ(leaf("copy_page_from_iter"), ProfileCategory::copy);
  EXPECT_EQ(leaf("memcpy_orig"), ProfileCategory::copy);
  EXPECT_EQ(leaf("rep_movs_alternative"), ProfileCategory::copy);
  EXPECT_EQ(leaf("gup_fast_fallback"), ProfileCategory::pin_pages);
  EXPECT_EQ(leaf("get_user_pages_fast"), ProfileCategory::pin_pages);
  EXPECT_EQ(leaf("iov_iter_get_pages2"), ProfileCategory::pin_pages);
  EXPECT_EQ(leaf("__get_user_pages"), ProfileCategory::pin_pages);
  EXPECT_EQ(leaf("alloc_pages_noprof"), ProfileCategory::page_alloc);
  EXPECT_EQ(leaf("__free_pages_ok"), ProfileCategory::page_alloc);
  EXPECT_EQ(leaf("free_unref_page_commit"), ProfileCategory::page_alloc);
  EXPECT_EQ(leaf("rmqueue_bulk"), ProfileCategory::page_alloc);
  EXPECT_EQ(leaf("pipe_write"), ProfileCategory::pipe_splice);
  EXPECT_EQ(leaf("anon_pipe_write"), ProfileCategory::pipe_splice);
  EXPECT_EQ(leaf("pipe_read"), ProfileCategory::pipe_splice);
  EXPECT_EQ(leaf("anon_pipe_read"), ProfileCategory::pipe_splice);
  EXPECT_EQ(leaf("splice_to_pipe"), ProfileCategory::pipe_splice);
  EXPECT_EQ(leaf("vmsplice_to_pipe"), ProfileCategory::pipe_splice);
  EXPECT_EQ(leaf("iter_file_splice_write"), ProfileCategory::pipe_splice);
  EXPECT_EQ(leaf("_raw_spin_lock"), ProfileCategory::locks);
  EXPECT_EQ(leaf("native_queued_spin_lock_slowpath"), ProfileCategory::locks);
  EXPECT_EQ(leaf("mutex_lock"), ProfileCategory::locks);
  EXPECT_EQ(leaf("schedule"), ProfileCategory::wait_wake);
  EXPECT_EQ(leaf("__wake_up_common"), ProfileCategory::wait_wake);
  EXPECT_EQ(leaf("finish_task_switch"), ProfileCategory::wait_wake);
  EXPECT_EQ(leaf("pipe_wait_readable"), ProfileCategory::wait_wake);
  EXPECT_EQ(leaf("try_to_wake_up"), ProfileCategory::wait_wake);
  EXPECT_EQ(leaf("entry_SYSCALL_64_after_hwframe"), ProfileCategory::syscall);
  EXPECT_EQ(leaf("do_syscall_64"), ProfileCategory::syscall);
  EXPECT_EQ(leaf("syscall_exit_to_user_mode"), ProfileCategory::syscall);
}

TEST(ProfileCategory, CompilerSuffixesAreIgnored) {
  EXPECT_EQ(leaf("finish_task_switch.isra.0"), ProfileCategory::wait_wake);
  EXPECT_EQ(leaf("__mutex_lock.constprop.0"), ProfileCategory::locks);
  EXPECT_EQ(leaf("memcpy.cold"), ProfileCategory::copy);
}

TEST(ProfileCategory, AFrameTwoRulesNameGoesToTheEarlierRule) {
  EXPECT_EQ(leaf("pipe_wait_writable"), ProfileCategory::wait_wake);  // not pipe_*
  EXPECT_EQ(leaf("pipe_lock"), ProfileCategory::locks);               // not pipe_*
  EXPECT_EQ(leaf("__x64_sys_splice"), ProfileCategory::pipe_splice);  // not __x64_sys_*
}

TEST(ProfileCategory, TheFirstNamedFrameFromTheLeafDecides) {
  // Unnamed frames are passed over...
  EXPECT_EQ(category_of({k("__list_del_entry_valid_or_report"), k("__rmqueue_pcplist"), k("anon_pipe_write"),
                         k("do_syscall_64")}),
            ProfileCategory::page_alloc);
  // ... and the leaf-most named frame wins over every caller.
  EXPECT_EQ(category_of({k("_copy_from_iter"), k("copy_page_from_iter"), k("anon_pipe_write"), k("do_syscall_64")}),
            ProfileCategory::copy);
  EXPECT_EQ(category_of({k("_raw_spin_lock_irqsave"), k("try_to_wake_up"), k("__wake_up_common")}),
            ProfileCategory::locks);
}

TEST(ProfileCategory, WhereAVmsTimerLandsIsLookedThrough) {
  const std::vector<std::string> landing = {"pvm_irq_enable",
                                            "__raw_callee_save_pvm_irq_enable",
                                            "native_irq_enable",
                                            "_raw_spin_unlock_irqrestore",
                                            "_raw_spin_unlock_irq",
                                            "__raw_spin_unlock_irq",
                                            "asm_sysvec_apic_timer_interrupt",
                                            "sysvec_apic_timer_interrupt",
                                            "__irq_exit_rcu",
                                            "handle_softirqs",
                                            "__local_bh_enable_ip"};
  for (const std::string& frame : landing) {
    EXPECT_EQ(category_of({k(frame), k("gup_fast_fallback"), k("do_syscall_64")}), ProfileCategory::pin_pages) << frame;
  }
  // The whole VM landing pad at once: finish_task_switch enables interrupts after a switch.
  EXPECT_EQ(category_of({k("pvm_irq_enable"), k("__raw_callee_save_pvm_irq_enable"), k("finish_task_switch.isra.0"),
                         k("__schedule"), k("schedule"), k("anon_pipe_read")}),
            ProfileCategory::wait_wake);
  // Nothing but landing frames: nothing to blame.
  EXPECT_EQ(category_of({k("pvm_irq_enable"), k("asm_sysvec_apic_timer_interrupt")}), ProfileCategory::other);
}

TEST(ProfileCategory, AnIrqEnableRightUnderPipeCodeEndsAWakeUp) {
  // 6.18's anon_pipe_write wakes the reader through a tail call: only the irq restore is left.
  EXPECT_EQ(category_of({k("pvm_irq_enable"), k("__raw_callee_save_pvm_irq_enable"), k("_raw_spin_unlock_irqrestore"),
                         k("anon_pipe_write"), k("vfs_write")}),
            ProfileCategory::wait_wake);
  EXPECT_EQ(category_of({k("_raw_spin_unlock_irqrestore"), k("__splice_from_pipe")}), ProfileCategory::wait_wake);
  // Not when the pipe frame is further up, nor under an interrupt entry, nor under other code.
  EXPECT_EQ(category_of({k("_raw_spin_unlock_irqrestore"), k("free_frozen_page_commit"), k("anon_pipe_read")}),
            ProfileCategory::page_alloc);
  EXPECT_EQ(category_of({k("asm_sysvec_apic_timer_interrupt"), k("page_cache_pipe_buf_release")}),
            ProfileCategory::pipe_splice);
  EXPECT_EQ(category_of({k("_raw_spin_unlock_irqrestore"), k("__mutex_unlock_slowpath.isra.0"), k("splice_from_pipe")}),
            ProfileCategory::locks);
  EXPECT_EQ(category_of({k("anon_pipe_write"), k("vfs_write")}), ProfileCategory::pipe_splice);
}

TEST(ProfileCategory, UserSpaceIsALeafOutsideTheKernel) {
  EXPECT_EQ(category_of({u("__GI___libc_write"), u("main")}), ProfileCategory::user);
  EXPECT_EQ(category_of({u("[unknown]")}), ProfileCategory::user);
  // A kernel sample stays the kernel's even when no rule names its kernel frames.
  EXPECT_EQ(category_of({k("clear_page_erms"), k("handle_mm_fault"), k("exc_page_fault"), k("asm_exc_page_fault"),
                         u("memset")}),
            ProfileCategory::other);
  EXPECT_EQ(category_of({k("[unknown]")}), ProfileCategory::other);
  EXPECT_EQ(category_of({}), ProfileCategory::other);
  // User frames named like kernel functions are not the kernel's.
  EXPECT_EQ(category_of({u("memcpy"), u("main")}), ProfileCategory::user);
}

TEST(ProfileCategory, TopStacksStartAtTheFirstFrameNotLookedThrough) {
  EXPECT_EQ(first_shown_frame(
                {{k("pvm_irq_enable"), k("__raw_callee_save_pvm_irq_enable"), k("finish_task_switch"), k("schedule")}}),
            2U);
  // ... or at the irq restore that makes a pipe frame a wake-up.
  EXPECT_EQ(first_shown_frame({{k("pvm_irq_enable"), k("_raw_spin_unlock_irqrestore"), k("anon_pipe_write")}}), 1U);
  EXPECT_EQ(first_shown_frame({{u("main")}}), 0U);
  EXPECT_EQ(first_shown_frame({{k("pvm_irq_enable")}}), 0U);
  EXPECT_EQ(first_shown_frame({}), 0U);
}

}  // namespace
}  // namespace pipetop
