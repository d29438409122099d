#include "pipetop/core/screen/key_table.hpp"

#include <algorithm>
#include <vector>

#include "pipetop/core/config/page_kinds.hpp"
#include "pipetop/core/config/prefaults.hpp"
#include "pipetop/core/config/strategies.hpp"
#include "pipetop/core/config/transports.hpp"

namespace pipetop {
namespace {

using Binding = KeyBinding;

// Drops what the strategies now in place cannot take, so a strategy key never leaves a configuration
// that validate() would refuse for a reason the user did not touch.
void fit_flags_to_strategies(RunConfig& c) {
  if (!strategy_of(c.writer).can_gift) c.gift = false;
  if (!strategy_of(c.writer).references_pages) c.same_buffer = false;
  if (!strategy_of(c.reader).sees_bytes) c.verify = false;
  if (c.writer != WriterKind::write || !transport_of(c.transport).takes_zerocopy) c.zerocopy = false;
}

// The next transport; a writer that needs a pipe (vmsplice) goes back to write on one without, and the
// pipe size goes back to the transport's own default.
KeyEffect cycle_transport(DashboardState& s, const Binding&) {
  s.config.transport = next_transport(s.config.transport);
  if (!check_transport(s.config) && s.config.writer == WriterKind::vmsplice) s.config.writer = WriterKind::write;
  s.config.pipe_bytes.reset();
  fit_flags_to_strategies(s.config);
  return KeyEffect::restart;
}

template <class Kind, std::size_t N, class Row>
Kind next_kind(Kind now, const std::array<Row, N>& table) {
  for (std::size_t i = 0; i < N; ++i) {
    if (table[i].kind == now) return table[(i + 1) % N].kind;
  }
  return table[0].kind;
}

KeyEffect cycle_writer(DashboardState& s, const Binding&) {
  // The article's two (sendfile, a neighbour of theirs, is the command line's): any other goes to write.
  s.config.writer = s.config.writer == WriterKind::write ? WriterKind::vmsplice : WriterKind::write;
  s.config.pipe_bytes.reset();  // a vmsplice writer sizes the pipe; leaving it, the pipe sizes itself again
  fit_flags_to_strategies(s.config);
  return KeyEffect::restart;
}

KeyEffect cycle_reader(DashboardState& s, const Binding&) {
  s.config.reader = next_kind(s.config.reader, kReaderStrategies);
  fit_flags_to_strategies(s.config);
  return KeyEffect::restart;
}

// The flags that are a page kind (--huge-pages) and a prefault method (--no-touch) take the place of
// the other spelling's choice, and THP pages are populated by madvise, not MAP_POPULATE (check_prefault).
void fit_memory(RunConfig& c) {
  if (c.huge_pages) c.pages = PageKind::small;
  if (c.no_touch) c.prefault = Prefault::touch;
  if (c.huge_pages && c.prefault == Prefault::populate) c.prefault = Prefault::madvise;
}

KeyEffect toggle_flag(DashboardState& s, const Binding& b) {
  s.config.*b.flag->member = !(s.config.*b.flag->member);
  fit_memory(s.config);
  return KeyEffect::restart;
}

// The next page kind: on from the one the last press asked for when that was refused (hugetlb pages
// not reserved: the status line said what to run), so a refused kind does not hold the key.
KeyEffect cycle_pages(DashboardState& s, const Binding&) {
  const PageKind now = page_kind(s.config);
  PageKind next = next_page_kind(s.pages_refused.value_or(now));
  if (next == now) next = next_page_kind(next);
  s.pages_refused.reset();
  s.config.huge_pages = false;
  s.config.pages = PageKind::small;
  ask_page_kind(s.config, next);
  fit_memory(s.config);
  return KeyEffect::restart;
}

KeyEffect cycle_prefaults(DashboardState& s, const Binding&) {
  cycle_prefault(s.config);
  return KeyEffect::restart;
}

bool flag_is_on(const DashboardState& s, const Binding& b) {
  return (s.config.*b.flag->member) != b.flag->inverted;
}

KeyEffect scale_buffer(DashboardState& s, bool up) {
  s.config.buffer_bytes = up ? s.config.buffer_bytes * 2 : std::max<std::uint64_t>(s.config.buffer_bytes / 2, 1);
  return KeyEffect::restart;
}

// --pipe-size from the running pipe (key_refusal refuses them where the writer sizes the pipe).
KeyEffect scale_pipe(DashboardState& s, bool up) {
  const std::uint64_t now = s.config.pipe_bytes.value_or(s.pipe_bytes != 0 ? s.pipe_bytes : 64 * kKiB);
  s.config.pipe_bytes = up ? now * 2 : std::max<std::uint64_t>(now / 2, 4096);
  return KeyEffect::restart;
}

// The buffer's offset past a page boundary: 0 (aligned) → 16 (the seed's malloc) → 2048 → 4095 → 0.
KeyEffect cycle_offset(DashboardState& s, const Binding&) {
  const std::uint64_t now = buffer_offset_bytes(s.config);
  const auto next = std::find_if(kBufferOffsetSteps.begin(), kBufferOffsetSteps.end(),
                                 [now](std::uint64_t step) { return step > now; });
  s.config.buffer_offset = next == kBufferOffsetSteps.end() ? kBufferOffsetSteps.front() : *next;
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
      {kWriterKey.key, 0, std::string_view(&kWriterKey.key, 1), kWriterKey.footer, kWriterKey.help, nullptr,
       cycle_writer, [](const DashboardState& s, const Binding&) { return s.config.writer != RunConfig{}.writer; }},
      {kReaderKey.key, 0, std::string_view(&kReaderKey.key, 1), kReaderKey.footer, kReaderKey.help, nullptr,
       cycle_reader, [](const DashboardState& s, const Binding&) { return s.config.reader != RunConfig{}.reader; }},
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
      {'f', 0, "f", "transport", "pipe/fifo/unix/tcp", nullptr, cycle_transport,
       [](const DashboardState& s, const Binding&) { return s.config.transport != RunConfig{}.transport; }},
      {kPagesKey.key, 0, std::string_view(&kPagesKey.key, 1), kPagesKey.footer, kPagesKey.help, nullptr, cycle_pages,
       [](const DashboardState& s, const Binding&) { return page_kind(s.config) != PageKind::small; }},
      {kPrefaultKey.key, 0, std::string_view(&kPrefaultKey.key, 1), kPrefaultKey.footer, kPrefaultKey.help, nullptr,
       cycle_prefaults,
       [](const DashboardState& s, const Binding&) { return prefault_of(s.config) != Prefault::touch; }},
      {'O', 0, "O", "offset", "offset 0/16/2048/4095", nullptr, cycle_offset,
       // Lit once the user placed the buffers: under --huge-pages the seed's own placement is aligned.
       [](const DashboardState& s, const Binding&) { return s.config.buffer_offset.has_value(); }},
      flag_key(&RunConfig::poll),
      flag_key(&RunConfig::gift),
      flag_key(&RunConfig::lock_memory),
      flag_key(&RunConfig::no_touch),
      flag_key(&RunConfig::same_buffer),
      flag_key(&RunConfig::verify),
      flag_key(&RunConfig::zerocopy),
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
      {'a', 0, "a", "A/B", "A/B: vs previous/B", nullptr,
       [](DashboardState&, const Binding&) { return effect_only(KeyEffect::ab_rounds); },
       [](const DashboardState& s, const Binding&) { return s.ab; }},
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
  DashboardState scratch = state;
  if (press(binding, scratch) == KeyEffect::ab_rounds && state.mode != DashboardMode::live) {
    return state.mode == DashboardMode::replay
               ? "a replay shows what was recorded: A/B needs a live pair"
               : "the tour's schedule sets the configuration: A/B runs in the dashboard";
  }
  if ((binding.key == ']' || binding.key == '[') && lends_pages_to_pipe(state.config)) {
    return "with " + std::string(to_string(state.config.writer)) +
           " the pipe is half the buffer (the article's rule): +/- size both";
  }
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
  if (a.transport != b.transport) {
    return "the transport joins pipetop's writer to its reader, but " + theirs + " here through its own pipe; " + ours;
  }
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
