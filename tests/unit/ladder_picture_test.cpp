#include "pipetop/core/report/ladder_picture.hpp"

#include <gtest/gtest.h>

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "pipetop/core/report/svg_page.hpp"
#include "unit/fake_trial_runner.hpp"
#include "unit/svg_testing.hpp"

namespace pipetop {
namespace {

using svg_testing::count;
using svg_testing::expect_golden;
using svg_testing::xmllint_errors;

LadderPicture measured() {
  return {{{"write/read", 0.97, ""},
           {"write/read +busy", 3.46, ""},
           {"vmsplice/read", 4.01, ""},
           {"vmsplice/splice", 6.49, ""},
           {"vmsplice/splice +huge", std::nullopt, "vmsplice(fd=4, 2 MiB): Cannot allocate memory [ENOMEM]"},
           {"vmsplice/splice +huge +busy", 62.99, ""}},
          "pipetop check · the article's ladder · buffer 256 KiB · cpu 0→1 · 2 s a rung",
          "AMD EPYC 7B13 · 2 CPUs · Linux 6.18.44 · KVM · THP madvise"};
}

TEST(LadderPicture, MatchesItsGoldenFile) {
  const std::string svg = ladder_svg(measured());
  EXPECT_EQ(xmllint_errors(svg), "");
  expect_golden("ladder.svg", svg);
}

// What check --export draws from a measured ladder: the stamp (fastest rung, version and date, the
// caveat), the article's column, and a disturbed rung marked.
TEST(LadderPicture, WithItsStampAndTheArticlesColumnMatchesItsGoldenFile) {
  LadderPicture picture = measured();
  const std::array<std::optional<double>, 6> article{3.5, std::nullopt, 12.7, 32.8, 51.0, 62.5};
  for (std::size_t i = 0; i < picture.rungs.size(); ++i) picture.rungs[i].article_gib_per_s = article[i];
  picture.rungs[2].disturbed = true;
  picture.stamp = {"fastest: vmsplice/splice +huge +busy, 62.99 GiB/s, ×64.9 the first rung",
                   "pipetop 0.1.0 (git v0.1.0-42-gabc1234) · 2026-11-28 01:02 UTC",
                   "disturbed: vmsplice/read ran while another program competed for its CPUs: its figure is below "
                   "this machine's best"};
  const std::string svg = ladder_svg(picture);
  EXPECT_EQ(xmllint_errors(svg), "");
  expect_golden("ladder-stamped.svg", svg);
}

TEST(LadderPicture, ABarPerRungWithItsFigureAndSpeedUp) {
  const std::string svg = ladder_svg(measured());
  EXPECT_EQ(count(svg, "<rect"), 1 + 5) << "the page, and a bar for each rung that ran";
  for (const char* figure : {">0.97 GiB/s<", ">3.46 GiB/s<", ">6.49 GiB/s<", ">62.99 GiB/s<"}) {
    EXPECT_EQ(count(svg, figure), 1) << figure;
  }
  EXPECT_NE(svg.find(">×1.0<"), std::string::npos);
  EXPECT_NE(svg.find(">×6.7<"), std::string::npos);   // 6.49 / 0.97
  EXPECT_NE(svg.find(">×64.9<"), std::string::npos);  // 62.99 / 0.97
  for (const char* name : {">write/read<", ">vmsplice/splice +huge +busy<"}) EXPECT_EQ(count(svg, name), 1) << name;
}

TEST(LadderPicture, AFailedRungSaysSoInsteadOfABar) {
  const std::string svg = ladder_svg(measured());
  EXPECT_NE(svg.find(">failed: vmsplice(fd=4, 2 MiB): Cannot allocate memory [ENOMEM]<"), std::string::npos);
  EXPECT_EQ(count(svg, "×"), 5 + 1) << "speed-ups for the five that ran, and the footnote";
}

TEST(LadderPicture, NoSpeedUpsWhenTheFirstRungFailed) {
  LadderPicture picture = measured();
  picture.rungs.front().gib_per_s.reset();
  picture.rungs.front().failure = "pipe: Too many open files [EMFILE]";
  const std::string svg = ladder_svg(picture);
  EXPECT_EQ(xmllint_errors(svg), "");
  EXPECT_EQ(count(svg, std::string("fill=\"") + std::string(svg_color::speedup) + "\""), 0);
  EXPECT_EQ(count(svg, "×"), 0) << "nor the footnote about them";
  EXPECT_EQ(count(svg, ">failed: "), 2);
}

TEST(LadderPicture, NoRungsGivesTheHeadingAndSaysSo) {
  const std::string svg = ladder_svg({{}, "title", "machine"});
  EXPECT_EQ(xmllint_errors(svg), "");
  EXPECT_NE(svg.find(">no rungs measured<"), std::string::npos);
  EXPECT_NE(svg.find(">title<"), std::string::npos);
  EXPECT_EQ(count(svg, "<rect"), 1);
}

TEST(LadderPicture, HostileNamesAndReasonsAreEscaped) {
  LadderPicture picture = measured();
  picture.rungs[0].name = R"(<b>"write" & 'read'</b>)";
  picture.rungs[4].failure = "<&'\">";
  picture.title = "<svg onload=\"x\">";
  const std::string svg = ladder_svg(picture);
  EXPECT_EQ(xmllint_errors(svg), "");
  EXPECT_EQ(svg.find("<b>"), std::string::npos);
  EXPECT_EQ(svg.find("<svg onload"), std::string::npos);
  EXPECT_NE(svg.find("&lt;b&gt;&quot;write&quot; &amp; &apos;read&apos;&lt;/b&gt;"), std::string::npos);
  EXPECT_NE(svg.find("failed: &lt;&amp;&apos;&quot;&gt;"), std::string::npos);
}

TEST(LadderPicture, LongNamesAndReasonsAreCutToThePage) {
  LadderPicture picture = measured();
  picture.rungs[4].failure = std::string(300, 'e');
  picture.rungs[1].name = std::string(200, 'n');
  const std::string svg = ladder_svg(picture);
  EXPECT_EQ(svg.find(std::string(300, 'e')), std::string::npos);
  EXPECT_EQ(svg.find(std::string(200, 'n')), std::string::npos);
  EXPECT_EQ(count(svg, "…<"), 2);
}

TEST(LadderPicture, FromAMeasuredLadder) {
  testing::FakeTrialRunner runner;
  runner.fail_when([](const RunConfig& c) { return c.huge_pages && !c.busy_loop; }, "huge pages: not obtained");
  const std::vector<RungResult> results = run_ladder(runner, ladder_rungs(RunConfig{}), 1'000'000'000, {});
  const LadderPicture picture = ladder_picture(results, "title", "machine");
  ASSERT_EQ(picture.rungs.size(), results.size());
  EXPECT_EQ(picture.title, "title");
  EXPECT_EQ(picture.machine, "machine");
  for (std::size_t i = 0; i < results.size(); ++i) {
    EXPECT_EQ(picture.rungs[i].name, results[i].rung.name);
    EXPECT_EQ(picture.rungs[i].gib_per_s, results[i].trial.gib_per_s());
  }
  EXPECT_FALSE(picture.rungs[4].gib_per_s);
  EXPECT_EQ(picture.rungs[4].failure, "huge pages: not obtained");
  EXPECT_EQ(picture.rungs[0].failure, "");
}

// Regression: the axis ran far past the longest bar (to 25 for a 9.7 GiB/s best). It ends at the first
// round tick at or above it.
TEST(LadderPicture, TheAxisEndsAtTheFirstRoundTickAboveTheFastestRung) {
  LadderPicture picture = measured();
  picture.rungs.back().gib_per_s = 9.7;
  const std::string svg = ladder_svg(picture);
  EXPECT_NE(svg.find(">10<"), std::string::npos);
  EXPECT_EQ(svg.find(">20<"), std::string::npos);
  EXPECT_EQ(svg.find(">25<"), std::string::npos);
  EXPECT_NE(ladder_svg(measured()).find(">70<"), std::string::npos) << "62.99: the axis to 70";
  EXPECT_EQ(ladder_svg(measured()).find(">80<"), std::string::npos);
}

// Regression: the picture had no column of the article's figures, which the ladder's rungs have.
TEST(LadderPicture, TheArticlesFiguresBesideTheRungsItMeasured) {
  testing::FakeTrialRunner runner;
  const LadderPicture picture =
      ladder_picture(run_ladder(runner, ladder_rungs(RunConfig{}), 1'000'000'000, {}), "title", "machine");
  ASSERT_EQ(picture.rungs.size(), 6U);
  EXPECT_EQ(picture.rungs[0].article_gib_per_s, 3.5);
  EXPECT_FALSE(picture.rungs[1].article_gib_per_s) << "the article did not measure write/read +busy";
  EXPECT_EQ(picture.rungs[5].article_gib_per_s, 62.5);
  const std::string svg = ladder_svg(picture);
  EXPECT_EQ(xmllint_errors(svg), "");
  EXPECT_EQ(count(svg, ">the article&apos;s laptop<"), 1);
  EXPECT_EQ(count(svg, ">3.5 GiB/s ×1.0<"), 1);
  EXPECT_EQ(count(svg, ">12.7 GiB/s ×3.6<"), 1);
  EXPECT_EQ(count(svg, ">62.5 GiB/s ×17.9<"), 1);
  EXPECT_EQ(count(ladder_svg(measured()), "laptop"), 0) << "no column when no rung has the article's figure";
}

TEST(LadderPicture, TheStampNamesTheFastestRungAndTheDisturbedOnes) {
  testing::FakeTrialRunner runner;
  const LadderPicture picture =
      ladder_picture(run_ladder(runner, ladder_rungs(RunConfig{}), 1'000'000'000, {}), "title", "machine");
  EXPECT_EQ(picture.stamp.headline.rfind("fastest: ", 0), 0U) << picture.stamp.headline;
  EXPECT_NE(picture.stamp.headline.find(" GiB/s"), std::string::npos);
  EXPECT_EQ(picture.stamp.caveat, "");
  EXPECT_EQ(ladder_svg(picture).find("disturbed"), std::string::npos);

  LadderPicture disturbed = measured();
  disturbed.rungs[1].disturbed = true;
  disturbed.rungs[3].disturbed = true;
  disturbed.stamp.made = "pipetop 0.1.0 (git v0.1.0) · 2026-11-28 01:02 UTC";
  const LadderPicture from = ladder_picture({}, "t", "m");
  EXPECT_EQ(from.stamp.headline, "") << "no rung: no headline";
  const std::string svg = ladder_svg(disturbed);
  EXPECT_EQ(xmllint_errors(svg), "");
  EXPECT_EQ(count(svg, ">disturbed<"), 2) << "under each disturbed rung's figure";
  EXPECT_NE(svg.find(">pipetop 0.1.0 (git v0.1.0) · 2026-11-28 01:02 UTC<"), std::string::npos);
}

TEST(LadderPicture, TheCaveatListsTheDisturbedRungs) {
  testing::FakeTrialRunner runner;
  std::vector<RungResult> results = run_ladder(runner, ladder_rungs(RunConfig{}), 1'000'000'000, {});
  for (const std::size_t i : {std::size_t{0}, std::size_t{2}}) {
    results[i].trial.summary.writer.cpu_wait_fraction = 0.4;
    ASSERT_TRUE(results[i].trial.disturbed());
  }
  const LadderPicture picture = ladder_picture(results, "title", "machine");
  EXPECT_TRUE(picture.rungs[0].disturbed);
  EXPECT_FALSE(picture.rungs[1].disturbed);
  EXPECT_EQ(picture.stamp.caveat.rfind("disturbed: write/read, vmsplice/read ran while another program", 0), 0U)
      << picture.stamp.caveat;
  EXPECT_NE(ladder_svg(picture).find(">disturbed: write/read, vmsplice/read"), std::string::npos);
}

}  // namespace
}  // namespace pipetop
