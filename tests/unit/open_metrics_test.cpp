// Issue 12 §4: the OpenMetrics writer — families, labels quoted as the format asks, no NaN ever
// written, and the # EOF that ends the text.

#include "pipetop/core/report/open_metrics.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace pipetop {
namespace {

TEST(OpenMetricsWriter, AFamilyWithUnitLabelsAndEof) {
  OpenMetricsWriter m;
  m.gauge("pipetop_x_bytes", "Bytes moved.", "bytes");
  m.sample({{"rung", "write/read"}, {"worker", "writer"}}, 1536.0);
  m.sample({}, 0.25);
  EXPECT_EQ(m.finish(),
            "# HELP pipetop_x_bytes Bytes moved.\n"
            "# TYPE pipetop_x_bytes gauge\n"
            "# UNIT pipetop_x_bytes bytes\n"
            "pipetop_x_bytes{rung=\"write/read\",worker=\"writer\"} 1536\n"
            "pipetop_x_bytes 0.25\n"
            "# EOF\n");
}

TEST(OpenMetricsWriter, AbsentOrNotFiniteValuesAreMissingSeries) {
  OpenMetricsWriter m;
  m.gauge("pipetop_ipc", "IPC.").sample(std::nullopt).sample(NAN).sample(INFINITY);
  EXPECT_EQ(m.finish(), "# HELP pipetop_ipc IPC.\n# TYPE pipetop_ipc gauge\n# EOF\n");
}

TEST(MetricLabelValue, EscapesBackslashQuoteAndNewline) {
  EXPECT_EQ(metric_label_value("a\\b\"c\nd"), "a\\\\b\\\"c\\nd");
  EXPECT_EQ(metric_label_value("Mitigation: PTI"), "Mitigation: PTI");
}

}  // namespace
}  // namespace pipetop
