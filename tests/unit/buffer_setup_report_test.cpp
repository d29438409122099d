// A summary's buffers: the page kind and prefault method, each of pipetop's workers' set-up time and
// faults apart from its transfer's faults, as the text line and the JSON object the schema describes.

#include "pipetop/core/report/buffer_setup_report.hpp"

#include <gtest/gtest.h>

#include "fake_run.hpp"
#include "pipetop/core/config/page_kinds.hpp"
#include "pipetop/core/config/prefaults.hpp"

namespace pipetop {
namespace {

RunOutcome outcome_with(const RunConfig& config, std::optional<BufferSetup> writer, std::optional<BufferSetup> reader) {
  testing::FakeRun run;
  run.config = config;
  run.rest.writer_setup = writer;
  run.rest.reader_setup = reader;
  return run.outcome();
}

TEST(BufferSetupReport, TheTextSaysSetUpAndTransferFaultsApart) {
  RunConfig c;
  ask_page_kind(c, PageKind::hugetlb);
  ask_prefault(c, Prefault::populate);
  const RunOutcome o = outcome_with(c, BufferSetup{1'250'000, {1, 0}, {0, 0}}, BufferSetup{500'000, {3, 2}, {7, 0}});
  EXPECT_EQ(buffer_setup_text(o),
            "  buffers      hugetlb pages, prefault populate: set-up writer 1.25 ms, 1 fault · reader 0.50 ms, 5 "
            "faults (2 major); during the transfer writer 0 faults · reader 7 faults\n");
}

TEST(BufferSetupReport, AWorkerThatIsNotPipetopsIsSaidSo) {
  RunConfig c;
  c.no_touch = true;
  const RunOutcome o = outcome_with(c, std::nullopt, BufferSetup{2'000, {0, 0}, {64, 0}});
  EXPECT_EQ(buffer_setup_text(o),
            "  buffers      small pages, prefault none: set-up writer not pipetop's · reader 0.00 ms, 0 faults; "
            "during the transfer writer not pipetop's · reader 64 faults\n");
  EXPECT_EQ(buffer_setup_text(outcome_with(c, std::nullopt, std::nullopt)), "") << "no buffers of pipetop's";
}

TEST(BufferSetupReport, TheJsonObjectHoldsBothWorkers) {
  RunConfig c;
  c.huge_pages = true;
  const RunOutcome o = outcome_with(c, BufferSetup{2'000'000'000, {512, 1}, {0, 0}}, std::nullopt);
  JsonWriter json;
  json.begin_object();
  write_buffer_setup(json, o);
  json.end_object();
  EXPECT_EQ(json.str(),
            "{\"buffers\":{\"pages\":\"thp\",\"prefault\":\"touch\",\"writer\":{\"setup_s\":2,\"setup_faults\":{"
            "\"minor\":512,\"major\":1},\"transfer_faults\":{\"minor\":0,\"major\":0}},\"reader\":null}}");
}

}  // namespace
}  // namespace pipetop
