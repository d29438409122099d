// The real dashboard in a real terminal: pipetop under tmux at fixed sizes, keys sent, the screen
// polled until what should be there is there (never a blind sleep), processes checked in /proc.

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <optional>
#include <ostream>
#include <regex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "cpu_hog.hpp"
#include "pipetop/core/screen/layout.hpp"
#include "tmux/dashboard_screen.hpp"
#include "tmux/tmux_gtest.hpp"
#include "tmux/tmux_session.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;
using tmux_testing::expect_terminal_restored;
using tmux_testing::has_figure;
using tmux_testing::is_running;
using tmux_testing::kPrintTty;
using tmux_testing::screen_row;
using tmux_testing::SessionOptions;
using tmux_testing::shown;
using tmux_testing::TmuxSession;
using tmux_testing::wait_row;
using tmux_testing::Waited;

struct Size {
  int width;
  int height;
};

std::string size_name(const Size& s) {
  return std::to_string(s.width) + "x" + std::to_string(s.height);
}
void PrintTo(const Size& s, std::ostream* os) {
  *os << size_name(s);
}  // for ctest's test names

// Starts the dashboard and waits for its first figure.
std::unique_ptr<TmuxSession> start(Size size, std::vector<std::string> args = {},
                                   std::vector<std::pair<std::string, std::string>> env = {},
                                   std::string after = "sleep 30") {
  SessionOptions options;
  options.width = size.width;
  options.height = size.height;
  options.args = std::move(args);
  options.env = std::move(env);
  options.after = std::move(after);
  auto session = std::make_unique<TmuxSession>(std::move(options));
  EXPECT_EQ(session->start_error(), "");
  EXPECT_TRUE(shown(session->wait_for("the dashboard with a GiB/s figure", has_figure))) << session->command();
  return session;
}

std::string header(const TmuxSession& s) {
  return screen_row(s.capture(), 0);
}
std::string status_row(const std::string& screen, const TmuxSession& s) {
  return screen_row(screen, static_cast<std::size_t>(s.height() - 2));
}
std::string footer_row(const std::string& screen, const TmuxSession& s) {
  return screen_row(screen, static_cast<std::size_t>(s.height() - 1));
}

// The first `cells` characters of a line (every character on pipetop's screen is one cell wide).
std::string first_cells(const std::string& line, int cells) {
  std::size_t i = 0;
  for (int c = 0; c < cells && i < line.size(); ++c) {
    ++i;
    while (i < line.size() && (static_cast<unsigned char>(line[i]) & 0xC0) == 0x80) ++i;
  }
  return line.substr(0, i);
}

// The cell column of byte offset `at` in a line.
int cell_of(const std::string& line, std::size_t at) {
  int cells = 0;
  for (std::size_t i = 0; i < at && i < line.size(); ++i) {
    if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) ++cells;
  }
  return cells;
}

// The chart's rows, without the readout beside them: the unit and labels row, the plot and the time
// axis, where the layout puts them with the profile panel shown (as it starts).
std::vector<std::string> chart_rows(const std::string& screen, int width, int height) {
  const Rect chart = layout_dashboard(width, height, {.profile = true}).chart;
  std::vector<std::string> rows;
  for (int r = chart.y; r < chart.y + chart.h; ++r) {
    rows.push_back(first_cells(screen_row(screen, static_cast<std::size_t>(r)), chart.w));
  }
  return rows;
}

bool has_braille(const std::string& screen) {
  // U+2800..U+28FF is E2 A0 80 .. E2 A3 BF in UTF-8.
  for (std::size_t i = 0; i + 2 < screen.size(); ++i) {
    const auto b0 = static_cast<unsigned char>(screen[i]);
    const auto b1 = static_cast<unsigned char>(screen[i + 1]);
    if (b0 == 0xE2 && b1 >= 0xA0 && b1 <= 0xA3) return true;
  }
  return false;
}

bool has_box_drawing(const std::string& screen) {
  // U+2500..U+257F is E2 94 80 .. E2 95 BF.
  for (std::size_t i = 0; i + 2 < screen.size(); ++i) {
    const auto b0 = static_cast<unsigned char>(screen[i]);
    const auto b1 = static_cast<unsigned char>(screen[i + 1]);
    if (b0 == 0xE2 && (b1 == 0x94 || b1 == 0x95)) return true;
  }
  return false;
}

