#pragma once
// The dashboard's keys: one table of small actions that feeds dispatch, the footer's highlights and the
// help overlay, so they cannot disagree. Each action changes the dashboard state and says what follows
// (a redraw, a restart of the workers with the new configuration, a reset, an export, quitting); the
// flag toggles come from flag_options.hpp.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "pipetop/core/config/flag_options.hpp"
#include "pipetop/core/config/pipe_ends.hpp"
#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/config/strategies.hpp"
#include "pipetop/core/machine/cpu_list.hpp"
#include "pipetop/core/screen/layout.hpp"
#include "pipetop/core/screen/theme_name.hpp"

namespace pipetop {

enum class Pinning { separate_cores, same_core, unpinned };

// What the dashboard shows: a live pair, the guided tour (a live pair on a step schedule), or a
// recording (no pair: the keys that change the configuration do nothing there).
enum class DashboardMode { live, tour, replay };

// The number keys 1 to kLadderKeys jump to the ladder's steps (tour.hpp).
inline constexpr int kLadderKeys = 6;

struct DashboardState {
  RunConfig config;
  CpuPair separate{0, 1};        // the default pair: writer and reader on different physical cores
  std::uint64_t pipe_bytes = 0;  // the running pipe's actual size (for ]/[ when --pipe-size is unset)
  bool log_scale = false;
  bool frozen = false;  // the display (live), the tour's clock, or the replay is paused
  bool help = false;
  int help_page = 0;         // 0: the keys, 1: the figures
  bool leaderboard = false;  // every configuration tried, fastest first
  ThemeName theme = ThemeName::dark;
  PanelSet panels = PanelSet::all;
  std::optional<double> y_max;  // the chart's axis pinned (--y-max), GiB/s
  DashboardMode mode = DashboardMode::live;
  int ladder_step = 0;                    // the step the last number key asked for, from 0
  bool profile_panel = true;              // the "where the time goes" panel, where there is room
  bool profiling = true;                  // the workers are profiled (--no-profile: only their time shares show)
  EndsKind ends = EndsKind::own_pair;     // the user's program at one end: its side's keys are refused
  std::optional<PageKind> pages_refused;  // the page kind the pages key last asked for, when refused
  bool ab = false;                        // an A/B runs (the a key): the pair alternates two configurations
};

inline constexpr int kKeyEscape = 27;  // closes the help overlay and the leaderboard
inline constexpr int kKeyLeft = -4;    // the arrow keys, as the terminal reports them
inline constexpr int kKeyRight = -5;

// What follows a key: a redraw only, the workers restarted with the new configuration, the history
// reset, an export, a move along the ladder (the tour's steps, a replay's segments; ladder_step: to
// state.ladder_step), the current segment pinned as the baseline, an A/B started or ended (the
// current configuration against the previous one or the baseline, in paired rounds), or quitting.
enum class KeyEffect {
  redraw,
  restart,
  reset_history,
  export_segment,
  next_step,
  previous_step,
  ladder_step,
  pin_baseline,
  ab_rounds,
  quit
};

// The most cells a key's help line takes: the help overlay's two columns of keys fit the smallest
// dashboard (60 wide) with it, and every line of the table is held to it.
inline constexpr int kKeyHelpCells = 21;
// The keys that cycle the page kinds and the prefault methods (page_kinds.hpp, prefaults.hpp).
inline constexpr StrategyKey kPagesKey{'P', "pages", "pages small/thp/tlb"};
inline constexpr StrategyKey kPrefaultKey{'F', "fault", "prefault: 4 methods"};

// The buffer offsets the offset key cycles through: page-aligned, the seed's, half a page, the last byte.
inline constexpr std::array<std::uint64_t, 4> kBufferOffsetSteps{0, 16, 2048, 4095};

struct KeyBinding {
  int key;                  // the character (' ' for space)
  int alternate;            // another key doing the same ('=' for '+'), or 0
  std::string_view label;   // how the footer and help show the key; "" for the second of a pair
  std::string_view footer;  // the footer's word
  std::string_view help;    // the help overlay's line (at most kKeyHelpCells)
  const FlagOption* flag;   // the flag a toggle key flips, or null
  KeyEffect (*apply)(DashboardState&, const KeyBinding&);
  bool (*is_on)(const DashboardState&, const KeyBinding&);  // highlighted in the footer; null: never
};

[[nodiscard]] std::span<const KeyBinding> key_bindings();

// The binding for `key`, or nullptr.
[[nodiscard]] const KeyBinding* find_key(int key);

// Applies the key's action to `state` and says what follows.
[[nodiscard]] KeyEffect press(const KeyBinding& binding, DashboardState& state);

// Whether the footer highlights the key (a toggle that is on, the log axis, the freeze).
[[nodiscard]] bool key_is_on(const KeyBinding& binding, const DashboardState& state);

// Whether the key changes the configuration (and so restarts the workers).
[[nodiscard]] bool key_configures(const KeyBinding& binding);

// Whether the key does something in `mode`: everything but the configuration keys in a replay.
[[nodiscard]] bool key_available(const KeyBinding& binding, DashboardMode mode);

// Why `binding` does nothing in `state`, or "" when it applies: a replay's configuration cannot
// change, and with the user's program at one end (state.ends) the keys that set only that program's
// side (the writer's strategy, gift, one buffer, verify, the ladder's steps, which set both) are
// refused, naming what pipetop's own worker takes instead; A/B runs only in the live dashboard (the
// tour's schedule and a recording set the configuration).
[[nodiscard]] std::string key_refusal(const KeyBinding& binding, const DashboardState& state);

// Which of the three pinning modes `config` is in, given the default pair.
[[nodiscard]] Pinning pinning_of(const RunConfig& config, const CpuPair& separate);

}  // namespace pipetop
