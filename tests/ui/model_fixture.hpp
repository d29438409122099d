#pragma once
// A DashboardModel built from a synthetic History (synthetic_session.hpp), and small helpers to read a
// TextCanvas back.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/config/strategies.hpp"
#include "pipetop/core/screen/history.hpp"
#include "pipetop/core/screen/key_table.hpp"
#include "pipetop/ui/dashboard_model.hpp"
#include "pipetop/ui/text_canvas.hpp"
#include "synthetic_session.hpp"
#include "unit/profile_fixture.hpp"

namespace pipetop::uitest {

using namespace pipetop::synthetic;

// Everything a DashboardModel refers to, in one place that outlives it.
struct Scene {
  DashboardState state;
  History history;
  std::string machine = "Test CPU @ 3.0GHz · Linux 6.1.0";
  std::string problem;
  std::string message;
  bool message_is_error = false;
  std::uint64_t dropped = 0;
  std::optional<double> ui_cpu_percent = 1.5;
  bool live = true;
  std::int64_t now_ns = 0;
  std::int64_t window_ns = 60 * kSec;
  std::optional<Baseline> baseline;
  std::string key_echo;
  std::optional<TourView> tour;
  std::string playback;
  std::string other_end;
  std::vector<PairFigure> pairs;
  std::optional<Ceiling> ceiling;
  std::optional<AbView> ab;
  std::vector<SideSpan> sides;

  [[nodiscard]] DashboardModel model() const {
    return DashboardModel{state,    history,        machine,  problem,   message,   message_is_error,
                          dropped,  ui_cpu_percent, live,     now_ns,    window_ns, baseline ? &*baseline : nullptr,
                          key_echo, tour,           playback, other_end, pairs,     ceiling,
                          ab,       sides};
  }
};

inline constexpr std::int64_t kStart = 1000 * kSec;

// About 70 s of a session as a user would drive it: write/read at 2 GiB/s for 25 s, "+vmsplice" at
// 8 GiB/s for 20 s, then "+splice" at 40 GiB/s for 25 s with one 10 ms stall in the middle. The chart's
// right edge is the last sample.
inline Scene standard_scene() {
  Scene s;
  SyntheticRun run(s.history);
  RunConfig c;
  c.writer_cpu = 0;
  c.reader_cpu = 1;
  run.begin(kStart, c);
  run.run(25 * kSec, 2.0);
  c.writer = WriterKind::vmsplice;
  run.begin(run.now() + 5 * kMs, c);
  run.run(20 * kSec, 8.0);
  c.reader = ReaderKind::splice;
  run.begin(run.now() + 5 * kMs, c);
  run.run(12 * kSec, 40.0);
  run.run(kTick, 0.0);
  run.run(13 * kSec, 40.0);
  s.state.config = c;
  s.state.pipe_bytes = s.history.pipe_bytes();
  s.now_ns = run.now();
  return s;
}

// Both workers of the current segment profiled at `t_ns` as the captured profiles `fixture`.writer
// and `fixture`.reader (tests/fixtures/profiles): cpu-clock at 1 kHz with kernel frames.
inline void profile_segment(History& history, std::int64_t t_ns, const std::string& fixture) {
  for (const WorkerRole role : {WorkerRole::writer, WorkerRole::reader}) {
    history.apply(ProfileStarted{t_ns, role, {"cpu-clock", ProfileMode::kernel_and_user, "", 1000}});
    ProfileBatch batch{t_ns, role, {}, 0};
    const std::string side = role == WorkerRole::writer ? ".writer" : ".reader";
    for (const testing::FoldedStack& stack : testing::parse_folded(testing::profile_fixture_text(fixture + side))) {
      for (std::uint64_t i = 0; i < stack.count; ++i) batch.samples.push_back(stack.sample);
    }
    history.apply(batch);
  }
}

// The standard scene's last segment profiled: both workers sampled as the captured blocking
// vmsplice/splice profiles (tests/fixtures/profiles), the reader finding the pipe full at 23 of every
// 25 looks ("reader-bound: the pipe is full 92% of the time").
inline Scene profiled_scene() {
  Scene s = standard_scene();
  s.history = History{};
  SyntheticRun run(s.history);
  RunConfig c = s.state.config;
  c.writer = WriterKind::write;
  c.reader = ReaderKind::read;
  run.begin(kStart, c);
  run.run(25 * kSec, 2.0);
  c.writer = WriterKind::vmsplice;
  c.reader = ReaderKind::splice;
  run.begin(run.now() + 5 * kMs, c);
  profile_segment(s.history, run.now(), "blocking-vmsplice-splice");
  for (int i = 0; i < 10; ++i) {
    run.set_pipe_fill(128 * 1024);
    run.run(2300 * kMs, 8.0);
    run.set_pipe_fill(0);
    run.run(200 * kMs, 8.0);
  }
  s.state.config = c;
  s.state.pipe_bytes = s.history.pipe_bytes();
  s.now_ns = run.now();
  return s;
}

// The same scene, built once: it is only read.
inline const Scene& shared_standard_scene() {
  static const Scene scene = standard_scene();
  return scene;
}

// ---- reading a TextCanvas back ----

// The glyphs of `w` cells of row `y` from `x`.
inline std::string cells(const TextCanvas& c, int x, int y, int w) {
  std::string out;
  for (int i = x; i < x + w; ++i) out += c.glyph_at(i, y);
  return out;
}

// The Unicode code point of a one-glyph UTF-8 string (0 when empty).
inline unsigned code_point(std::string_view g) {
  if (g.empty()) return 0;
  const auto b = [&](std::size_t i) { return static_cast<unsigned>(static_cast<unsigned char>(g[i])); };
  if (b(0) < 0x80) return b(0);
  if ((b(0) & 0xE0) == 0xC0 && g.size() >= 2) return ((b(0) & 0x1F) << 6) | (b(1) & 0x3F);
  if ((b(0) & 0xF0) == 0xE0 && g.size() >= 3) return ((b(0) & 0x0F) << 12) | ((b(1) & 0x3F) << 6) | (b(2) & 0x3F);
  if (g.size() >= 4) return ((b(0) & 0x07) << 18) | ((b(1) & 0x3F) << 12) | ((b(2) & 0x3F) << 6) | (b(3) & 0x3F);
  return 0;
}

inline bool is_braille(std::string_view g) {
  const unsigned cp = code_point(g);
  return cp >= 0x2800 && cp <= 0x28FF;
}

inline bool is_ascii(std::string_view text) {
  for (const char ch : text) {
    if (static_cast<unsigned char>(ch) >= 0x80) return false;
  }
  return true;
}

inline bool has(std::string_view haystack, std::string_view needle) {
  return haystack.find(needle) != std::string_view::npos;
}

// The cell column where `needle` starts on row `y`, or -1.
inline int column_of(const TextCanvas& c, int y, std::string_view needle) {
  for (int x = 0; x < c.width(); ++x) {
    if (cells(c, x, y, static_cast<int>(c.width() - x)).starts_with(needle)) return x;
  }
  return -1;
}

// The first row whose text contains `needle`, or -1.
inline int row_of(const TextCanvas& c, std::string_view needle) {
  for (int y = 0; y < c.height(); ++y) {
    if (has(c.line(y), needle)) return y;
  }
  return -1;
}

}  // namespace pipetop::uitest