// The distinct non-ASCII characters of a screen, space-separated ("" when there are none).
std::string non_ascii(const std::string& screen) {
  std::set<std::string> found;
  for (std::size_t i = 0; i < screen.size();) {
    const auto b = static_cast<unsigned char>(screen[i]);
    if (b < 0x80) {
      ++i;
      continue;
    }
    const std::size_t n = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
    found.insert(screen.substr(i, n));
    i += n;
  }
  std::string list;
  for (const std::string& c : found) {
    // The code point, for the message: U+2192 (→).
    auto cp = static_cast<unsigned>(static_cast<unsigned char>(c[0]));
    if (c.size() > 1) cp &= 0xFFu >> (c.size() + 1);
    for (std::size_t k = 1; k < c.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(c[k]) & 0x3Fu);
    char code[16];
    std::snprintf(code, sizeof code, "U+%04X", cp);
    list += (list.empty() ? "" : " ") + std::string(code) + " (" + c + ")";
  }
  return list;
}

// An SGR escape that sets a foreground or background colour (30-37, 39-47, 49, 90-107, 38;..., 48;...).
bool has_colour(const std::string& capture) {
  static const std::regex sgr("\x1b\\[([0-9;]*)m");
  for (auto it = std::sregex_iterator(capture.begin(), capture.end(), sgr); it != std::sregex_iterator(); ++it) {
    std::string params = (*it)[1].str();
    std::size_t from = 0;
    while (from <= params.size()) {
      const std::size_t to = std::min(params.find(';', from), params.size());
      const std::string p = params.substr(from, to - from);
      if (!p.empty()) {
        const int n = std::stoi(p);
        if ((n >= 30 && n <= 38) || (n >= 40 && n <= 48) || (n >= 90 && n <= 107)) return true;
      }
      from = to + 1;
    }
  }
  return false;
}

// ---- at each size -------------------------------------------------------------------------------

class DashboardAt : public ::testing::TestWithParam<Size> {};

INSTANTIATE_TEST_SUITE_P(Sizes, DashboardAt, ::testing::Values(Size{80, 24}, Size{120, 40}),
                         [](const auto& param_info) { return size_name(param_info.param); });

TEST_P(DashboardAt, StartsWithHeaderFigureAndFooter) {
  SKIP_WITHOUT_TMUX();
  const auto s = start(GetParam());
  const std::string screen = s->capture();
  const std::string top = screen_row(screen, 0);
  EXPECT_TRUE(top.starts_with(" pipetop ")) << screen;
  EXPECT_NE(top.find("writer write"), std::string::npos) << screen;
  EXPECT_NE(top.find("reader read"), std::string::npos) << screen;
  EXPECT_NE(top.find("buffer 256 KiB"), std::string::npos) << screen;
  EXPECT_NE(screen.find("GiB/s now"), std::string::npos) << screen;
  EXPECT_NE(screen.find("since write/read"), std::string::npos) << screen;
  EXPECT_TRUE(screen_row(screen, 2).starts_with("GiB/s")) << screen;
  const std::string footer = footer_row(screen, *s);
  EXPECT_NE(footer.find("? help"), std::string::npos) << screen;
  EXPECT_NE(footer.find("q quit"), std::string::npos) << screen;
  // The dashboard's own CPU shows once it has been measured (after about a second).
  EXPECT_TRUE(shown(wait_row(*s, s->height() - 2, "% cpu")));
  EXPECT_TRUE(has_braille(screen)) << "the chart draws with braille in a UTF-8 locale\n" << screen;
  EXPECT_TRUE(has_colour(s->capture_colour())) << "colours without NO_COLOR";
  EXPECT_EQ(s->wait_for_workers(2).size(), 2U);
}

