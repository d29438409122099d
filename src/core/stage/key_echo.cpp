#include "pipetop/core/stage/key_echo.hpp"

#include <vector>

#include "pipetop/core/base/size.hpp"
#include "pipetop/core/config/config_change.hpp"
#include "pipetop/core/config/page_kinds.hpp"
#include "pipetop/core/config/prefaults.hpp"
#include "pipetop/core/config/strategies.hpp"
#include "pipetop/core/config/transports.hpp"

namespace pipetop {
namespace {

std::string_view panels_words(PanelSet panels) {
  switch (panels) {
    case PanelSet::all:
      return "all panels";
    case PanelSet::chart_readout:
      return "chart + readout";
    case PanelSet::chart_only:
      break;
  }
  return "chart only";
}

// What a configuration key changed, part by part: "writer vmsplice", "gift off", "buffer 512 KiB".
std::string configuration_words(const RunConfig& a, const RunConfig& b) {
  std::vector<std::string> parts;
  if (a.writer != b.writer) parts.push_back("writer " + std::string(to_string(b.writer)));
  if (a.reader != b.reader) parts.push_back("reader " + std::string(to_string(b.reader)));
  if (a.transport != b.transport) parts.push_back("transport " + std::string(to_string(b.transport)));
  const bool pages = page_kind(a) != page_kind(b);
  const bool prefault = prefault_of(a) != prefault_of(b);
  if (pages) parts.push_back("pages " + std::string(to_string(page_kind(b))));
  if (prefault) parts.push_back("prefault " + std::string(to_string(prefault_of(b))));
  for (const FlagOption& flag : kFlagOptions) {
    // The flags that are a page kind (--huge-pages) and a prefault method (--no-touch) were named above.
    if ((pages && flag.member == &RunConfig::huge_pages) || (prefault && flag.member == &RunConfig::no_touch)) continue;
    if (a.*flag.member != b.*flag.member) parts.push_back(std::string(flag.words) + (b.*flag.member ? " on" : " off"));
  }
  if (a.buffer_bytes != b.buffer_bytes) parts.push_back("buffer " + format_size(b.buffer_bytes));
  if (a.buffer_offset != b.buffer_offset) parts.push_back("offset " + std::to_string(buffer_offset_bytes(b)) + " B");
  if (a.pipe_bytes != b.pipe_bytes) parts.push_back(b.pipe_bytes ? "pipe " + format_size(*b.pipe_bytes) : "pipe auto");
  if (a.writer_cpu != b.writer_cpu || a.reader_cpu != b.reader_cpu) parts.push_back(describe_cpus(b));
  std::string words;
  for (const std::string& p : parts) words += (words.empty() ? "" : ", ") + p;
  return words.empty() ? "no change" : words;
}

// What a view key changed, or "" when it changed none of them.
std::string view_words(const DashboardState& a, const DashboardState& b) {
  if (a.log_scale != b.log_scale) return b.log_scale ? "log axis" : "linear axis";
  if (a.frozen != b.frozen) return b.frozen ? "paused" : "running";
  if (a.theme != b.theme) return "theme " + std::string(to_string(b.theme));
  if (a.panels != b.panels) return std::string(panels_words(b.panels));
  if (a.leaderboard != b.leaderboard) return b.leaderboard ? "leaderboard" : "leaderboard closed";
  if (a.help != b.help || a.help_page != b.help_page) return b.help ? "help" : "help closed";
  return {};
}

}  // namespace

std::string key_name(int key) {
  switch (key) {
    case ' ':
      return "space";
    case kKeyRight:
      return "→";
    case kKeyLeft:
      return "←";
    case kKeyEscape:
      return "Esc";
    default:
      break;
  }
  return key > 32 && key < 127 ? std::string(1, static_cast<char>(key)) : "key " + std::to_string(key);
}

std::string key_echo(const KeyBinding& binding, int key, const DashboardState& before, const DashboardState& after) {
  std::string what;
  if (before.config != after.config) {
    what = configuration_words(before.config, after.config);
  } else if (std::string view = view_words(before, after); !view.empty()) {
    what = std::move(view);
  } else if (key == kKeyRight || key == kKeyLeft) {
    what = key == kKeyRight ? "next step" : "previous step";
  } else if (before.ladder_step != after.ladder_step || (key >= '1' && key < '1' + kLadderKeys)) {
    what = "ladder step " + std::to_string(after.ladder_step + 1);
  } else {
    what = std::string(binding.help);
  }
  return key_name(key) + " → " + what;
}

}  // namespace pipetop
