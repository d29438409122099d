#pragma once
// Every on/off option of a RunConfig, described once: the command line, the rerun line, JSON, the seed
// benchmark's flags, the chart's markers, the header, the footer, the keys and the help all read this
// table, so a new flag is one row here (and the code that acts on it).

#include <array>
#include <string_view>

#include "pipetop/core/config/run_config.hpp"

namespace pipetop {

// What a flag changes: the transfer itself (part of the experiment, in its description and in the seed's
// command line), or only what is counted.
enum class FlagKind { transfer, counting };

// Whose worker a flag configures, when the user's program is at one end (--stdin, --stdout, -- COMMAND):
// whichever worker is pipetop's, only pipetop's writer, or both (pipetop must be at both ends).
enum class FlagSide { either, writer, both_ends };

struct FlagOption {
  bool RunConfig::*member;
  FlagKind kind;
  FlagSide side;
  std::string_view name;       // on the command line after "--", and the JSON config's key: "huge-pages"
  std::string_view help;       // the --help line
  std::string_view words;      // the configuration in words (header, summaries): "huge pages"
  std::string_view compact;    // the same where space is short: "huge"
  std::string_view marker;     // the chart's marker when it changes: "+huge" / "-huge"
  bool inverted;               // the marker and the footer name the opposite ("prefault" for --no-touch)
  std::string_view seed_flag;  // the seed benchmark's spelling ("huge_page"), "" where it has none
  char key;                    // the dashboard key that toggles it
  std::string_view footer;     // the footer's word for the key
  std::string_view key_help;   // the help overlay's line for the key (at most kKeyHelpCells)
};

inline constexpr std::array<FlagOption, 11> kFlagOptions{{
    {&RunConfig::huge_pages, FlagKind::transfer, FlagSide::either, "huge-pages",
     "2 MiB-aligned buffers rounded up to 2 MiB with MADV_HUGEPAGE, verified after pre-faulting", "huge pages", "huge",
     "huge", false, "huge_page", 'h', "huge", "huge pages (verified)"},
    {&RunConfig::busy_loop, FlagKind::transfer, FlagSide::either, "busy-loop",
     "Non-blocking calls, spinning on EAGAIN instead of sleeping", "busy loop", "busy", "busy", false, "busy_loop", 'b',
     "busy", "busy loop (spin)"},
    {&RunConfig::poll, FlagKind::transfer, FlagSide::either, "poll",
     "poll(2) each worker's own end of the pipe before each call (the seed polls stdout)", "poll", "poll", "poll",
     false, "poll", 'p', "poll", "poll before each call"},
    {&RunConfig::gift, FlagKind::transfer, FlagSide::writer, "gift",
     "SPLICE_F_GIFT on vmsplice, SPLICE_F_MOVE on splice", "gift", "gift", "gift", false, "gift", 'g', "gift",
     "gift pages (vmsplice)"},
    {&RunConfig::lock_memory, FlagKind::transfer, FlagSide::either, "lock-memory", "mlock(2) the buffers", "mlock",
     "mlock", "mlock", false, "lock_memory", 'm', "mlock", "mlock the buffers"},
    {&RunConfig::no_touch, FlagKind::transfer, FlagSide::either, "no-touch", "Do not pre-fault the buffers",
     "no pre-fault", "no pre-fault", "prefault", true, "dont_touch_pages", 't', "prefault", "pre-fault the buffers"},
    {&RunConfig::same_buffer, FlagKind::transfer, FlagSide::writer, "same-buffer",
     "With vmsplice: one buffer whose two halves alternate (calls of half the buffer) instead of two buffers",
     "same buffer", "same buf", "same-buf", false, "same_buffer", 'o', "one buf", "one buffer, 2 halves"},
    {&RunConfig::verify, FlagKind::transfer, FlagSide::both_ends, "verify",
     "The writer sends a position-dependent pattern and the reader checks every byte (not in the seed)", "verify",
     "verify", "verify", false, "", 'y', "verify", "verify every byte"},
    {&RunConfig::zerocopy, FlagKind::transfer, FlagSide::writer, "zerocopy",
     "With --transport tcp: send(2) with MSG_ZEROCOPY, completions read from the socket's error queue (not in the "
     "seed)",
     "zero-copy send", "zerocopy", "zc", false, "", 'Z', "zcopy", "MSG_ZEROCOPY (tcp)"},
    {&RunConfig::user_only, FlagKind::counting, FlagSide::either, "user-only",
     "Count user space only (default: user and kernel)", "user-only counters", "user-only", "user-only", false, "", 'u',
     "user", "count user space only"},
    {&RunConfig::no_counters, FlagKind::counting, FlagSide::either, "no-counters",
     "Open no counters (to measure what they cost)", "no counters", "no counters", "counters", true, "", 'n',
     "counters", "counters on/off"},
}};

// The row of `member`; every flag of RunConfig has one (a test checks it).
[[nodiscard]] const FlagOption& flag_option(bool RunConfig::*member);

// `base` with every transfer flag off (small pages, touched, too) and the pipe left to its rule: how the ladder and the
// tuner start each configuration they measure (pinning, sizes, timing and counting are kept).
[[nodiscard]] RunConfig without_transfer_flags(RunConfig base);

}  // namespace pipetop