TEST_P(DashboardAt, TogglesChangeTheHeaderTheStatusAndTheSegment) {
  SKIP_WITHOUT_TMUX();
  const auto s = start(GetParam());
  struct Step {
    const char* key;
    const char* header;  // as the header says it
    const char* label;   // as the change is labelled
  };
  // Words both header forms share: at 80 columns the header switches to its compact form.
  const Step steps[] = {
      {"v", "vmsplice", "+vmsplice"}, {"s", "splice", "+splice"}, {"h", "huge", "+huge"}, {"b", "busy", "+busy"}};
  for (const Step& step : steps) {
    SCOPED_TRACE(std::string("key ") + step.key);
    ASSERT_TRUE(s->send_key(step.key));
    ASSERT_TRUE(shown(wait_row(*s, s->height() - 2, std::string("now: ") + step.label)));
    ASSERT_TRUE(shown(wait_row(*s, 0, step.header)));
    ASSERT_TRUE(shown(s->wait_for_text(std::string("since ") + step.label)));
    // The new workers deliver: the figure for the new segment appears.
    ASSERT_TRUE(shown(s->wait_for("a figure for the new segment", has_figure)));
  }
  const std::string top = header(*s);
  for (const Step& step : steps) EXPECT_NE(top.find(step.header), std::string::npos) << top;
  if (s->width() >= 100) {
    EXPECT_NE(top.find("busy loop"), std::string::npos) << top;
  }
  // A dotted marker line stands in the chart at the changes.
  EXPECT_TRUE(shown(s->wait_for("a change marker in the chart",
                                [](const std::string& screen) { return screen.find("┊") != std::string::npos; })));
  EXPECT_EQ(s->wait_for_workers(2).size(), 2U);
}

TEST_P(DashboardAt, RefusedToggleSaysWhyAndChangesNothing) {
  SKIP_WITHOUT_TMUX();
  const auto s = start(GetParam());
  const std::vector<pid_t> before = s->wait_for_workers(2);
  ASSERT_EQ(before.size(), 2U);
  ASSERT_TRUE(s->send_key("g"));
  const Waited refused = wait_row(*s, s->height() - 2, "refused: --gift needs --writer vmsplice");
  ASSERT_TRUE(shown(refused));
  EXPECT_NE(screen_row(refused.screen, 0).find("writer write"), std::string::npos) << refused.screen;
  EXPECT_EQ(screen_row(refused.screen, 0).find("gift"), std::string::npos) << refused.screen;
  EXPECT_EQ(s->wait_for_workers(2), before) << "a refused change restarts nothing";
}

// Issue 22: P cycles the page kinds; a hugetlb kind the pool cannot serve is refused in the status
// line with the command to run, and the next press goes on past it. F cycles the prefault methods.
TEST(DashboardPages, PagesKeyGoesOnPastARefusedKindAndFNamesThePrefaultMethod) {
  SKIP_WITHOUT_TMUX();
  const auto s = start(Size{120, 40});
  ASSERT_TRUE(shown(s->wait_for("a figure", has_figure)));
  ASSERT_TRUE(s->send_key("P"));
  ASSERT_TRUE(shown(wait_row(*s, 0, "huge pages"))) << "thp is the seed's huge pages";
  std::ifstream free_file("/sys/kernel/mm/hugepages/hugepages-2048kB/free_hugepages");
  long free_pages = 0;
  free_file >> free_pages;
  ASSERT_TRUE(s->send_key("P"));
  if (free_pages < 2) {
    ASSERT_TRUE(shown(wait_row(*s, s->height() - 2, "refused: --pages hugetlb needs 2 free 2 MiB hugetlb pages")));
    ASSERT_TRUE(s->send_key("P"));  // on to 1 GiB pages, past the refused kind
    ASSERT_TRUE(shown(wait_row(*s, s->height() - 2, "refused: --pages hugetlb-1g")));
  } else {
    ASSERT_TRUE(shown(wait_row(*s, 0, "pages hugetlb")));
    ASSERT_TRUE(s->send_key("P"));
  }
  ASSERT_TRUE(s->send_key("P"));  // back to small pages
  ASSERT_TRUE(shown(s->wait_for("small pages again", [](const std::string& screen) {
    return screen_row(screen, 0).find("huge") == std::string::npos &&
           screen_row(screen, 0).find("pages hugetlb") == std::string::npos;
  })));
  ASSERT_TRUE(s->send_key("F"));
  ASSERT_TRUE(shown(wait_row(*s, 0, "prefault populate")));
  // "now: +populate", or "now: -huge +populate" when the two presses fall into one restart.
  ASSERT_TRUE(shown(wait_row(*s, s->height() - 2, "+populate")));
  EXPECT_EQ(s->wait_for_workers(2).size(), 2U);
}

