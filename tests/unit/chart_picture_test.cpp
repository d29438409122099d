#include "pipetop/core/report/chart_picture.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "pipetop/core/report/svg_page.hpp"
#include "unit/svg_testing.hpp"

namespace pipetop {
namespace {

using svg_testing::count;
using svg_testing::expect_golden;
using svg_testing::xmllint_errors;

constexpr std::int64_t kSecond = 1'000'000'000;
constexpr std::int64_t kTick = 10'000'000;  // 10 ms samples

// A deterministic wobble in [-1, 1): the same picture on every machine.
struct Wobble {
  std::uint32_t state = 12345;
  double next() {
    state = state * 1664525U + 1013904223U;
    return static_cast<double>(state >> 8) / static_cast<double>(1U << 23) - 1.0;
  }
};

struct Step {
  const char* label;
  double gib_per_s;
  double spread;  // relative
};

// The article's ladder, 8 s a step, sampled every 10 ms: what `x` after a walk up the ladder draws.
ChartPicture ladder_run() {
  const std::vector<Step> steps{{"write → read", 0.97, 0.05},
                                {"+vmsplice", 4.0, 0.6},
                                {"+splice", 6.5, 0.5},
                                {"+huge", 6.6, 0.5},
                                {"+busy", 63.0, 0.04}};
  ChartPicture picture;
  Wobble wobble;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const std::int64_t start = static_cast<std::int64_t>(i) * 8 * kSecond;
    double total = 0;
    for (std::int64_t t = start; t < start + 8 * kSecond; t += kTick) {
      const double rate = steps[i].gib_per_s * (1 + steps[i].spread * wobble.next());
      picture.rates.push_back(single_rate(t, t + kTick, rate));
      total += rate;
    }
    picture.segments.push_back({start, steps[i].label, total / 800});
  }
  picture.t0_ns = 0;
  picture.t1_ns = 40 * kSecond;
  picture.title = "vmsplice → splice · huge pages · busy loop · buffer 256 KiB · cpu 0→1";
  picture.machine = "AMD EPYC 7B13 · 2 CPUs · Linux 6.18.44 · KVM · THP madvise";
  picture.stamp = {"62.99 GiB/s steady-state mean", "pipetop 0.1.0 (git v0.1.0) · 2026-11-28 01:02 UTC", ""};
  return picture;
}

TEST(ChartPicture, LinearMatchesItsGoldenFile) {
  const std::string svg = chart_svg(ladder_run());
  EXPECT_EQ(xmllint_errors(svg), "");
  expect_golden("chart-linear.svg", svg);
}

TEST(ChartPicture, LogMatchesItsGoldenFile) {
  ChartPicture picture = ladder_run();
  picture.log = true;
  const std::string svg = chart_svg(picture);
  EXPECT_EQ(xmllint_errors(svg), "");
  EXPECT_NE(svg.find(">GiB/s log<"), std::string::npos);
  for (const char* decade : {">0.1<", ">1<", ">10<", ">100<"}) EXPECT_NE(svg.find(decade), std::string::npos) << decade;
  expect_golden("chart-log.svg", svg);
}

TEST(ChartPicture, ShowsTheConfigurationMachineMarkersAndMeans) {
  const std::string svg = chart_svg(ladder_run());
  EXPECT_NE(svg.find("<title>vmsplice → splice · huge pages"), std::string::npos);
  EXPECT_NE(svg.find(">AMD EPYC 7B13 · 2 CPUs"), std::string::npos);
  for (const char* label : {">+vmsplice<", ">+splice<", ">+huge<", ">+busy<"}) {
    EXPECT_EQ(count(svg, label), 1) << label;
  }
  EXPECT_EQ(count(svg, ">write → read<"), 0) << "the first segment is the start: no marker";
  EXPECT_EQ(count(svg, "stroke-dasharray=\"2 3\""), 4 + 1) << "a marker per change, and the legend's";
  EXPECT_EQ(count(svg, "stroke-dasharray=\"6 4\""), 5 + 1) << "a mean per segment, and the legend's";
  EXPECT_NE(svg.find(">mean 0.9"), std::string::npos);
  EXPECT_NE(svg.find(">mean 6"), std::string::npos);
  for (const char* seconds : {">0s<", ">10s<", ">20s<", ">30s<", ">40s<"}) {
    EXPECT_NE(svg.find(seconds), std::string::npos) << seconds;
  }
}

// Regression: a picture carried no headline figure, date, version or caveat, so a slide made from a
// disturbed run misled: the stamp's parts are in the heading, the caveat in the warning colour.
TEST(ChartPicture, CarriesItsHeadlineWhatMadeItAndWhenAndTheCaveat) {
  ChartPicture picture = ladder_run();
  const std::string clean = chart_svg(picture);
  EXPECT_NE(clean.find(">62.99 GiB/s steady-state mean<"), std::string::npos);
  EXPECT_NE(clean.find(">pipetop 0.1.0 (git v0.1.0) · 2026-11-28 01:02 UTC<"), std::string::npos);
  EXPECT_EQ(clean.find("disturbed"), std::string::npos);
  picture.stamp.caveat = "disturbed: the reader (CPU 1) waited for its CPU 31% of the time";
  const std::string disturbed = chart_svg(picture);
  EXPECT_EQ(xmllint_errors(disturbed), "");
  const std::size_t at = disturbed.find(">disturbed: the reader (CPU 1) waited for its CPU 31% of the time<");
  ASSERT_NE(at, std::string::npos);
  const std::size_t tag = disturbed.rfind("<text", at);
  EXPECT_NE(disturbed.substr(tag, at - tag).find(std::string("fill=\"") + std::string(svg_color::bad) + "\""),
            std::string::npos);
  picture.stamp.caveat = std::string(400, 'c');
  EXPECT_EQ(count(chart_svg(picture), std::string(400, 'c')), 0) << "cut to the page";
  EXPECT_EQ(chart_svg(ChartPicture{}).find("steady-state"), std::string::npos) << "no stamp, no line";
}

TEST(ChartPicture, IsTheSameEveryTime) {
  EXPECT_EQ(chart_svg(ladder_run()), chart_svg(ladder_run()));
}

TEST(ChartPicture, EmptyDataGivesAxesAndSaysSo) {
  const std::string none = chart_svg({});
  EXPECT_EQ(xmllint_errors(none), "");
  EXPECT_NE(none.find(">no samples<"), std::string::npos);
  EXPECT_EQ(count(none, "<path"), 0);
  EXPECT_EQ(count(none, ">0s<"), 0) << "no time axis without a time span";
  expect_golden("chart-empty.svg", none);

  ChartPicture window_only;
  window_only.t1_ns = 5 * kSecond;
  const std::string empty_window = chart_svg(window_only);
  EXPECT_EQ(xmllint_errors(empty_window), "");
  EXPECT_NE(empty_window.find(">no samples<"), std::string::npos);
  for (const char* seconds : {">0s<", ">2s<", ">4s<"}) EXPECT_NE(empty_window.find(seconds), std::string::npos);
}

TEST(ChartPicture, HostileLabelsAreEscaped) {
  ChartPicture picture = ladder_run();
  picture.title = R"(<script>alert("x")</script> & 'q')";
  picture.machine = "CPU <b>&amp;</b> \"quoted\"";
  picture.segments[2].label = R"(<+splice & "q">)";
  const std::string svg = chart_svg(picture);
  EXPECT_EQ(xmllint_errors(svg), "");
  EXPECT_EQ(svg.find("<script"), std::string::npos);
  EXPECT_EQ(svg.find("<b>"), std::string::npos);
  EXPECT_NE(svg.find("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;q&apos;"), std::string::npos);
  EXPECT_NE(svg.find("CPU &lt;b&gt;&amp;amp;&lt;/b&gt; &quot;quoted&quot;"), std::string::npos);
  EXPECT_NE(svg.find("&lt;+splice &amp; &quot;q&quot;&gt;"), std::string::npos);
}

TEST(ChartPicture, ASegmentWithoutAMeanHasNoMeanLine) {
  ChartPicture picture = ladder_run();
  picture.segments[1].mean_gib_per_s.reset();
  const std::string svg = chart_svg(picture);
  EXPECT_EQ(xmllint_errors(svg), "");
  EXPECT_EQ(count(svg, "stroke-dasharray=\"6 4\""), 4 + 1);
  EXPECT_EQ(count(svg, ">mean 4."), 0);
  EXPECT_EQ(count(svg, ">+vmsplice<"), 1) << "its marker stays";
}

TEST(ChartPicture, AMeanLabelThatDoesNotFitItsSegmentIsShortenedOrLeftOut) {
  ChartPicture picture = ladder_run();                       // 852 px for 40 s: 21.3 px a second
  picture.segments[2].start_ns = 8 * kSecond + kSecond / 2;  // +vmsplice: 0.5 s, too narrow for any label
  picture.segments[3].start_ns = 11 * kSecond;               // +splice: 2.5 s, room for the figure only
  const std::string svg = chart_svg(picture);
  EXPECT_EQ(xmllint_errors(svg), "");
  EXPECT_EQ(count(svg, ">mean "), 3) << "write → read, +huge, +busy";
  EXPECT_EQ(count(svg, "fill=\"#0969da\" font-weight=\"bold\""), 4) << "and +splice's figure alone";
  EXPECT_EQ(count(svg, ">mean 4."), 0);
  EXPECT_EQ(count(svg, "stroke-dasharray=\"6 4\""), 5 + 1) << "every mean line is still drawn";
}

TEST(ChartPicture, MarkersOutsideTheWindowAreNotDrawn) {
  ChartPicture picture = ladder_run();
  picture.t0_ns = 20 * kSecond;  // +vmsplice (8 s) and +splice (16 s) started before
  const std::string svg = chart_svg(picture);
  EXPECT_EQ(count(svg, ">+vmsplice<"), 0);
  EXPECT_EQ(count(svg, ">+splice<"), 0);
  EXPECT_EQ(count(svg, ">+huge<"), 1);
  EXPECT_EQ(count(svg, ">+busy<"), 1);
  EXPECT_EQ(count(svg, "stroke-dasharray=\"6 4\""), 3 + 1) << "+splice's mean over its part in view";
}

TEST(ChartPicture, AFixedMaximumPinsTheAxis) {
  ChartPicture picture = ladder_run();
  EXPECT_NE(chart_svg(picture).find(">100<"), std::string::npos) << "fitted: 0 to 100";
  picture.y_max_gib_per_s = 80;
  const std::string svg = chart_svg(picture);
  EXPECT_NE(svg.find(">80<"), std::string::npos);
  EXPECT_EQ(svg.find(">100<"), std::string::npos);

  picture.y_max_gib_per_s = 10;  // below +busy: its trace is held at the top
  const std::string low = chart_svg(picture);
  EXPECT_EQ(xmllint_errors(low), "");
  EXPECT_NE(low.find(">10<"), std::string::npos);
  EXPECT_EQ(low.find(">20<"), std::string::npos);
}

}  // namespace
}  // namespace pipetop
