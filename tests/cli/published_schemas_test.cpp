// Issue 12: every JSON document pipetop writes, taken from the real binary on this machine, validated
// against its published schema (schemas/*.schema.json) by python3-jsonschema — and a document that
// breaks its schema is refused, so the check can fail.

#include <gtest/gtest.h>

#include <csignal>
#include <string>
#include <vector>

#include "run_binary.hpp"
#include "temp_dir.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

const std::string kSchemas = PIPETOP_SOURCE_DIR "/schemas";
const std::string kValidator = PIPETOP_SOURCE_DIR "/tests/scripts/validate_json.py";

// Validates `document` against `schema`; the validator's words on failure.
testing::Ran validate(const std::string& schema, const fs::path& document, bool lines = false) {
  std::vector<std::string> args{kValidator, kSchemas, schema, document.string()};
  if (lines) args.emplace_back("--lines");
  return testing::run_program("/usr/bin/python3", args, 60s);
}

// Runs pipetop with `args`, expecting success, and keeps its stdout in `file`.
void produce(const std::vector<std::string>& args, const fs::path& file) {
  const testing::Ran ran = testing::run_binary(args, 120s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  ASSERT_FALSE(ran.out.empty());
  testing::write_file(file, ran.out);
}

TEST(PublishedSchemas, CheckDocument) {
  const testing::TempDir dir;
  ASSERT_NO_FATAL_FAILURE(produce({"check", "--seconds", "0.2s", "--tune-budget", "1s", "--rounds-budget", "2s",
                                   "--round", "50ms", "--pairs", "2", "--json"},
                                  dir.path() / "c"));
  ASSERT_NE(testing::slurp(dir.path() / "c").find("\"pairs\":{"), std::string::npos);
  ASSERT_NE(testing::slurp(dir.path() / "c").find("\"bandwidth\":{"), std::string::npos);
  ASSERT_NE(testing::slurp(dir.path() / "c").find("\"ceiling\":{"), std::string::npos);
  const testing::Ran v = validate("check.schema.json", dir.path() / "c");
  EXPECT_EQ(v.exit_code, 0) << v.err << v.out;
}

TEST(PublishedSchemas, EveryLineOfARun) {
  const testing::TempDir dir;
  ASSERT_NO_FATAL_FAILURE(produce({"run", "--duration", "0.3s", "--format", "json"}, dir.path() / "r"));
  const std::string text = testing::slurp(dir.path() / "r");
  EXPECT_NE(text.find("\"type\":\"machine\""), std::string::npos);
  EXPECT_NE(text.find("\"type\":\"sample\""), std::string::npos);
  EXPECT_NE(text.find("\"type\":\"summary\""), std::string::npos);
  EXPECT_NE(text.find("\"ceiling\":{"), std::string::npos);
  const testing::Ran v = validate("run.schema.json", dir.path() / "r", true);
  EXPECT_EQ(v.exit_code, 0) << v.err << v.out;
}

// The meter's form: a progress line a second with --size, and the summary so far that SIGUSR1 asks
// for, on stderr, with the run's lines on stdout: every line of both follows the schema.
TEST(PublishedSchemas, EveryLineOfAMeterRunAndItsSummarySoFar) {
  const testing::TempDir dir;
  bool sent = false;
  const testing::Ran ran =
      testing::run_binary({"run", "--duration", "2500ms", "--size", "1000G", "--format", "json", "--", "yes"}, 120s,
                          [&](pid_t pid, const std::string& out) {
                            if (sent || out.find("\"type\":\"progress\"") == std::string::npos) return;
                            kill(pid, SIGUSR1);
                            sent = true;
                          });
  ASSERT_TRUE(sent) << ran.out << ran.err;
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_NE(ran.out.find("\"percent\":"), std::string::npos) << ran.out;
  EXPECT_NE(ran.err.find("\"end\":\"still running (the summary so far)\""), std::string::npos) << ran.err;
  testing::write_file(dir.path() / "out", ran.out);
  testing::write_file(dir.path() / "err", ran.err);
  for (const char* file : {"out", "err"}) {
    const testing::Ran v = validate("run.schema.json", dir.path() / file, true);
    EXPECT_EQ(v.exit_code, 0) << file << ": " << v.err << v.out;
  }
}

// run --pairs: each pair's samples and summary name it, and the pairs line ends the output.
TEST(PublishedSchemas, EveryLineOfAPairsRun) {
  const testing::TempDir dir;
  ASSERT_NO_FATAL_FAILURE(produce(
      {"run", "--pairs", "2", "--writer-cpu", "-1", "--reader-cpu", "-1", "--duration", "0.3s", "--format", "json"},
      dir.path() / "p"));
  const std::string text = testing::slurp(dir.path() / "p");
  EXPECT_NE(text.find("\"type\":\"sample\",\"pair\":2"), std::string::npos) << text;
  EXPECT_NE(text.find("\"type\":\"pairs\""), std::string::npos) << text;
  const testing::Ran v = validate("run.schema.json", dir.path() / "p", true);
  EXPECT_EQ(v.exit_code, 0) << v.err << v.out;
}

TEST(PublishedSchemas, TuneDocument) {
  const testing::TempDir dir;
  ASSERT_NO_FATAL_FAILURE(produce({"tune", "--budget", "1s", "--json"}, dir.path() / "t"));
  const testing::Ran v = validate("tune.schema.json", dir.path() / "t");
  EXPECT_EQ(v.exit_code, 0) << v.err << v.out;
}

TEST(PublishedSchemas, AbDocument) {
  const testing::TempDir dir;
  ASSERT_NO_FATAL_FAILURE(
      produce({"ab", "--a", "--busy-loop", "--b", "", "--budget", "2s", "--round", "100ms", "--format", "json"},
              dir.path() / "ab"));
  const testing::Ran v = validate("ab.schema.json", dir.path() / "ab");
  EXPECT_EQ(v.exit_code, 0) << v.err << v.out;
}

TEST(PublishedSchemas, SweepDocument) {
  const testing::TempDir dir;
  ASSERT_NO_FATAL_FAILURE(
      produce({"sweep", "buffer-size", "64KiB..256KiB", "--budget", "1s", "--round", "50ms", "--format", "json"},
              dir.path() / "sweep"));
  const testing::Ran v = validate("sweep.schema.json", dir.path() / "sweep");
  EXPECT_EQ(v.exit_code, 0) << v.err << v.out;
}

// B as a command (--b-command): its side has the command as given and "external".
TEST(PublishedSchemas, AbDocumentAgainstACommand) {
  const testing::TempDir dir;
  ASSERT_NO_FATAL_FAILURE(
      produce({"ab", "--a", "", "--b-command", "head -c \"$PIPETOP_BYTES\" /dev/zero > /dev/null; echo 0.5", "--budget",
               "1s", "--round", "100ms", "--format", "json"},
              dir.path() / "ab"));
  const testing::Ran v = validate("ab.schema.json", dir.path() / "ab");
  EXPECT_EQ(v.exit_code, 0) << v.err << v.out;
}

TEST(PublishedSchemas, EventsDocument) {
  const testing::TempDir dir;
  ASSERT_NO_FATAL_FAILURE(produce({"events", "--format", "json"}, dir.path() / "e"));
  const testing::Ran v = validate("events.schema.json", dir.path() / "e");
  EXPECT_EQ(v.exit_code, 0) << v.err << v.out;
}

TEST(PublishedSchemas, ExportDocument) {
  const testing::TempDir dir;
  const std::string prefix = (dir.path() / "x").string();
  const testing::Ran ran = testing::run_binary({"run", "--duration", "0.3s", "-q", "--export", prefix}, 60s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  const testing::Ran v = validate("export.schema.json", prefix + ".json");
  EXPECT_EQ(v.exit_code, 0) << v.err << v.out;
}

// A recording (run --record, read by replay): the header, every event, the summary with the run's own.
TEST(PublishedSchemas, EveryLineOfARecording) {
  const testing::TempDir dir;
  const fs::path recording = dir.path() / "rec.jsonl";
  const testing::Ran ran =
      testing::run_binary({"run", "--duration", "0.5s", "-q", "--profile", "--record", recording.string()}, 60s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  const std::string text = testing::slurp(recording);
  for (const char* type : {"recording", "segment", "sample", "times", "summary"}) {
    EXPECT_NE(text.find("\"type\":\"" + std::string(type) + "\""), std::string::npos) << type << " in\n" << text;
  }
  EXPECT_EQ(text.find("{\"type\""), std::string::npos) << "every line begins with schema_version";
  const testing::Ran v = validate("recording.schema.json", recording, true);
  EXPECT_EQ(v.exit_code, 0) << v.err << v.out;
}

// A recording whose sample names a worker that does not exist, and whose segment lost its
// configuration, is refused.
TEST(PublishedSchemas, ABrokenRecordingIsRefused) {
  const testing::TempDir dir;
  const fs::path recording = dir.path() / "rec.jsonl";
  const testing::Ran ran =
      testing::run_binary({"run", "--duration", "0.3s", "-q", "--record", recording.string()}, 60s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  std::string text = testing::slurp(recording);
  const std::size_t worker = text.find("\"worker\":\"reader\"");
  ASSERT_NE(worker, std::string::npos) << text;
  text.replace(worker, 17, "\"worker\":\"both\"");
  const std::size_t config = text.find("\"config\":{");
  ASSERT_NE(config, std::string::npos) << text;
  text.replace(config, 10, "\"konfig\":{");
  testing::write_file(dir.path() / "broken", text);
  const testing::Ran v = validate("recording.schema.json", dir.path() / "broken", true);
  EXPECT_EQ(v.exit_code, 1) << v.out;
  EXPECT_NE(v.err.find("'both' is not one of ['writer', 'reader']"), std::string::npos) << v.err;
  EXPECT_NE(v.err.find("'config' is a required property"), std::string::npos) << v.err;
}

// The validator is no rubber stamp: a run's line with a count as text and an unknown writer fails.
TEST(PublishedSchemas, ABrokenDocumentIsRefused) {
  const testing::TempDir dir;
  ASSERT_NO_FATAL_FAILURE(produce({"run", "--duration", "0.2s", "--format", "json", "-q"}, dir.path() / "r"));
  std::string text = testing::slurp(dir.path() / "r");
  const std::size_t bytes = text.find("\"bytes\":");
  ASSERT_NE(bytes, std::string::npos) << text;
  text.insert(bytes + 8, "\"");
  text.insert(text.find_first_of(",}", bytes + 9), "\"");
  testing::write_file(dir.path() / "broken", text);
  const testing::Ran v = validate("run.schema.json", dir.path() / "broken", true);
  EXPECT_EQ(v.exit_code, 1) << v.out;
  EXPECT_NE(v.err.find("is not of type 'integer'"), std::string::npos) << v.err;
}

}  // namespace
}  // namespace pipetop