TEST_P(DashboardAt, HelpOpensAndClosesWithQuestionMarkAndEscape) {
  SKIP_WITHOUT_TMUX();
  const auto s = start(GetParam());
  const std::string title = "pipetop: keys (1/2)";
  const std::string figures = "pipetop: figures (2/2)";
  ASSERT_TRUE(s->send_key("?"));
  const Waited open = s->wait_for_text(title);
  ASSERT_TRUE(shown(open));
  EXPECT_NE(open.screen.find("write ⇄ vmsplice"), std::string::npos) << open.screen;
  EXPECT_NE(open.screen.find("pin as the baseline"), std::string::npos) << open.screen;
  ASSERT_TRUE(s->send_key("?"));
  const Waited second = s->wait_for_text(figures);
  ASSERT_TRUE(shown(second));
  EXPECT_NE(second.screen.find("mean p5/p95"), std::string::npos) << second.screen;
  ASSERT_TRUE(s->send_key("?"));
  ASSERT_TRUE(shown(s->wait_for_absent(figures)));
  ASSERT_TRUE(s->send_key("?"));
  ASSERT_TRUE(shown(s->wait_for_text(title)));
  ASSERT_TRUE(s->send_key("Escape"));
  ASSERT_TRUE(shown(s->wait_for_absent(title)));
  EXPECT_TRUE(shown(s->wait_for("the dashboard again", has_figure)));
}

TEST_P(DashboardAt, TooSmallThenBackToTheDashboard) {
  SKIP_WITHOUT_TMUX();
  const Size size = GetParam();
  const auto s = start(size);
  ASSERT_TRUE(s->resize(50, 12));
  const Waited small = s->wait_for_text("terminal too small: needs 60×16");
  ASSERT_TRUE(shown(small));
  EXPECT_NE(small.screen.find("now 50×12, q quits"), std::string::npos) << small.screen;
  EXPECT_EQ(small.screen.find("GiB/s now"), std::string::npos) << small.screen;
  ASSERT_TRUE(s->resize(size.width, size.height));
  ASSERT_TRUE(shown(s->wait_for_absent("terminal too small")));
  const Waited back = s->wait_for("the dashboard again", has_figure);
  ASSERT_TRUE(shown(back));
  EXPECT_TRUE(screen_row(back.screen, 0).starts_with(" pipetop ")) << back.screen;
  EXPECT_NE(footer_row(back.screen, *s).find("q quit"), std::string::npos) << back.screen;
  // Just at the minimum the dashboard is drawn, not the notice.
  ASSERT_TRUE(s->resize(60, 16));
  ASSERT_TRUE(shown(s->wait_for("the dashboard at 60x16", [](const std::string& screen) {
    return screen.find("GiB/s now") != std::string::npos && screen.find("too small") == std::string::npos;
  })));
}

TEST_P(DashboardAt, SpaceFreezesAndUnfreezes) {
  SKIP_WITHOUT_TMUX();
  const auto s = start(GetParam());
  ASSERT_TRUE(s->send_key("Space"));
  const Waited frozen = wait_row(*s, 0, "FROZEN");
  ASSERT_TRUE(shown(frozen));
  // Frozen, the chart stands still for as long as we look (the workers run on)...
  const std::vector<std::string> still = chart_rows(s->capture(), s->width(), s->height());
  const auto chart_moved = [&](const std::string& screen) {
    return chart_rows(screen, s->width(), s->height()) != still;
  };
  const Waited moved_while_frozen = s->wait_for("the frozen chart to move", chart_moved, 1500ms);
  EXPECT_FALSE(moved_while_frozen.ok) << "the chart moved while frozen:\n" << moved_while_frozen.screen;
  ASSERT_TRUE(s->send_key("Space"));
  ASSERT_TRUE(shown(s->wait_for("FROZEN gone from the header", [](const std::string& screen) {
    return screen_row(screen, 0).find("FROZEN") == std::string::npos;
  })));
  // ...and moves again once thawed.
  EXPECT_TRUE(shown(s->wait_for("the chart to move again", chart_moved)));
}

