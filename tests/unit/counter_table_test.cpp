#include "pipetop/core/counters/counter_table.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace pipetop {
namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The line whose first word (after the indent) is `name`, or "" if none.
std::string line_of(const std::string& table, const std::string& name) {
  for (const std::string& line : lines(table)) {
    if (line.rfind("  " + name + " ", 0) == 0) return line;
  }
  return {};
}

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
  return n;
}

CounterSummary counting(const std::string& name, double value, std::optional<double> per_gib = std::nullopt,
                        double fraction = 1.0) {
  CounterSummary c;
  c.info = CounterInfo{name, CounterState::counting, ""};
  c.value = value;
  c.per_second = value / 2;
  c.per_gib = per_gib;
  c.running_fraction = fraction;
  return c;
}

CounterSummary unavailable(const std::string& name, const std::string& reason) {
  CounterSummary c;
  c.info = CounterInfo{name, CounterState::unavailable, reason};
  return c;
}

RunSummary summary_with(std::vector<CounterSummary> writer, std::vector<CounterSummary> reader) {
  RunSummary s;
  s.writer.counters = std::move(writer);
  s.reader.counters = std::move(reader);
  return s;
}

TEST(CounterTable, HeaderNamesTheModeAndBothWorkers) {
  const RunSummary s = summary_with({counting("cycles", 1e9)}, {counting("cycles", 2e9)});
  RunConfig config;
  const std::string table = counter_table(s, config);
  const std::vector<std::string> rows = lines(table);
  ASSERT_FALSE(rows.empty());
  EXPECT_TRUE(contains(rows[0], "counters (user+kernel)")) << rows[0];
  EXPECT_TRUE(contains(rows[0], "writer")) << rows[0];
  EXPECT_TRUE(contains(rows[0], "reader")) << rows[0];
  EXPECT_LT(rows[0].find("writer"), rows[0].find("reader"));
  config.user_only = true;
  EXPECT_TRUE(contains(counter_table(s, config), "counters (user only)"));
  EXPECT_EQ(table.back(), '\n');
}

TEST(CounterTable, ValueAndPerGibOfEachWorker) {
  const RunSummary s = summary_with({counting("cycles", 1.23e9, 4.56e6)}, {counting("cycles", 7.89e9, 1.5e3)});
  const std::string line = line_of(counter_table(s, RunConfig{}), "cycles");
  ASSERT_FALSE(line.empty());
  EXPECT_TRUE(contains(line, "1.23 G")) << line;
  EXPECT_TRUE(contains(line, "4.56 M/GiB")) << line;
  EXPECT_TRUE(contains(line, "7.89 G")) << line;
  EXPECT_TRUE(contains(line, "1.50 k/GiB")) << line;
  EXPECT_LT(line.find("1.23 G"), line.find("7.89 G")) << "writer column first: " << line;
  EXPECT_FALSE(contains(line, "scaled")) << "counted the whole time: " << line;
  EXPECT_FALSE(contains(line, "user-only")) << line;
}

TEST(CounterTable, TaskClockInSeconds) {
  const RunSummary s = summary_with({counting("task-clock", 1.5e9, 3e8)}, {counting("task-clock", 2.25e9, 4e8)});
  const std::string line = line_of(counter_table(s, RunConfig{}), "task-clock");
  ASSERT_FALSE(line.empty());
  EXPECT_TRUE(contains(line, "1.50 s")) << line;
  EXPECT_TRUE(contains(line, "2.25 s")) << line;
  EXPECT_FALSE(contains(line, "/GiB")) << "no seconds per GiB: " << line;
}

TEST(CounterTable, SameUnavailableReasonPrintedOnceForBoth) {
  const std::string reason = "no hardware PMU (virtual machines often expose none)";
  const RunSummary s = summary_with({unavailable("cycles", reason), counting("page-faults", 10)},
                                    {unavailable("cycles", reason), counting("page-faults", 20)});
  const std::string table = counter_table(s, RunConfig{});
  const std::string line = line_of(table, "cycles");
  ASSERT_FALSE(line.empty()) << table;
  EXPECT_TRUE(contains(line, "n/a: " + reason + " (both)")) << line;
  EXPECT_EQ(count(line, reason), 1u) << line;
}

