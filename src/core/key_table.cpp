#include "pipetop/core/key_table.hpp"

#include <algorithm>
#include <vector>

#include "pipetop/core/strategies.hpp"

namespace pipetop {
namespace {

using Binding = KeyBinding;

// Drops what the strategies now in place cannot take, so a strategy key never leaves a configuration
// that validate() would refuse for a reason the user did not touch.
void fit_flags_to_strategies(RunConfig& c) {
  if (!strategy_of(c.writer).can_gift) c.gift = false;
  if (!strategy_of(c.writer).references_pages) c.same_buffer = false;
  if (!strategy_of(c.reader).sees_bytes) c.verify = false;
}

template <class Kind, std::size_t N, class Row>
Kind next_kind(Kind now, const std::array<Row, N>& table) {
  for (std::size_t i = 0; i < N; ++i) {
    if (table[i].kind == now) return table[(i + 1) % N].kind;
  }
  return table[0].kind;
}

KeyEffect cycle_writer(DashboardState& s, const Binding&) {
  s.config.writer = next_kind(s.config.writer, kWriterStrategies);
  s.config.pipe_bytes.reset();  // a vmsplice writer sizes the pipe; leaving it, the pipe sizes itself again
  fit_flags_to_strategies(s.config);
  return KeyEffect::restart;
}

KeyEffect cycle_reader(DashboardState& s, const Binding&) {
  s.config.reader = next_kind(s.config.reader, kReaderStrategies);
  fit_flags_to_strategies(s.config);
  return KeyEffect::restart;
}

KeyEffect toggle_flag(DashboardState& s, const Binding& b) {
  s.config.*b.flag->member = !(s.config.*b.flag->member);
  return KeyEffect::restart;
}

bool flag_is_on(const DashboardState& s, const Binding& b) {
  return (s.config.*b.flag->member) != b.flag->inverted;
}

KeyEffect scale_buffer(DashboardState& s, bool up) {
  s.config.buffer_bytes = up ? s.config.buffer_bytes * 2 : std::max<std::uint64_t>(s.config.buffer_bytes / 2, 1);
  return KeyEffect::restart;
}

// With a writer that sizes the pipe (vmsplice) the pipe is half the buffer: the pipe keys move the
// buffer, and the pipe follows. Otherwise they set --pipe-size from the running pipe.
KeyEffect scale_pipe(DashboardState& s, bool up) {
  if (strategy_of(s.config.writer).references_pages) return scale_buffer(s, up);
  const std::uint64_t now = s.config.pipe_bytes.value_or(s.pipe_bytes != 0 ? s.pipe_bytes : 64 * kKiB);
  s.config.pipe_bytes = up ? now * 2 : std::max<std::uint64_t>(now / 2, 4096);
  return KeyEffect::restart;
}

KeyEffect cycle_pinning(DashboardState& s, const Binding&) {
  switch (pinning_of(s.config, s.separate)) {
    case Pinning::separate_cores:
      s.config.writer_cpu = s.separate.writer;
      s.config.reader_cpu = s.separate.writer;
      break;
    case Pinning::same_core:
      s.config.writer_cpu = kUnpinned;
      s.config.reader_cpu = kUnpinned;
      break;
    case Pinning::unpinned:
      s.config.writer_cpu = s.separate.writer;
      s.config.reader_cpu = s.separate.reader;
      break;
  }
  return KeyEffect::restart;
}

KeyEffect effect_only(KeyEffect effect) {
  return effect;
}

// The number key of step `n` (from 1); the first one is labelled for all of them.
static_assert(kLadderKeys == 6, "the ladder keys' label and rows name six steps");
Binding ladder_key(int n) {
  const bool first = n == 1;
  return {'0' + n,
          0,
          first ? "1-6" : "",
          first ? "ladder" : "",
          first ? "ladder step 1 to 6" : "",
          nullptr,
          [](DashboardState& s, const Binding& b) {
            s.ladder_step = b.key - '1';
            return KeyEffect::ladder_step;
          },
          nullptr};
}

Binding flag_key(bool RunConfig::*member) {
  const FlagOption& f = flag_option(member);
  return {f.key, 0, std::string_view(&f.key, 1), f.footer, f.key_help, &f, toggle_flag, flag_is_on};
}

std::vector<Binding> make_bindings() {
  return {
      {'v', 0, "v", "vmsplice", "write ⇄ vmsplice", nullptr, cycle_writer,
       [](const DashboardState& s, const Binding&) { return s.config.writer != RunConfig{}.writer; }},
      {'s', 0, "s", "splice", "read ⇄ splice", nullptr, cycle_reader,
       [](const DashboardState& s, const Binding&) { return s.config.reader != RunConfig{}.reader; }},
      flag_key(&RunConfig::huge_pages),
      flag_key(&RunConfig::busy_loop),
      {'+', '=', "+/-", "buffer", "buffer size ×2 / ÷2", nullptr,
       [](DashboardState& s, const Binding&) { return scale_buffer(s, true); }, nullptr},
      {'-', '_', "", "", "", nullptr, [](DashboardState& s, const Binding&) { return scale_buffer(s, false); },
       nullptr},
      {'c', 0, "c", "cpu", "cpus: apart/same/any", nullptr, cycle_pinning, nullptr},
      {']', 0, "]/[", "pipe", "pipe size ×2 / ÷2", nullptr,
       [](DashboardState& s, const Binding&) { return scale_pipe(s, true); }, nullptr},
      {'[', 0, "", "", "", nullptr, [](DashboardState& s, const Binding&) { return scale_pipe(s, false); }, nullptr},
      flag_key(&RunConfig::poll),
      flag_key(&RunConfig::gift),
      flag_key(&RunConfig::lock_memory),
      flag_key(&RunConfig::no_touch),
      flag_key(&RunConfig::same_buffer),
      flag_key(&RunConfig::verify),
      flag_key(&RunConfig::user_only),
      flag_key(&RunConfig::no_counters),
      {'l', 0, "l", "log", "y axis linear ⇄ log", nullptr,
       [](DashboardState& s, const Binding&) {
         s.log_scale = !s.log_scale;
         return KeyEffect::redraw;
       },
       [](const DashboardState& s, const Binding&) { return s.log_scale; }},
      {' ', 0, "space", "pause", "pause display / tour", nullptr,
       [](DashboardState& s, const Binding&) {
         s.frozen = !s.frozen;
         return KeyEffect::redraw;
       },
       [](const DashboardState& s, const Binding&) { return s.frozen; }},
      {kKeyRight, 0, "→/←", "step", "next / previous step", nullptr,
       [](DashboardState&, const Binding&) { return effect_only(KeyEffect::next_step); }, nullptr},
      {kKeyLeft, 0, "", "", "", nullptr,
       [](DashboardState&, const Binding&) { return effect_only(KeyEffect::previous_step); }, nullptr},
      ladder_key(1),
      ladder_key(2),
      ladder_key(3),
      ladder_key(4),
      ladder_key(5),
      ladder_key(6),
      {'B', 0, "B", "base", "pin as the baseline", nullptr,
       [](DashboardState&, const Binding&) { return effect_only(KeyEffect::pin_baseline); }, nullptr},
      {'L', 0, "L", "board", "leaderboard (x: csv)", nullptr,
       [](DashboardState& s, const Binding&) {
         s.leaderboard = !s.leaderboard;
         s.help = false;
         return KeyEffect::redraw;
       },
       [](const DashboardState& s, const Binding&) { return s.leaderboard; }},
      {'z', 0, "z", "panels", "panels: all/chart", nullptr,
       [](DashboardState& s, const Binding&) {
         s.panels = next_panels(s.panels);
         return KeyEffect::redraw;
       },
       [](const DashboardState& s, const Binding&) { return s.panels != PanelSet::all; }},
      {'T', 0, "T", "theme", "theme dark/light/hc", nullptr,
       [](DashboardState& s, const Binding&) {
         s.theme = next_theme(s.theme);
         return KeyEffect::redraw;
       },
       nullptr},
      {'w', 0, "w", "why", "where the time goes", nullptr,
       [](DashboardState& s, const Binding&) {
         s.profile_panel = !s.profile_panel;
         return KeyEffect::redraw;
       },
       [](const DashboardState& s, const Binding&) { return s.profile_panel; }},
      {'r', 0, "r", "reset", "reset history", nullptr,
       [](DashboardState&, const Binding&) { return effect_only(KeyEffect::reset_history); }, nullptr},
      {'x', 0, "x", "export", "export segment files", nullptr,
       [](DashboardState&, const Binding&) { return effect_only(KeyEffect::export_segment); }, nullptr},
      {'?', 'H', "?", "help", "help: keys, figures", nullptr,
       [](DashboardState& s, const Binding&) {
         s.help_page = s.help ? s.help_page + 1 : 0;  // closed → keys → figures → closed
         s.help = s.help_page < 2;
         s.leaderboard = false;
         return KeyEffect::redraw;
       },
       nullptr},
      {'q', 'Q', "q", "quit", "quit (also Ctrl-C)", nullptr,
       [](DashboardState&, const Binding&) { return effect_only(KeyEffect::quit); }, nullptr},
  };
}

}  // namespace

std::span<const KeyBinding> key_bindings() {
  static const std::vector<KeyBinding> bindings = make_bindings();
  return bindings;
}

const KeyBinding* find_key(int key) {
  for (const KeyBinding& k : key_bindings()) {
    if (k.key == key || (k.alternate != 0 && k.alternate == key)) return &k;
  }
  return nullptr;
}

KeyEffect press(const KeyBinding& binding, DashboardState& state) {
  return binding.apply(state, binding);
}

bool key_is_on(const KeyBinding& binding, const DashboardState& state) {
  return binding.is_on != nullptr && binding.is_on(state, binding);
}

bool key_configures(const KeyBinding& binding) {
  DashboardState scratch;
  return press(binding, scratch) == KeyEffect::restart;
}

bool key_available(const KeyBinding& binding, DashboardMode mode) {
  return mode != DashboardMode::replay || !key_configures(binding);
}

std::string key_refusal(const KeyBinding& binding, const DashboardState& state) {
  if (!key_available(binding, state.mode)) return "a replay shows what was recorded: its configuration cannot change";
  if (state.ends == EndsKind::own_pair) return {};
  DashboardState next = state;
  const KeyEffect effect = press(binding, next);
  const bool we_read = state.ends != EndsKind::stdout_writer;
  const std::string theirs = "the " + std::string(other_end_words(state.ends)) + (we_read ? " writes" : " reads");
  const std::string ours =
      we_read ? "pipetop reads: s, b, h, +/-, ]/[, c apply" : "pipetop writes: v, h, b, g, o, +/-, ]/[, c apply";
  if (effect == KeyEffect::next_step || effect == KeyEffect::previous_step || effect == KeyEffect::ladder_step) {
    return "the ladder's steps set both ends, but " + theirs + " here; " + ours;
  }
  if (effect != KeyEffect::restart) return {};
  const RunConfig& a = state.config;
  const RunConfig& b = next.config;
  bool writer_side = a.writer != b.writer;
  const bool reader_side = a.reader != b.reader;
  for (const FlagOption& flag : kFlagOptions) {
    if (a.*flag.member == b.*flag.member) continue;
    if (flag.side == FlagSide::both_ends) {
      return std::string(flag.words) + " needs pipetop at both ends, but " + theirs + " here; " + ours;
    }
    writer_side = writer_side || flag.side == FlagSide::writer;
  }
  if (we_read ? writer_side : reader_side) {
    return std::string(binding.label) + " sets the " + (we_read ? "writer" : "reader") + ", but " + theirs + " here; " +
           ours;
  }
  return {};
}

Pinning pinning_of(const RunConfig& config, const CpuPair& separate) {
  const int w = config.writer_cpu.value_or(separate.writer);
  const int r = config.reader_cpu.value_or(separate.reader);
  if (w == kUnpinned && r == kUnpinned) return Pinning::unpinned;
  if (w == r) return Pinning::same_core;
  return Pinning::separate_cores;
}

}  // namespace pipetop