TEST_P(DashboardAt, LSwitchesTheAxisToLog) {
  SKIP_WITHOUT_TMUX();
  const auto s = start(GetParam());
  ASSERT_TRUE(s->send_key("l"));
  ASSERT_TRUE(shown(wait_row(*s, 2, "GiB/s log")));
  ASSERT_TRUE(s->send_key("l"));
  ASSERT_TRUE(shown(s->wait_for("the linear axis again", [](const std::string& screen) {
    const std::string row = screen_row(screen, 2);
    return row.starts_with("GiB/s") && row.find("GiB/s log") == std::string::npos;
  })));
}

TEST_P(DashboardAt, BufferPipeAndPinningKeys) {
  SKIP_WITHOUT_TMUX();
  const auto s = start(GetParam());
  struct Step {
    const char* key;
    const char* header;
    const char* label;
  };
  const Step steps[] = {{"+", "buffer 512 KiB", "buf 512K"},
                        {"-", "buffer 256 KiB", "buf 256K"},
                        {"]", "pipe 128 KiB", "pipe 128K"},
                        {"c", "cpu 0→0 same", "cpu 0→0"},
                        {"c", "cpu any→any", "cpu *→*"}};
  for (const Step& step : steps) {
    SCOPED_TRACE(std::string("key ") + step.key);
    ASSERT_TRUE(s->send_key(step.key));
    ASSERT_TRUE(shown(wait_row(*s, s->height() - 2, std::string("now: ") + step.label)));
    if (s->width() >= 100) {  // at 80 columns the header is cut before the cpus
      ASSERT_TRUE(shown(wait_row(*s, 0, step.header)));
    }
  }
  EXPECT_TRUE(shown(s->wait_for("a figure for the last segment", has_figure)));
}

TEST(DashboardChart, ChangeMarkerAndItsLabelScrollIntoView) {
  SKIP_WITHOUT_TMUX();
  const Size size{120, 40};
  const auto s = start(size);
  ASSERT_TRUE(s->send_key("v"));
  ASSERT_TRUE(shown(wait_row(*s, size.height - 2, "now: +vmsplice")));
  // The label is whole from the start: ending at its marker while that is near "now", starting there
  // once the marker has scrolled left.
  const Waited labelled = s->wait_for(
      "\"+vmsplice\" whole above the chart",
      [&](const std::string& screen) {
        const std::vector<std::string> rows = chart_rows(screen, size.width, size.height);
        return rows[0].find("+vmsplice") != std::string::npos && rows[1].find("┊") != std::string::npos;
      },
      20s);
  ASSERT_TRUE(shown(labelled));
  const std::vector<std::string> rows = chart_rows(labelled.screen, size.width, size.height);
  // The label starts at its marker, or ends there while the marker is too near the right edge.
  const int label = cell_of(rows[0], rows[0].find("+vmsplice"));
  const int marker = cell_of(rows[1], rows[1].find("┊"));
  EXPECT_TRUE(label == marker || label + 8 == marker) << labelled.screen;
  EXPECT_TRUE(rows[0].starts_with("GiB/s")) << labelled.screen;
}

// ---- ways to end it -----------------------------------------------------------------------------

enum class Ending { q_key, ctrl_c, ctrl_backslash, sigterm, sighup };

std::string ending_name(Ending e) {
  switch (e) {
    case Ending::q_key:
      return "q";
    case Ending::ctrl_c:
      return "CtrlC";
    case Ending::ctrl_backslash:
      return "CtrlBackslash";
    case Ending::sigterm:
      return "SIGTERM";
    case Ending::sighup:
      return "SIGHUP";
  }
  return "?";
}

void PrintTo(Ending e, std::ostream* os) {
  *os << ending_name(e);
}

class DashboardEnds : public ::testing::TestWithParam<Ending> {};