TEST(CounterTable, DifferentUnavailableReasonsArePrintedEach) {
  const RunSummary s = summary_with({unavailable("cycles", "counters busy")}, {unavailable("cycles", "denied")});
  const std::string line = line_of(counter_table(s, RunConfig{}), "cycles");
  ASSERT_FALSE(line.empty());
  EXPECT_TRUE(contains(line, "n/a: counters busy")) << line;
  EXPECT_TRUE(contains(line, "n/a: denied")) << line;
  EXPECT_FALSE(contains(line, "(both)")) << line;
}

TEST(CounterTable, OneWorkerUnavailable) {
  const RunSummary s = summary_with({unavailable("cycles", "counters busy")}, {counting("cycles", 950)});
  const std::string line = line_of(counter_table(s, RunConfig{}), "cycles");
  EXPECT_TRUE(contains(line, "n/a: counters busy")) << line;
  EXPECT_TRUE(contains(line, "950")) << line;
  EXPECT_FALSE(contains(line, "(both)")) << line;
}

TEST(CounterTable, MultiplexedCounterShowsItsRunningShare) {
  const RunSummary s = summary_with({counting("instructions", 1000, std::nullopt, 0.63)},
                                    {counting("instructions", 1000, std::nullopt, 1.0)});
  const std::string line = line_of(counter_table(s, RunConfig{}), "instructions");
  ASSERT_FALSE(line.empty());
  EXPECT_TRUE(contains(line, "[scaled 63%]")) << line;
  EXPECT_EQ(count(line, "scaled"), 1u) << "only the multiplexed worker: " << line;
}

TEST(CounterTable, UserOnlyCounterIsMarked) {
  CounterSummary w = counting("cycles", 1e6);
  w.info.state = CounterState::user_only;
  w.info.reason = "perf_event_paranoid=2 forbids counting the kernel";
  const RunSummary s = summary_with({w}, {counting("cycles", 2e6)});
  const std::string line = line_of(counter_table(s, RunConfig{}), "cycles");
  EXPECT_TRUE(contains(line, "(user-only)")) << line;
  EXPECT_EQ(count(line, "user-only"), 1u) << line;
}

TEST(CounterTable, CounterThatDidNotRun) {
  CounterSummary w = counting("cycles", 0);
  w.value.reset();
  w.per_second.reset();
  w.running_fraction = 0.0;
  const RunSummary s = summary_with({w}, {counting("cycles", 5)});
  const std::string line = line_of(counter_table(s, RunConfig{}), "cycles");
  EXPECT_TRUE(contains(line, "did not run")) << line;
  EXPECT_FALSE(contains(line, "n/a")) << "it was opened, it just never counted: " << line;
}

TEST(CounterTable, OneRowPerCounterInOrder) {
  const RunSummary s = summary_with({counting("cycles", 1), counting("instructions", 2), counting("page-faults", 3)},
                                    {counting("cycles", 1), counting("instructions", 2), counting("page-faults", 3)});
  const std::string table = counter_table(s, RunConfig{});
  const std::size_t cycles = table.find("  cycles ");
  const std::size_t instructions = table.find("  instructions ");
  const std::size_t faults = table.find("  page-faults ");
  ASSERT_NE(cycles, std::string::npos);
  ASSERT_NE(instructions, std::string::npos);
  ASSERT_NE(faults, std::string::npos);
  EXPECT_LT(cycles, instructions);
  EXPECT_LT(instructions, faults);
}

TEST(CounterTable, DerivedRowsWithTheirDecimals) {
  RunSummary s = summary_with({counting("cycles", 1)}, {counting("cycles", 1)});
  s.writer.derived.ipc = 1.456;
  s.reader.derived.ipc = 0.5;
  s.writer.derived.dtlb_misses_per_mib = 2.04;
  s.reader.derived.cpu_utilisation = 0.987;
  const std::string table = counter_table(s, RunConfig{});
  for (const DerivedField& field : kDerivedFields) {
    EXPECT_FALSE(line_of(table, std::string(field.label)).empty()) << field.label << " missing:\n" << table;
  }
  const std::string ipc = line_of(table, "IPC");
  EXPECT_TRUE(contains(ipc, "1.46")) << ipc;
  EXPECT_TRUE(contains(ipc, "0.50")) << ipc;
  EXPECT_TRUE(contains(line_of(table, "dTLB misses/MiB"), "2.0")) << table;
  const std::string cpus = line_of(table, "CPUs utilised");
  EXPECT_TRUE(contains(cpus, "—")) << "absent for the writer: " << cpus;
  EXPECT_TRUE(contains(cpus, "0.99")) << cpus;
  // Absent for both: a dash in each column, not "n/a (both)".
  const std::string faults = line_of(table, "page faults/GiB");
  EXPECT_EQ(count(faults, "—"), 2u) << faults;
}

