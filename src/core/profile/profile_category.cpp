#include "pipetop/core/profile/profile_category.hpp"

#include <array>

namespace pipetop {
namespace {

// The one rule table. Patterns come from kernel stacks captured on a 6.18 KVM/PVM guest
// (tests/fixtures/profiles) and from the article's perf reports; 6.x renamed pipe_write/pipe_read to
// anon_pipe_write/anon_pipe_read, and both spellings are named.
constexpr std::array<CategoryRule, kProfileCategoryCount> kRules{{
    {ProfileCategory::wait_wake, "wait and wake-up", "wait/wake", "wait_wake",
     "sleeping until the other side moves, waking it, switching tasks", "waiting and waking",
     "schedule* __schedule preempt_schedule* *cond_resched* finish_task_switch __switch_to* "
     "context_switch *wake_up* try_to_wake_up ttwu_* *wake_function prepare_to_wait* finish_wait wait_woken "
     "pipe_wait_*"},
    {ProfileCategory::locks, "locks", "locks", "locks", "taking and waiting for locks (the pipe mutex, spinlocks)",
     "on locks",
     "*spin_lock* *mutex_* osq_* *rwsem* _raw_read_lock* _raw_write_lock* pipe_lock pipe_unlock "
     "pipe_double_lock"},
    {ProfileCategory::copy, "copy", "copy", "copy", "copying bytes between user memory and the pipe's pages", "copying",
     "copy_user* *copy_to_iter *copy_from_iter copy_page_to_iter* copy_page_from_iter* memcpy* __memcpy* "
     "memmove* __memmove* rep_movs* copy_page copy_mc_* _copy_to_user _copy_from_user __copy_user* "
     "copy_iovec_from_user"},
    {ProfileCategory::pin_pages, "pin user pages", "pin pages", "pin_pages",
     "finding and pinning the user's pages for vmsplice", "pinning user pages",
     "gup_* *gup_fast* get_user_pages* __get_user_pages* pin_user_pages* iov_iter_get_pages* "
     "__iov_iter_get_pages* iov_iter_extract_pages* try_grab_* follow_page* lockless_pages_from_mm"},
    {ProfileCategory::page_alloc, "page alloc/free", "pages", "page_alloc",
     "allocating and freeing the pages a pipe copies into", "allocating and freeing pages",
     "alloc_pages* __alloc_pages* __alloc_frozen_pages* alloc_frozen_pages* folio_alloc* __folio_alloc* "
     "get_page_from_freelist *rmqueue* __free_pages* free_pages* free_unref_page* free_unref_folios "
     "*free_frozen_page* free_pcppages_bulk __free_one_page __folio_put __put_page release_pages folios_put*"},
    {ProfileCategory::pipe_splice, "pipe and splice bookkeeping", "pipe/splice", "pipe_splice",
     "the pipe's own work: buffers, head and tail, splice actors", "in pipe and splice bookkeeping",
     "pipe_* anon_pipe_* *_pipe *pipe_buf_* *splice* wait_for_space"},
    {ProfileCategory::syscall, "syscall entry/exit", "syscall", "syscall",
     "entering and leaving the kernel, finding the file descriptor", "entering and leaving the kernel",
     "entry_SYSCALL* do_syscall_64 x64_sys_call syscall_* exit_to_user_mode* __x64_sys_* ksys_* vfs_read vfs_write "
     "fdget* __fdget* __fget* fput* rw_verify_area security_file_permission"},
    {ProfileCategory::user, "user space", "user", "user", "the worker's own code and libc, outside the kernel",
     "in user space", ""},
    {ProfileCategory::other, "other", "other", "other", "kernel work no rule names (page faults, interrupts...)",
     "in other kernel work", ""},
}};

// Where a VM's deferred timer interrupt lands: interrupts enabled again (directly or through a
// paravirt irq op) ...
constexpr std::string_view kIrqEnablePoints =
    "*irq_enable* *unlock_irqrestore *unlock_irq *local_bh_enable* *irq_restore* *_save_fl *_restore_fl";
// ... or the interrupt's own entry and exit.
constexpr std::string_view kInterruptFrames =
    "asm_sysvec_* sysvec_* __sysvec_* asm_common_interrupt common_interrupt *irq_exit_rcu handle_softirqs "
    "__do_softirq irqentry_*";

// '*' matches any run of characters, everything else itself.
bool glob_match(std::string_view pattern, std::string_view text) {
  std::size_t p = 0;
  std::size_t t = 0;
  std::size_t star = std::string_view::npos;
  std::size_t resume = 0;
  while (t < text.size()) {
    if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      resume = t;
    } else if (p < pattern.size() && pattern[p] == text[t]) {
      ++p;
      ++t;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

// Whether any of the space-separated `patterns` matches `name` without its compiler suffix.
bool names(std::string_view patterns, std::string_view name) {
  name = name.substr(0, name.find('.'));
  while (!patterns.empty()) {
    const std::size_t space = patterns.find(' ');
    if (glob_match(patterns.substr(0, space), name)) return true;
    patterns = space == std::string_view::npos ? std::string_view{} : patterns.substr(space + 1);
  }
  return false;
}

// The first rule naming kernel function `name`, or nullptr.
const CategoryRule* rule_naming(std::string_view name) {
  for (const CategoryRule& rule : kRules) {
    if (names(rule.patterns, name)) return &rule;
  }
  return nullptr;
}

// Whether frame `i`, named by `rule`, was ending a wake-up: a pipe or splice function whose callee
// was an irq-enable point.
bool ends_wake_up(const std::vector<ProfileFrame>& frames, std::size_t i, const CategoryRule* rule) {
  return rule != nullptr && rule->category == ProfileCategory::pipe_splice && i > 0 &&
         names(kIrqEnablePoints, frames[i - 1].name);
}

bool looked_through(const ProfileFrame& frame) {
  return frame.kernel && (names(kIrqEnablePoints, frame.name) || names(kInterruptFrames, frame.name));
}

}  // namespace

std::span<const CategoryRule> category_rules() {
  return kRules;
}

const CategoryRule& category_rule(ProfileCategory category) {
  return kRules[static_cast<std::size_t>(category)];
}

ProfileCategory classify(const ProfileSample& sample) {
  const std::vector<ProfileFrame>& frames = sample.frames;
  if (frames.empty()) return ProfileCategory::other;
  if (!frames.front().kernel) return ProfileCategory::user;
  for (std::size_t i = 0; i < frames.size() && frames[i].kernel; ++i) {
    if (looked_through(frames[i])) continue;
    const CategoryRule* rule = rule_naming(frames[i].name);
    if (rule == nullptr) continue;
    return ends_wake_up(frames, i, rule) ? ProfileCategory::wait_wake : rule->category;
  }
  return ProfileCategory::other;
}

std::size_t first_shown_frame(const ProfileSample& sample) {
  const std::vector<ProfileFrame>& frames = sample.frames;
  std::size_t i = 0;
  while (i < frames.size() && looked_through(frames[i])) ++i;
  if (i == frames.size()) return 0;
  return ends_wake_up(frames, i, frames[i].kernel ? rule_naming(frames[i].name) : nullptr) ? i - 1 : i;
}

}  // namespace pipetop