INSTANTIATE_TEST_SUITE_P(Endings, DashboardEnds,
                         ::testing::Values(Ending::q_key, Ending::ctrl_c, Ending::ctrl_backslash, Ending::sigterm,
                                           Ending::sighup),
                         [](const auto& param_info) { return ending_name(param_info.param); });

TEST_P(DashboardEnds, ExitsZeroRestoresTheTerminalAndReapsBothWorkers) {
  SKIP_WITHOUT_TMUX();
  const auto s = start({80, 24}, {}, {}, kPrintTty);
  const std::optional<pid_t> pid = s->pipetop_pid();
  ASSERT_TRUE(pid.has_value());
  const std::vector<pid_t> workers = s->wait_for_workers(2);
  ASSERT_EQ(workers.size(), 2U);
  switch (GetParam()) {
    case Ending::q_key:
      ASSERT_TRUE(s->send_key("q"));
      break;
    case Ending::ctrl_c:
      ASSERT_TRUE(s->send_key("C-c"));
      break;
    case Ending::ctrl_backslash:
      ASSERT_TRUE(s->send_key("C-\\"));
      break;
    case Ending::sigterm:
      ASSERT_EQ(kill(*pid, SIGTERM), 0);
      break;
    case Ending::sighup:
      ASSERT_EQ(kill(*pid, SIGHUP), 0);
      break;
  }
  const std::optional<int> status = s->wait_for_exit();
  ASSERT_TRUE(status.has_value()) << s->capture();
  EXPECT_EQ(*status, 0);
  EXPECT_FALSE(is_running(*pid));
  for (const pid_t worker : workers) EXPECT_FALSE(is_running(worker)) << "worker " << worker;
  expect_terminal_restored(*s);
}

// The "where the time goes" panel: shown from the start with the workers' profiles (or, where the
// kernel refuses them, why), hidden and shown again with w; --no-profile keeps the time shares.
TEST(DashboardProfile, ThePanelShowsWhereTheTimeGoesAndWHidesIt) {
  SKIP_WITHOUT_TMUX();
  const auto s = start({120, 40});
  const Waited panel = s->wait_for("the panel with a profile or why not", [](const std::string& screen) {
    return screen.find("where the time goes") != std::string::npos &&
           (screen.find(" samples") != std::string::npos || screen.find("too few samples") != std::string::npos ||
            screen.find("no profile: ") != std::string::npos);
  });
  ASSERT_TRUE(shown(panel));
  ASSERT_TRUE(shown(s->wait_for_text(" writer user ")));
  ASSERT_TRUE(s->send_key("w"));
  ASSERT_TRUE(shown(s->wait_for("the panel hidden", [](const std::string& screen) {
    return screen.find("where the time goes") == std::string::npos;
  })));
  ASSERT_TRUE(s->send_key("w"));
  ASSERT_TRUE(shown(s->wait_for_text("where the time goes")));
  EXPECT_EQ(s->wait_for_workers(2).size(), 2U);
}

TEST(DashboardProfile, NoProfileStillShowsTheTimeShares) {
  SKIP_WITHOUT_TMUX();
  const auto s = start({120, 40}, {"--no-profile"});
  ASSERT_TRUE(shown(s->wait_for_text("profiling off (--no-profile)")));
  ASSERT_TRUE(shown(s->wait_for_text(" writer user ")));
}

TEST(DashboardKilled, WorkersDieWithIt) {
  SKIP_WITHOUT_TMUX();
  const auto s = start({80, 24});
  const std::optional<pid_t> pid = s->pipetop_pid();
  ASSERT_TRUE(pid.has_value());
  const std::vector<pid_t> workers = s->wait_for_workers(2);
  ASSERT_EQ(workers.size(), 2U);
  ASSERT_EQ(kill(*pid, SIGKILL), 0);
  const auto killed = std::chrono::steady_clock::now();
  const auto any_alive = [&] { return std::any_of(workers.begin(), workers.end(), is_running); };
  while (any_alive() && std::chrono::steady_clock::now() - killed < 3s) std::this_thread::sleep_for(10ms);
  const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - killed);
  for (const pid_t worker : workers) EXPECT_FALSE(is_running(worker)) << "worker " << worker << " outlived pipetop";
  EXPECT_LT(took, 3s);
  const std::optional<int> status = s->wait_for_exit();
  ASSERT_TRUE(status.has_value()) << s->capture();
  EXPECT_EQ(*status, 128 + SIGKILL);
}