TEST(CounterTable, CpuTimeRow) {
  RunSummary s = summary_with({counting("cycles", 1)}, {counting("cycles", 1)});
  s.writer.cpu_user_percent = 12.34;
  s.writer.cpu_system_percent = 87.66;
  s.reader.cpu_user_percent = 5.0;
  s.reader.cpu_system_percent = 95.0;
  const std::string table = counter_table(s, RunConfig{});
  const std::string line = line_of(table, "CPU time");
  ASSERT_FALSE(line.empty()) << table;
  EXPECT_TRUE(contains(line, "12.3% user")) << line;
  EXPECT_TRUE(contains(line, "87.7% sys")) << line;
  EXPECT_TRUE(contains(line, "5.0% user")) << line;
  EXPECT_TRUE(contains(line, "95.0% sys")) << line;
  EXPECT_EQ(lines(table).back(), line) << "CPU time is the last row";
}

TEST(CounterTable, CpuTimeUnknownIsADash) {
  RunSummary s = summary_with({counting("cycles", 1)}, {counting("cycles", 1)});
  s.reader.cpu_user_percent = 5.0;
  s.reader.cpu_system_percent = 95.0;
  const std::string line = line_of(counter_table(s, RunConfig{}), "CPU time");
  EXPECT_EQ(count(line, "% user"), 1u) << line;
  EXPECT_TRUE(contains(line, "—")) << line;
}

TEST(CounterTable, RowsAreAligned) {
  const RunSummary s = summary_with({counting("cycles", 1.23e9, 4.56e6), counting("instructions", 950)},
                                    {counting("cycles", 7.89e9), counting("instructions", 12'300)});
  const std::string table = counter_table(s, RunConfig{});
  const std::vector<std::string> rows = lines(table);
  ASSERT_GE(rows.size(), 3u);
  // The reader column starts at the same byte offset on the header and on each counter row (ASCII rows).
  const std::size_t reader_col = rows[0].find("reader");
  EXPECT_EQ(rows[1].find("7.89 G"), reader_col) << table;
  EXPECT_EQ(rows[2].find("12.3 k"), reader_col) << table;
}

// Regression: a writer cell wider than its column (a user-only, multiplexed counter; or a long n/a
// reason that differs from the reader's) ran straight into the reader's cell, because pad() only
// padded: "…(user-only)2.00 M" or "…expose none)n/a: counters busy…".
TEST(CounterTable, WideWriterCellIsStillSeparatedFromTheReaderCell) {
  CounterSummary w = counting("cycles", 1.23e9, 4.56e6, 0.63);
  w.info.state = CounterState::user_only;
  const RunSummary s =
      summary_with({w, unavailable("instructions", "no hardware PMU (virtual machines often expose none)")},
                   {counting("cycles", 2e6), unavailable("instructions", "counters busy")});
  const std::string table = counter_table(s, RunConfig{});
  const std::string cycles = line_of(table, "cycles");
  EXPECT_FALSE(contains(cycles, ")2.00 M")) << cycles;
  EXPECT_TRUE(contains(cycles, "(user-only) ")) << cycles;
  const std::string instructions = line_of(table, "instructions");
  EXPECT_FALSE(contains(instructions, ")n/a")) << instructions;
}

TEST(CounterTable, TheOtherProgramsColumnSaysWhoseItIsAndAMissingCounterReadsADash) {
  const RunSummary s = summary_with({}, {counting("context-switches", 10), counting("page-faults", 3)});
  const std::string table = counter_table(s, RunConfig{}, WorkerRole::writer);
  const std::vector<std::string> rows = lines(table);
  ASSERT_FALSE(rows.empty());
  EXPECT_TRUE(contains(rows[0], "writer (theirs)")) << rows[0];
  EXPECT_TRUE(contains(rows[0], "reader (pipetop)")) << rows[0];
  const std::string line = line_of(table, "page-faults");
  ASSERT_FALSE(line.empty()) << table;
  EXPECT_TRUE(contains(line, "—")) << line;
  EXPECT_TRUE(contains(line, "3")) << line;
  EXPECT_FALSE(contains(counter_table(s, RunConfig{}), "theirs")) << "pipetop's own pair: no owner in the heading";
}

}  // namespace
}  // namespace pipetop
