#pragma once
// The dashboard's keys: one table of small actions that feeds dispatch, the footer and the help
// overlay, so they cannot disagree. Each action changes the dashboard state and says what follows:
// a redraw, a restart of the workers with the new configuration, or quitting.

#include <span>
#include <string_view>

#include "pipetop/core/cpu_list.hpp"
#include "pipetop/core/run_config.hpp"

namespace pipetop {

enum class Pinning { separate_cores, same_core, unpinned };

struct DashboardState {
  RunConfig config;
  CpuPair separate{0, 1};         // the default pair: writer and reader on different physical cores
  std::uint64_t pipe_bytes = 0;   // the running pipe's actual size (for ]/[ when --pipe-size is unset)
  bool log_scale = false;
  bool frozen = false;
  bool help = false;
  bool reset_requested = false;
  bool export_requested = false;
};

enum class KeyEffect { redraw, restart, quit };

struct KeyBinding {
  int key;                    // the character (' ' for space)
  int alternate;              // another key doing the same ('=' for '+'), or 0
  std::string_view label;     // how the footer and help show the key
  std::string_view short_help;  // footer
  std::string_view help;        // help overlay (at most 21 cells: two columns fit 60 wide)
  KeyEffect (*apply)(DashboardState&);
};

[[nodiscard]] std::span<const KeyBinding> key_bindings();

// The binding for `key`, or nullptr.
[[nodiscard]] const KeyBinding* find_key(int key);

// Which of the three pinning modes `config` is in, given the default pair.
[[nodiscard]] Pinning pinning_of(const RunConfig& config, const CpuPair& separate);

}  // namespace pipetop