// Issue 13, failure 2: a worker killed from outside is noticed and named, the readout stops showing a
// rate as now, and r starts a new pair.
TEST(DashboardKilled, AWorkerKilledFromOutsideIsNamedAndRRestarts) {
  SKIP_WITHOUT_TMUX();
  const auto s = start({100, 30});
  const std::vector<pid_t> workers = s->wait_for_workers(2);
  ASSERT_EQ(workers.size(), 2U);
  // The reader is the second worker forked.
  const pid_t reader = *std::max_element(workers.begin(), workers.end());
  ASSERT_EQ(kill(reader, SIGKILL), 0);
  ASSERT_TRUE(shown(s->wait_for_text("reader was killed by signal 9")));
  ASSERT_TRUE(shown(s->wait_for_text("r or any toggle starts them again")));
  EXPECT_TRUE(shown(s->wait_for("no figure as now", [](const std::string& screen) {
    const std::size_t at = screen.find("GiB/s now");
    return at != std::string::npos && screen.find("—", at) != std::string::npos;
  })));
  ASSERT_TRUE(s->send_key("r"));
  ASSERT_TRUE(shown(s->wait_for_absent("reader was killed")));
  ASSERT_TRUE(shown(s->wait_for("a figure from the new pair", has_figure)));
  const std::vector<pid_t> again = s->wait_for_workers(2);
  ASSERT_EQ(again.size(), 2U);
  EXPECT_EQ(std::count(again.begin(), again.end(), reader), 0);
}

// Issue 14 §2: another program on the writer's CPU is said on the status line, live.
TEST(DashboardInterference, AHogOnTheWritersCpuIsSaidOnTheStatusLine) {
  SKIP_WITHOUT_TMUX();
  if (sysconf(_SC_NPROCESSORS_ONLN) < 2) GTEST_SKIP() << "needs CPUs 0 and 1";
  const auto s = start({120, 30}, {"--writer-cpu", "0", "--reader-cpu", "1"});
  const testing::CpuHog hog(0);
  ASSERT_TRUE(shown(s->wait_for("the disturbance on the status line", [&](const std::string& screen) {
    const std::string status = status_row(screen, *s);
    return status.find("the writer (CPU 0)") != std::string::npos &&
           status.find("another program") != std::string::npos;
  })));
}

// ---- under stress -------------------------------------------------------------------------------

TEST(DashboardStress, FiftyTogglesInFiveSeconds) {
  SKIP_WITHOUT_TMUX();
  const auto s = start({80, 24});
  const std::optional<pid_t> pid = s->pipetop_pid();
  ASSERT_TRUE(pid.has_value());
  for (int i = 0; i < 50; ++i) {
    ASSERT_TRUE(s->send_key(i % 2 == 0 ? "b" : "v"));
    s->workers();  // remember every worker pair seen on the way
    std::this_thread::sleep_for(100ms);
  }
  // 25 of each, an odd number: both end up on, none lost or doubled on the way. Changes that come
  // faster than pairs start are merged: the last one to run is labelled against the one before it.
  // (At 80 columns the header is in its compact form: "vmsplice · read · busy".)
  ASSERT_TRUE(
      shown(s->wait_for("vmsplice and busy loop, the status at the last change", [&](const std::string& screen) {
        const std::string top = screen_row(screen, 0);
        return top.find("vmsplice") != std::string::npos && top.find("busy") != std::string::npos &&
               status_row(screen, *s).find("now: ") != std::string::npos;
      })));
  ASSERT_TRUE(is_running(*pid));
  // Still responsive: the help opens and closes, and figures come.
  ASSERT_TRUE(s->send_key("?"));
  ASSERT_TRUE(shown(s->wait_for_text("pipetop: keys (1/2)")));
  ASSERT_TRUE(s->send_key("Escape"));
  ASSERT_TRUE(shown(s->wait_for_absent("pipetop: keys (1/2)")));
  ASSERT_TRUE(shown(s->wait_for("a figure after the storm", has_figure)));
  // Exactly one pair running: every earlier pair reaped, no zombies.
  const std::vector<pid_t> live = s->wait_for_workers(2);
  EXPECT_EQ(live.size(), 2U);
  EXPECT_EQ(tmux_testing::children_of(*pid).size(), 2U) << "zombies or strays under pipetop";
  ASSERT_TRUE(s->send_key("q"));
  const std::optional<int> status = s->wait_for_exit();
  ASSERT_TRUE(status.has_value());
  EXPECT_EQ(*status, 0);
  EXPECT_GE(s->seen_workers().size(), 4U) << "restarts made new workers";
  for (const pid_t worker : s->seen_workers())
    EXPECT_FALSE(is_running(worker)) << "worker " << worker << " left behind";
}

