// Recordings: every event type written and read back equal, a whole synthetic session read back
// into a History that draws the same figures, `run --format json` output read back as one segment
// whose mean is the run's own headline figure, and bad files refused with the line that is wrong.

#include "pipetop/core/stage/recording.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "fake_run.hpp"
#include "pipetop/core/figures/run_summary.hpp"
#include "pipetop/core/machine/machine_facts.hpp"
#include "pipetop/core/report/json_reader.hpp"
#include "pipetop/core/report/report.hpp"
#include "pipetop/core/report/schema_version.hpp"
#include "pipetop/core/report/session_event_json.hpp"
#include "synthetic_session.hpp"

namespace pipetop {
namespace {

using testing::FakeRun;

using namespace synthetic;

// Two segments of a synthetic session, every event kept; the problem and refusal types too.
std::vector<SessionEvent> session_events(History& history) {
  std::vector<SessionEvent> events;
  SyntheticRun run(history, &events);
  RunConfig c;
  c.writer_cpu = 0;
  c.reader_cpu = 1;
  run.begin(kSec, c);
  run.run(3 * kSec, 2.0);
  Sample theirs{run.now() + kMs, 6 * kGiB};  // the user's program's counters, as the parent reads them
  theirs.counter_count = 1;
  theirs.counters[0] = {4200, 3 * kSec, 3 * kSec};
  events.emplace_back(OtherCounts{WorkerRole::writer, theirs});
  history.apply(events.back());
  RunConfig refused = c;
  refused.gift = true;
  events.emplace_back(ChangeRefused{run.now(), refused, "gift needs vmsplice"});
  history.apply(events.back());
  c.writer = WriterKind::vmsplice;
  c.huge_pages = true;
  run.begin(run.now() + 5 * kMs, c);
  events.emplace_back(
      ProfileStarted{run.now(), WorkerRole::reader, {"cpu-clock", ProfileMode::kernel_and_user, "", 1000}});
  ProfileBatch batch{run.now() + 100 * kMs, WorkerRole::reader, {}, 2};
  const ProfileSample waiting{{{"pipe_wait_readable", true}, {"pipe_read", true}, {"pipetop::run_reader", false}}};
  const ProfileSample copying{{{"copy_page_to_iter", true}, {"pipe_read", true}}};
  batch.samples = {waiting, copying, waiting, waiting, copying};
  events.emplace_back(batch);
  for (std::size_t i = events.size() - 2; i < events.size(); ++i) history.apply(events[i]);
  run.run(3 * kSec, 9.0);
  events.emplace_back(HugePagesSeen{run.now(), {true, false, "split by khugepaged", run.now()}});
  events.emplace_back(PairProblem{run.now(), "the reader was killed by SIGKILL"});
  for (std::size_t i = events.size() - 2; i < events.size(); ++i) history.apply(events[i]);
  return events;
}

std::string record(const std::vector<SessionEvent>& events, const History& history) {
  MachineFacts facts;
  facts.cpu_model = "Test CPU";
  std::string text = recording_header(facts, "dashboard");
  for (const SessionEvent& e : events) text += recording_event(e);
  return text + recording_summary(leaderboard(history), nullptr);
}

TEST(Recording, EveryEventTypeIsRecorded) {
  History history;
  const std::vector<SessionEvent> events = session_events(history);
  std::vector<bool> seen(std::variant_size_v<SessionEvent>, false);
  for (const SessionEvent& e : events) seen[e.index()] = true;
  for (std::size_t i = 0; i < seen.size(); ++i) EXPECT_TRUE(seen[i]) << "no event of type " << event_type_words()[i];
  EXPECT_EQ(event_type_words().size(), std::variant_size_v<SessionEvent>);
}

TEST(Recording, EachLineIsOneJsonObjectAndTheHeaderComesFirst) {
  History history;
  const std::string text = record(session_events(history), history);
  std::size_t lines = 0;
  std::size_t from = 0;
  while (from < text.size()) {
    const std::size_t end = text.find('\n', from);
    ASSERT_NE(end, std::string::npos) << "every line ends with a newline";
    const Result<Json> line = parse_json(std::string_view(text).substr(from, end - from));
    ASSERT_TRUE(line) << line.error().message;
    ASSERT_TRUE(line->is_object());
    if (lines == 0) {
      EXPECT_EQ(line->begin().key(), "schema_version");
      EXPECT_EQ(line->at("schema_version"), kSchemaVersion);
      EXPECT_EQ(line->at("type"), "recording");
      EXPECT_EQ(line->at("command"), "dashboard");
      ASSERT_TRUE(line->contains("facts"));
      EXPECT_EQ(line->at("facts").at("cpu_model"), "Test CPU");
    }
    ++lines;
    from = end + 1;
  }
  EXPECT_GT(lines, 1000U);
}

TEST(Recording, EventsReadBackEqualAndDrawTheSameHistory) {
  History recorded;
  const std::vector<SessionEvent> events = session_events(recorded);
  const Result<Recording> read = read_recording(record(events, recorded));
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(read->source, RecordingSource::recording);
  EXPECT_EQ(read->command, "dashboard");
  EXPECT_NE(read->machine.find("Test CPU"), std::string::npos);
  ASSERT_EQ(read->events.size(), events.size());
  for (std::size_t i = 0; i < events.size(); ++i) {
    ASSERT_EQ(read->events[i].index(), events[i].index()) << "event " << i;
    EXPECT_EQ(recording_event(read->events[i]), recording_event(events[i])) << "event " << i;
  }
  const auto& start = std::get<SegmentStart>(read->events.front());
  EXPECT_EQ(start.config, std::get<SegmentStart>(events.front()).config);
  EXPECT_EQ(start.writer_counters.size(), default_counters().size());
  History replayed;
  for (const SessionEvent& e : read->events) replayed.apply(e);
  ASSERT_EQ(replayed.segments().size(), 2U);
  EXPECT_EQ(replayed.segments()[1].label, "+vmsplice +huge");
  EXPECT_EQ(replayed.segments()[0].stats.mean, recorded.segments()[0].stats.mean);
  EXPECT_EQ(replayed.current_segment_stats().mean, recorded.current_segment_stats().mean);
  EXPECT_NEAR(*replayed.current_segment_stats().mean, 9.0, 0.01);
  EXPECT_EQ(replayed.problem(), "the reader was killed by SIGKILL");
  EXPECT_EQ(replayed.huge_pages().detail, "split by khugepaged");
  // The profile batch, written as its distinct stacks with their counts, reads back as every sample.
  ASSERT_TRUE(replayed.profile(WorkerRole::reader).has_value());
  EXPECT_EQ(replayed.profile(WorkerRole::reader)->tally.samples(), 5U);
  EXPECT_EQ(replayed.profile(WorkerRole::reader)->source.mode, ProfileMode::kernel_and_user);
}

TEST(Recording, TheSummaryListsEveryConfigurationFastestFirst) {
  History history;
  const std::string text = record(session_events(history), history);
  const std::size_t last = text.rfind('\n', text.size() - 2);
  const Result<Json> summary = parse_json(std::string_view(text).substr(last + 1));
  ASSERT_TRUE(summary);
  EXPECT_EQ(summary->at("type"), "summary");
  const Json& segments = summary->at("segments");
  ASSERT_EQ(segments.size(), 2U);
  EXPECT_EQ(segments[0].at("label"), "+vmsplice +huge");
  EXPECT_NEAR(segments[0].at("gib_per_s").get<double>(), 9.0, 0.01);
  EXPECT_NEAR(segments[0].at("speedup").get<double>(), 4.5, 0.01);
  EXPECT_EQ(segments[1].at("label"), "write/read");
}

TEST(Recording, ALastLineCutShortIsLeftOut) {
  History history;
  std::string text = record(session_events(history), history);
  const std::size_t events = read_recording(text)->events.size();
  text.resize(text.size() - 40);  // the summary cut mid-line
  const Result<Recording> cut = read_recording(text);
  ASSERT_TRUE(cut) << cut.error().message;
  EXPECT_EQ(cut->events.size(), events);
}

// What `pipetop run --format json` prints for a run: its sample lines and its summary.
std::string run_json(const FakeRun& outcome) {
  std::unique_ptr<Report> report = make_report(OutputFormat::json);
  std::string text = report->header(outcome.writer_counters);
  std::size_t w = 0;
  std::size_t r = 0;
  while (w < outcome.writer.size() || r < outcome.reader.size()) {
    if (w < outcome.writer.size()) text += report->sample(WorkerRole::writer, outcome.writer[w++]);
    if (r < outcome.reader.size()) text += report->sample(WorkerRole::reader, outcome.reader[r++]);
  }
  return text + report->summary(outcome.outcome());
}

FakeRun synthetic_outcome() {
  FakeRun o;
  o.config.writer = WriterKind::vmsplice;
  o.config.reader = ReaderKind::splice;
  o.config.busy_loop = true;
  o.config.writer_cpu = 0;
  o.config.reader_cpu = 1;
  o.pipe_bytes = 128 * kKiB;
  o.writer_counters = {{"cycles", CounterState::unavailable, "no PMU", CounterProblem::no_pmu},
                       {"page-faults", CounterState::counting, "", CounterProblem::none}};
  o.reader_counters = o.writer_counters;
  double bytes = 0;
  for (int i = 0; i <= 300; ++i) {
    Sample s{};
    s.t_ns = 5 * kSec + i * kTick;
    s.bytes = static_cast<std::uint64_t>(bytes);
    s.counter_count = 2;
    s.counters[1] = {static_cast<std::uint64_t>(i), static_cast<std::uint64_t>(i) * 10'000'000,
                     static_cast<std::uint64_t>(i) * 10'000'000};
    o.writer.push_back(s);
    o.reader.push_back(s);
    bytes += (i % 7 == 0 ? 20.0 : 30.0) * static_cast<double>(kGiB) / 100;
  }
  o.huge_pages = {false, false, "not asked", 0};
  return o;
}

TEST(Recording, RunJsonOutputReadsBackAsOneSegmentWithTheRunsOwnFigure) {
  const FakeRun outcome = synthetic_outcome();
  const Result<Recording> read = read_recording(run_json(outcome));
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(read->source, RecordingSource::run_json);
  EXPECT_EQ(read->command, "run");
  ASSERT_EQ(read->events.size(), 1 + outcome.writer.size() + outcome.reader.size());
  const auto& start = std::get<SegmentStart>(read->events.front());
  EXPECT_EQ(start.config.writer, WriterKind::vmsplice);
  EXPECT_TRUE(start.config.busy_loop);
  EXPECT_EQ(start.config.reader_cpu, 1);
  EXPECT_EQ(start.label, "vmsplice/splice");
  ASSERT_EQ(start.writer_counters.size(), 2U);
  EXPECT_EQ(start.writer_counters[0].state, CounterState::unavailable);
  EXPECT_EQ(start.writer_counters[0].reason, "no PMU");
  EXPECT_EQ(start.writer_counters[1].name, "page-faults");
  History history;
  for (const SessionEvent& e : read->events) history.apply(e);
  const std::optional<double> expected = summarize(outcome.outcome()).throughput.gib_per_s;
  ASSERT_TRUE(expected);
  ASSERT_TRUE(history.current_segment_stats().mean);
  EXPECT_NEAR(*history.current_segment_stats().mean, *expected, 1e-6 * *expected);
  EXPECT_NEAR(*read->summary_gib_per_s, *expected, 1e-6 * *expected);
  // The counter readings came through: page faults per sample.
  const auto& last = std::get<WorkerSample>(read->events.back());
  EXPECT_EQ(last.sample.counters[1].value, 300U);
}

// Run output's first line is the machine's: a replay names it as a recording's header does.
TEST(Recording, RunJsonOutputNamesTheMachineOfItsFirstLine) {
  MachineFacts facts;
  facts.cpu_model = "Test CPU";
  facts.kernel = "6.1.0-test";
  const FakeRun outcome = synthetic_outcome();
  const std::unique_ptr<Report> report = make_report(OutputFormat::json, &facts);
  const Result<Recording> read =
      read_recording(report->header(outcome.writer_counters) + report->summary(outcome.outcome()));
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(read->machine, "Test CPU · Linux 6.1.0-test");
  EXPECT_EQ(read->machine, machine_summary(facts));
}

TEST(Recording, QuietRunOutputHasOnlyItsSummary) {
  std::unique_ptr<Report> report = make_report(OutputFormat::json);
  const Result<Recording> read = read_recording(report->summary(synthetic_outcome().outcome()));
  ASSERT_TRUE(read) << read.error().message;
  ASSERT_EQ(read->events.size(), 1U);  // the segment, no samples
  EXPECT_TRUE(read->summary_gib_per_s);
  ASSERT_TRUE(read->summary_config);
  EXPECT_TRUE(read->summary_config->busy_loop);
}

TEST(Recording, BadFilesSayWhatIsWrongAndWhere) {
  const auto message = [](std::string_view text) {
    const Result<Recording> r = read_recording(text);
    EXPECT_FALSE(r) << text;
    if (r) return std::string();
    EXPECT_EQ(r.error().kind, ExitCode::usage);
    return r.error().message;
  };
  EXPECT_EQ(message(""), "the file is empty");
  EXPECT_EQ(message("\n\n \n"), "the file holds only blank lines");
  for (const char* version : {"0", "-1"}) {
    EXPECT_EQ(
        message("{\"schema_version\": " + std::string(version) + ", \"type\": \"recording\", \"command\": \"run\"}\n"),
        "line 1: schema_version " + std::string(version) + " is not one pipetop writes (1 and up)");
  }
  EXPECT_NE(message("hello\n").find("line 1: not valid JSON"), std::string::npos);
  EXPECT_NE(message("{\"type\": \"pictures\"}\n").find("neither a pipetop recording"), std::string::npos);
  EXPECT_NE(
      message("{\"schema_version\": 99, \"type\": \"recording\", \"command\": \"run\"}\n").find("schema_version 99"),
      std::string::npos);
  const std::string header = "{\"schema_version\": 1, \"type\": \"recording\", \"command\": \"run\"}\n";
  EXPECT_EQ(message(header + "{\"type\": \"sample\", \"worker\": \"writer\", \"t_ns\": 1}\n"),
            "line 2: sample: \"bytes\" is missing");
  EXPECT_EQ(message(header + "\n{\"type\": \"times\", \"worker\": \"both\"}\n"),
            "line 3: times: \"worker\" is neither writer nor reader");
  EXPECT_EQ(message(header + "{\"type\": \"profile\", \"worker\": \"reader\", \"t_ns\": 1, \"lost\": 0, "
                             "\"stacks\": [[1, []]]}\n"),
            "line 2: profile: \"stacks\" is not a list of [count, [[name, kernel], ...]] stacks");
  EXPECT_EQ(
      message(header + "{\"type\": \"profile_started\", \"worker\": \"reader\", \"t_ns\": 1, "
                       "\"event\": \"cpu-clock\", \"mode\": \"sometimes\", \"reason\": \"\", \"frequency_hz\": 1}\n"),
      "line 2: profile_started: \"mode\" is not a profile mode");
  EXPECT_NE(message("{\"type\": \"sample\", \"worker\": \"writer\", \"t_s\": 0, \"bytes\": 0, \"syscalls\": 0, "
                    "\"eagain\": 0, \"counters\": {}}\n")
                .find("without its summary line"),
            std::string::npos);
  // An event type of a later version is passed over, not refused.
  const Result<Recording> later = read_recording(header + "{\"type\": \"of_a_later_version\", \"t_ns\": 5}\n");
  ASSERT_TRUE(later);
  EXPECT_TRUE(later->events.empty());
}

// Issue 21: a number beyond a double aborted the replay (nlohmann's out_of_range escaped); it is a
// usage error naming the line, as any other bad line.
TEST(Recording, ANumberBeyondADoubleIsABadLineNotACrash) {
  const std::string header = "{\"schema_version\": 1, \"type\": \"recording\", \"command\": \"run\"}\n";
  const Result<Recording> r = read_recording(header + "{\"type\": \"sample\", \"t_ns\": 1e999}\n");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().kind, ExitCode::usage);
  EXPECT_NE(r.error().message.find("line 2: not valid JSON at column "), std::string::npos) << r.error().message;
  EXPECT_NE(r.error().message.find("number overflow"), std::string::npos) << r.error().message;
}

// Issue 21: a sample's t_ns near INT64_MAX overflowed History::add_figure (UBSan). Times outside 0 to
// kMaxRecordedNs are refused on load, naming the line, in recordings and in run output alike.
TEST(Recording, TimesBeyondTheRangeAreRefusedNamingTheLine) {
  const std::string header = "{\"schema_version\": 1, \"type\": \"recording\", \"command\": \"run\"}\n";
  for (const char* t_ns : {"9223372036854775800", "-5"}) {
    const Result<Recording> r =
        read_recording(header + "{\"type\": \"sample\", \"worker\": \"writer\", \"t_ns\": " + t_ns +
                       ", \"bytes\": 0, \"syscalls\": 0, \"eagain\": 0, \"spin_ns\": 0, \"pipe_fill\": 0, "
                       "\"counters\": []}\n");
    ASSERT_FALSE(r) << t_ns;
    EXPECT_EQ(r.error().kind, ExitCode::usage);
    EXPECT_NE(r.error().message.find("line 2: \"t_ns\" " + std::string(t_ns) + " is outside 0 to "), std::string::npos)
        << r.error().message;
  }
  const Result<Recording> run = read_recording(
      "{\"type\": \"sample\", \"worker\": \"writer\", \"t_s\": 9.3e9, \"bytes\": 0, \"syscalls\": 0, "
      "\"eagain\": 0, \"counters\": {}}\n");
  ASSERT_FALSE(run);
  EXPECT_NE(run.error().message.find("line 1: sample: \"t_s\" is outside 0 to "), std::string::npos)
      << run.error().message;
}

TEST(Recording, AStopAskedEndsALongReadBetweenLines) {
  std::string text = "{\"schema_version\": 1, \"type\": \"recording\", \"command\": \"run\"}\n";
  for (int i = 0; i < 5000; ++i) text += "{\"type\": \"of_a_later_version\", \"t_ns\": 5}\n";
  int asked = 0;
  const Result<Recording> r = read_recording(text, [&asked] { return ++asked == 2; });
  ASSERT_FALSE(r);
  EXPECT_EQ(asked, 2);
  EXPECT_EQ(r.error().kind, ExitCode::runtime);
  EXPECT_EQ(r.error().message, "reading stopped");
  ASSERT_TRUE(read_recording(text, [] { return false; }));
}

}  // namespace
}  // namespace pipetop
