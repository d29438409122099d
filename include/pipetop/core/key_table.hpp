#pragma once
// The dashboard's keys: one table of small actions that feeds dispatch, the footer's highlights and the
// help overlay, so they cannot disagree. Each action changes the dashboard state and says what follows
// (a redraw, a restart of the workers with the new configuration, a reset, an export, quitting); the
// flag toggles come from flag_options.hpp.

#include <span>
#include <string_view>

#include "pipetop/core/cpu_list.hpp"
#include "pipetop/core/flag_options.hpp"
#include "pipetop/core/run_config.hpp"

namespace pipetop {

enum class Pinning { separate_cores, same_core, unpinned };

struct DashboardState {
  RunConfig config;
  CpuPair separate{0, 1};        // the default pair: writer and reader on different physical cores
  std::uint64_t pipe_bytes = 0;  // the running pipe's actual size (for ]/[ when --pipe-size is unset)
  bool log_scale = false;
  bool frozen = false;
  bool help = false;
  bool profile_panel = true;  // the "where the time goes" panel, where there is room
  bool profiling = true;      // the workers are profiled (--no-profile: only their time shares show)
};

inline constexpr int kKeyEscape = 27;  // closes the help overlay

enum class KeyEffect { redraw, restart, reset_history, export_segment, quit };

// The most cells a key's help line takes: the help overlay's two columns of keys fit the smallest
// dashboard (60 wide) with it, and every line of the table is held to it.
inline constexpr int kKeyHelpCells = 21;

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

// Which of the three pinning modes `config` is in, given the default pair.
[[nodiscard]] Pinning pinning_of(const RunConfig& config, const CpuPair& separate);

}  // namespace pipetop
