// The meter a long pipe is watched with (pv's habits): a reading once a second, the rate over that
// second and since the start, the share done and the time left with an expected size; the terminal's
// line and the logger's JSON line. Totals past 4 GiB and runs of days keep their figures.

#include "pipetop/core/figures/meter.hpp"

#include <gtest/gtest.h>

#include <string>

#include "pipetop/core/base/size.hpp"
#include "pipetop/core/report/meter_line.hpp"
#include "test_json.hpp"

namespace pipetop {
namespace {

constexpr std::int64_t kSec = 1'000'000'000;
constexpr std::int64_t kT0 = 5000 * kSec;

Sample at(std::int64_t t_ns, std::uint64_t bytes) {
  Sample s;
  s.t_ns = t_ns;
  s.bytes = bytes;
  return s;
}

TEST(Meter, OneReadingAWholeSecondAfterTheFirstSample) {
  Meter meter;
  EXPECT_FALSE(meter.add(at(kT0, 0)));
  EXPECT_FALSE(meter.add(at(kT0 + kSec / 2, 512 * kMiB)));
  const std::optional<MeterReading> first = meter.add(at(kT0 + kSec, kGiB));
  ASSERT_TRUE(first);
  EXPECT_DOUBLE_EQ(first->elapsed_s, 1.0);
  EXPECT_EQ(first->bytes, kGiB);
  EXPECT_DOUBLE_EQ(*first->bytes_per_s, static_cast<double>(kGiB));
  EXPECT_FALSE(first->fraction_done);
  EXPECT_FALSE(first->eta_s);
  EXPECT_FALSE(meter.add(at(kT0 + kSec + kSec / 2, 2 * kGiB)));
  const std::optional<MeterReading> second = meter.add(at(kT0 + 2 * kSec, 4 * kGiB));
  ASSERT_TRUE(second);
  EXPECT_DOUBLE_EQ(*second->bytes_per_s, 3.0 * static_cast<double>(kGiB));       // over the last second
  EXPECT_DOUBLE_EQ(*second->mean_bytes_per_s, 2.0 * static_cast<double>(kGiB));  // since the start
}

TEST(Meter, AfterAGapTheNextReadingIsAtTheNextWholeSecond) {
  Meter meter;
  static_cast<void>(meter.add(at(kT0, 0)));
  ASSERT_TRUE(meter.add(at(kT0 + kSec, kGiB)));
  const std::optional<MeterReading> late = meter.add(at(kT0 + 4 * kSec + kSec / 2, 2 * kGiB));
  ASSERT_TRUE(late);
  EXPECT_DOUBLE_EQ(*late->bytes_per_s, static_cast<double>(kGiB) / 3.5);  // the whole gap
  EXPECT_FALSE(meter.add(at(kT0 + 4 * kSec + 3 * kSec / 4, 2 * kGiB)));
  EXPECT_TRUE(meter.add(at(kT0 + 5 * kSec, 2 * kGiB)));
}

TEST(Meter, WithAnExpectedSizeTheShareDoneAndTheTimeLeftAtTheMeanRate) {
  Meter meter(10 * kGiB);
  static_cast<void>(meter.add(at(kT0, 0)));
  const std::optional<MeterReading> r = meter.add(at(kT0 + 2 * kSec, 4 * kGiB));
  ASSERT_TRUE(r);
  EXPECT_DOUBLE_EQ(*r->fraction_done, 0.4);
  EXPECT_DOUBLE_EQ(*r->eta_s, 3.0);  // 6 GiB left at 2 GiB/s
  const std::optional<MeterReading> past = meter.add(at(kT0 + 6 * kSec, 12 * kGiB));
  ASSERT_TRUE(past);
  EXPECT_DOUBLE_EQ(*past->fraction_done, 1.2);  // a longer stream than said: no time left to show
  EXPECT_FALSE(past->eta_s);
}

TEST(Meter, StalledSinceTheStartHasNoTimeLeft) {
  Meter meter(kGiB);
  static_cast<void>(meter.add(at(kT0, 0)));
  const std::optional<MeterReading> r = meter.add(at(kT0 + kSec, 0));
  ASSERT_TRUE(r);
  EXPECT_DOUBLE_EQ(*r->fraction_done, 0.0);
  EXPECT_FALSE(r->eta_s);
}

// A meter left on a backup for four days at 1.5 GiB/s: 500 TiB, far past 32 bits, figures exact.
TEST(Meter, DaysAndHundredsOfTerabytesKeepTheirFigures) {
  constexpr std::int64_t kDays = 4 * 24 * 3600;
  const std::uint64_t total = static_cast<std::uint64_t>(kDays) * 3 * (kGiB / 2);
  Meter meter(2 * total);
  static_cast<void>(meter.add(at(kT0, 0)));
  std::optional<MeterReading> last;
  for (std::int64_t s = 1; s <= kDays; s += 3600) {  // an hour apart: a reading each time
    last = meter.add(at(kT0 + s * kSec, static_cast<std::uint64_t>(s) * 3 * (kGiB / 2)));
    ASSERT_TRUE(last);
  }
  last = meter.add(at(kT0 + kDays * kSec, total));
  ASSERT_TRUE(last);
  EXPECT_EQ(last->bytes, total);
  EXPECT_NEAR(*last->mean_bytes_per_s, 1.5 * static_cast<double>(kGiB), 1e-3);
  EXPECT_NEAR(*last->bytes_per_s, 1.5 * static_cast<double>(kGiB), 1e-3);
  EXPECT_DOUBLE_EQ(*last->fraction_done, 0.5);
  EXPECT_NEAR(*last->eta_s, static_cast<double>(kDays), 1e-3);
  EXPECT_EQ(clock_text(*last->eta_s), "96:00:00");
}

MeterReading reading(double elapsed_s, std::uint64_t bytes, std::optional<double> rate, std::optional<double> mean,
                     std::optional<double> fraction = std::nullopt, std::optional<double> eta_s = std::nullopt) {
  return {elapsed_s, bytes, rate, mean, fraction, eta_s};
}

TEST(MeterLine, ClockText) {
  EXPECT_EQ(clock_text(0), "0:00:00");
  EXPECT_EQ(clock_text(59.99), "0:00:59");
  EXPECT_EQ(clock_text(3723), "1:02:03");
  EXPECT_EQ(clock_text(100 * 3600), "100:00:00");
  EXPECT_EQ(clock_text(-5), "0:00:00");
}

TEST(MeterLine, RateTotalAndElapsedWithoutASize) {
  EXPECT_EQ(meter_line(reading(3.2, 6 * kGiB + 200 * kMiB, 2.1 * kGiB, 2.0 * kGiB)),
            "6.2 GiB  0:00:03  2.1 GiB/s  mean 2 GiB/s");
  EXPECT_EQ(meter_line(reading(61, 300 * kMiB, 512 * 1024.0, std::nullopt)), "300 MiB  0:01:01  512 KiB/s  mean —/s");
}

TEST(MeterLine, PercentBarAndEtaWithASize) {
  EXPECT_EQ(meter_line(reading(2, 4 * kGiB, 2.0 * kGiB, 2.0 * kGiB, 0.4, 3.0)),
            "4 GiB  0:00:02  2 GiB/s  [=======>            ] 40% · ETA 0:00:03");
  EXPECT_EQ(meter_line(reading(1, 0, 0.0, 0.0, 0.0, std::nullopt)), "0 B  0:00:01  0 B/s  [                    ] 0%");
  EXPECT_EQ(meter_line(reading(9, 12 * kGiB, 2.0 * kGiB, 2.0 * kGiB, 1.2, std::nullopt)),
            "12 GiB  0:00:09  2 GiB/s  [====================] 120%");
  EXPECT_EQ(done_text(reading(2, kGiB, 1.0, 1.0, 0.999, 0.4)), "99% · ETA 0:00:01");  // never 100% before the end
  EXPECT_EQ(done_text(reading(2, kGiB, 1.0, 1.0)), "");
}

TEST(MeterLine, FitsEightyColumns) {
  const std::string line =
      meter_line(reading(99 * 3600, 1023 * kGiB, 1023.9 * kMiB, 1023.9 * kMiB, 0.999, 99.0 * 3600));
  EXPECT_LE(line.size() - 1, 80U) << line;  // "·" is two bytes, one column
}

TEST(MeterLine, TheLoggersLineHasEveryFigureOrNull) {
  const nlohmann::json with = *test_json::parse(meter_json(reading(2, 4 * kGiB, 2.0 * kGiB, 2.0 * kGiB, 0.4, 3.0), 2));
  EXPECT_EQ(with["type"], "progress");
  EXPECT_EQ(with["pair"], 2);
  EXPECT_EQ(with["bytes"], 4 * kGiB);
  EXPECT_DOUBLE_EQ(with["t_s"].get<double>(), 2.0);
  EXPECT_DOUBLE_EQ(with["gib_per_s"].get<double>(), 2.0);
  EXPECT_DOUBLE_EQ(with["percent"].get<double>(), 40.0);
  EXPECT_DOUBLE_EQ(with["eta_s"].get<double>(), 3.0);
  const nlohmann::json without = *test_json::parse(meter_json(reading(1, 0, std::nullopt, std::nullopt)));
  EXPECT_FALSE(without.contains("pair"));
  for (const char* key : {"gib_per_s", "mean_gib_per_s", "percent", "eta_s"})
    EXPECT_TRUE(without[key].is_null()) << key;
}

}  // namespace
}  // namespace pipetop