// ---- without colour, without Unicode ------------------------------------------------------------

TEST(DashboardPlain, NoColorStillStartsWithoutColours) {
  SKIP_WITHOUT_TMUX();
  const auto s = start({80, 24}, {}, {{"NO_COLOR", "1"}});
  const std::string screen = s->capture();
  EXPECT_TRUE(screen_row(screen, 0).starts_with(" pipetop ")) << screen;
  EXPECT_FALSE(has_colour(s->capture_colour())) << s->capture_colour();
}

TEST(DashboardPlain, AsciiStartsWithoutBraille) {
  SKIP_WITHOUT_TMUX();
  const auto s = start({120, 40}, {"--ascii"});
  const Waited chart = s->wait_for("a chart drawn in ASCII", [](const std::string& screen) {
    return has_figure(screen) && screen.find("waiting for samples") == std::string::npos;
  });
  ASSERT_TRUE(shown(chart));
  EXPECT_TRUE(screen_row(chart.screen, 0).starts_with(" pipetop ")) << chart.screen;
  EXPECT_FALSE(has_braille(chart.screen)) << chart.screen;
  EXPECT_FALSE(has_box_drawing(chart.screen)) << chart.screen;
  EXPECT_NE(chart.screen.find("###"), std::string::npos) << "big digits in ASCII\n" << chart.screen;
}

// --ascii promises a screen any terminal can show: every character, the help included, is ASCII.
TEST(DashboardPlain, AsciiScreenAndHelpAreAllAscii) {
  SKIP_WITHOUT_TMUX();
  const auto s = start({120, 40}, {"--ascii"});
  const Waited chart = s->wait_for("a chart drawn in ASCII", [](const std::string& screen) {
    return has_figure(screen) && screen.find("ui —%") == std::string::npos;
  });
  ASSERT_TRUE(shown(chart));
  const std::string on_screen = non_ascii(chart.screen);
  EXPECT_TRUE(on_screen.empty()) << "non-ASCII with --ascii: " << on_screen << "\n" << chart.screen;
  for (const char* page : {"pipetop: keys (1/2)", "pipetop: figures (2/2)"}) {
    ASSERT_TRUE(s->send_key("?"));
    const Waited help = s->wait_for_text(page);
    ASSERT_TRUE(shown(help));
    const std::string in_help = non_ascii(help.screen);
    EXPECT_TRUE(in_help.empty()) << "non-ASCII in the help with --ascii: " << in_help << "\n" << help.screen;
  }
}

// In a locale that is not UTF-8 the dashboard falls back to ASCII by itself; a UTF-8 byte written
// anyway shows as ncurses' escape for it ("~F~R" for the bytes of "→"), or as blanks.
TEST(DashboardPlain, CLocaleShowsNoMangledBytes) {
  SKIP_WITHOUT_TMUX();
  const auto s = start({120, 40}, {}, {{"LC_ALL", "C"}});
  const std::string screen = s->capture();
  EXPECT_FALSE(has_braille(screen)) << screen;
  const std::string top = screen_row(screen, 0);
  const std::string facts = screen_row(screen, 1);
  EXPECT_TRUE(top.find('~') == std::string::npos) << "a UTF-8 character mangled in the header:\n" << top;
  EXPECT_TRUE(facts.find("   ") == std::string::npos) << "a UTF-8 character blanked in the machine line:\n" << facts;
}

}  // namespace
}  // namespace pipetop
