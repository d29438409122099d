// The real binary measuring a real program at the other end of its pipe: a shell producer on stdin,
// a command it starts, a consumer on its stdout, and --pass in the middle with a checksum at both ends.
// Each checks that nothing is left running.

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <optional>
#include <string>

#include "processes.hpp"
#include "run_binary.hpp"
#include "test_json.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;

// `script` run by bash with the binary under test as $P.
testing::Ran shell(const std::string& script, std::chrono::milliseconds timeout = 60s) {
  return testing::run_program("/bin/bash", {"-c", "set -o pipefail; P='" PIPETOP_BINARY "'; " + script}, timeout);
}

// The last line of `text` (the JSON summary).
std::string last_line(const std::string& text) {
  const std::size_t end = text.find_last_not_of('\n');
  const std::size_t start = text.rfind('\n', end);
  return text.substr(start == std::string::npos ? 0 : start + 1,
                     end - (start == std::string::npos ? 0 : start + 1) + 1);
}

bool no_process_named(const std::string& marker) {
  return shell("! pgrep -f -- '" + marker + "' | grep -v $$ >/dev/null").exit_code == 0;
}

TEST(ExternalStdin, CountsEveryByteAShellProducerWrites) {
  const testing::Ran ran = shell("head -c 64M /dev/zero | $P run --stdin --format json");
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  const std::string summary = last_line(ran.out);
  EXPECT_NE(summary.find("\"bytes\":67108864"), std::string::npos) << summary;
  EXPECT_NE(summary.find("\"end\":\"the other program closed its end\""), std::string::npos) << summary;
  EXPECT_NE(summary.find("\"reader\":\"splice\""), std::string::npos) << summary;
  EXPECT_NE(summary.find("\"command_line\":\"head -c 64M /dev/zero\""), std::string::npos) << summary;
}

// A producer that ends within a fraction of a second (head, or a shell's command) still gets its CPU
// time beside pipetop's worker, not "—", and the bytes are not split into "writer 0 B, reader N".
// 2 GiB: two of pipetop's 50 ms readings of the producer even at 10 GiB/s (200 MiB ended before the first).
TEST(ExternalStdin, AShortProducersCpuTimeIsMeasured) {
  for (const std::string& script : {std::string("head -c 2G /dev/zero | $P run --stdin -q"),
                                    std::string("$P run -q -- sh -c 'head -c 2G /dev/zero'")}) {
    const testing::Ran ran = shell(script);
    ASSERT_EQ(ran.exit_code, 0) << script << ": " << ran.err;
    EXPECT_NE(ran.out.find("moved        2 GiB in "), std::string::npos) << ran.out;
    EXPECT_NE(ran.out.find("(through the pipe, as pipetop's reader counted it)"), std::string::npos) << ran.out;
    EXPECT_EQ(ran.out.find("writer 0 B"), std::string::npos) << ran.out;
    EXPECT_EQ(ran.out.find("writer (theirs) — user"), std::string::npos) << script << ":\n" << ran.out;
  }
}

TEST(ExternalStdin, IsTheDefaultWhenStdinIsAPipe) {
  const testing::Ran ran = shell("head -c 8M /dev/zero | $P run --reader read");
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_NE(ran.out.find("producer (stdin): pid "), std::string::npos) << ran.out;
  EXPECT_NE(ran.out.find("moved        8 MiB"), std::string::npos) << ran.out;
}

TEST(ExternalStdin, EveryFormatReportsIt) {
  const testing::Ran csv = shell("head -c 8M /dev/zero | $P run --stdin --format csv");
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_TRUE(csv.out.starts_with("type,worker,t_s,bytes")) << csv.out;
  EXPECT_NE(csv.out.find("sample,reader,"), std::string::npos);
  EXPECT_EQ(csv.out.find("sample,writer,"), std::string::npos) << "no writer of ours, no writer rows";
  EXPECT_NE(last_line(csv.out).find("summary,both,"), std::string::npos);
  EXPECT_NE(last_line(csv.out).find(",8388608,"), std::string::npos) << last_line(csv.out);
  const testing::Ran text = shell("head -c 8M /dev/zero | $P run --stdin -q");
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("other end    producer (stdin)"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("cpu          writer (theirs)"), std::string::npos) << text.out;
}

TEST(ExternalStdin, ADurationEndsAProducerThatSendsNothing) {
  const auto start = std::chrono::steady_clock::now();
  const testing::Ran ran = shell(
      "exec 3< <(exec sleep 30 2>/dev/null); s=$!; $P run --stdin --duration 500ms -q <&3; r=$?; kill $s; exit $r");
  EXPECT_LT(std::chrono::steady_clock::now() - start, 10s);
  ASSERT_EQ(ran.exit_code, 1) << "nothing moved: the exit-code table says 1; " << ran.err;
  EXPECT_NE(ran.out.find("ended        duration reached"), std::string::npos) << ran.out;
  EXPECT_NE(ran.out.find("moved        0 B"), std::string::npos) << ran.out;
  EXPECT_NE(ran.err.find("pipetop: nothing moved: the producer (stdin) wrote nothing before the run ended"),
            std::string::npos)
      << ran.err;
}

// `true | pipetop run --stdin`: a producer that closes its end at once moved nothing, which the
// exit-code table calls a failure (1), said on stderr; the summary is still written.
TEST(ExternalStdin, AProducerThatSendsNothingFailsTheRun) {
  const testing::Ran ran = shell("true | $P run --stdin -q");
  EXPECT_EQ(ran.exit_code, 1) << ran.err;
  EXPECT_NE(ran.err.find("pipetop: nothing moved: the producer (stdin) closed its end without writing"),
            std::string::npos)
      << ran.err;
  EXPECT_NE(ran.out.find("moved        0 B"), std::string::npos) << ran.out;
  EXPECT_EQ(testing::run_binary({"run", "--", "true"}, 30s).exit_code, 1);
  EXPECT_EQ(testing::run_binary({"run", "--", "sh", "-c", "exit 7"}, 30s).exit_code, 7) << "the command's status";
}

TEST(ExternalStdin, RefusesWriterOptionsAndStdinThatIsNoPipe) {
  testing::Ran ran = shell("head -c 1M /dev/zero | $P run --stdin --writer vmsplice");
  EXPECT_EQ(ran.exit_code, 2);
  EXPECT_NE(ran.err.find("--writer configures pipetop's writer, but with --stdin"), std::string::npos) << ran.err;
  ran = shell("$P run --stdin < /etc/hostname");
  EXPECT_EQ(ran.exit_code, 2);
  EXPECT_NE(ran.err.find("--stdin needs stdin to be a pipe, and it is a regular file"), std::string::npos) << ran.err;
  ran = shell("$P run --stdin <&-");  // a closed stdin: pipetop keeps its number on /dev/null
  EXPECT_EQ(ran.exit_code, 2);
  EXPECT_NE(ran.err.find("--stdin needs stdin to be a pipe"), std::string::npos) << ran.err;
}

TEST(ExternalCommand, TheExitCodeFollowsTheCommand) {
  const testing::Ran ran =
      testing::run_binary({"run", "--format", "json", "--", "sh", "-c", "head -c 16M /dev/zero; exit 7"}, 60s);
  EXPECT_EQ(ran.exit_code, 7) << ran.err;
  const std::string summary = last_line(ran.out);
  EXPECT_NE(summary.find("\"bytes\":16777216"), std::string::npos) << summary;
  EXPECT_NE(summary.find("\"exit_status\":7"), std::string::npos) << summary;
  EXPECT_NE(summary.find("\"ended_by_pipetop\":false"), std::string::npos) << summary;
}

TEST(ExternalCommand, ACommandThatCannotRunIsAClearErrorAndLeavesNothing) {
  testing::Ran ran = testing::run_binary({"run", "--", "pipetop-no-such-command", "arg"}, 30s);
  EXPECT_EQ(ran.exit_code, 127);  // as a shell says
  EXPECT_NE(ran.err.find("cannot run 'pipetop-no-such-command': no such command"), std::string::npos) << ran.err;
  ran = shell("f=$(mktemp); trap 'rm -f $f' EXIT; chmod 644 $f; $P run -- $f");
  EXPECT_EQ(ran.exit_code, 126);
  EXPECT_NE(ran.err.find("Permission denied"), std::string::npos) << ran.err;
  ran = testing::run_binary({"run", "--"}, 30s);
  EXPECT_EQ(ran.exit_code, 2);
  EXPECT_NE(ran.err.find("-- needs a command"), std::string::npos) << ran.err;
}

TEST(ExternalCommand, InterruptingPipetopEndsTheCommandToo) {
  std::vector<pid_t> children;
  bool sent = false;
  const testing::Ran ran =
      testing::run_binary({"run", "--", "sleep", "31.5"}, 30s, [&](pid_t pid, const std::string& /*out*/) {
        if (sent) return;
        children = testing::children_of(pid);
        if (children.size() < 2) return;  // the command and the reader
        kill(pid, SIGINT);
        sent = true;
      });
  ASSERT_TRUE(sent);
  EXPECT_EQ(ran.exit_code, 128 + SIGINT) << ran.err;
  EXPECT_NE(ran.out.find("command      ended by pipetop"), std::string::npos) << ran.out;
  for (const pid_t child : children) EXPECT_FALSE(testing::is_running(child)) << child;
  EXPECT_TRUE(no_process_named("sleep 31.5"));
}

// The command's own children go with it, as with timeout(1): a shell that ignores SIGTERM is killed
// after the grace, and so is the child it started (which inherited the ignored SIGTERM and holds the
// pipe), instead of outliving pipetop.
TEST(ExternalCommand, ItsChildrenEndWithIt) {
  const testing::Ran ran = testing::run_binary(
      {"run", "--duration", "300ms", "--", "sh", "-c", "trap '' TERM; sleep 31.7; echo not reached"}, 60s);
  EXPECT_FALSE(ran.timed_out);
  EXPECT_NE(ran.out.find("command      ended by pipetop"), std::string::npos) << ran.out;
  EXPECT_TRUE(no_process_named("sleep 31.7")) << "the command's child outlived pipetop";
}

TEST(ExternalStdout, AConsumerGetsEveryByteAndTheReportGoesToStderr) {
  const testing::Ran ran = shell("$P run --stdout --bytes 32M --writer vmsplice --format json | wc -c");
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_EQ(ran.out, "33554432\n");
  const std::string summary = last_line(ran.err);
  EXPECT_NE(summary.find("\"end\":\"byte count reached\""), std::string::npos) << summary;
  EXPECT_NE(summary.find("\"command_line\":\"wc -c\""), std::string::npos) << summary;
  EXPECT_NE(summary.find("\"gib_per_s\":"), std::string::npos) << summary;
}

TEST(ExternalStdout, AConsumerThatLeavesEndsTheRunCleanly) {
  const testing::Ran ran = shell("$P run --stdout --duration 30s -q | head -c 1M | wc -c", 20s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_EQ(ran.out, "1048576\n");
  EXPECT_NE(ran.err.find("ended        the other program closed its end"), std::string::npos) << ran.err;
}

TEST(ExternalStdout, RefusesAStdoutThatIsNoPipeAndReaderOptions) {
  testing::Ran ran = shell("$P run --stdout > /dev/null");
  EXPECT_EQ(ran.exit_code, 2);
  EXPECT_NE(ran.err.find("--stdout needs stdout to be a pipe"), std::string::npos) << ran.err;
  ran = shell("$P run --stdout --reader splice | cat");
  EXPECT_EQ(ran.exit_code, 2);
  EXPECT_NE(ran.err.find("--reader configures pipetop's reader"), std::string::npos) << ran.err;
}

class PassThrough : public ::testing::TestWithParam<std::string> {};

TEST_P(PassThrough, ForwardsEveryByteUnchanged) {
  const testing::Ran ran = shell(
      "d=$(mktemp -d); trap 'rm -rf $d' EXIT; head -c 300M /dev/urandom > $d/in; "
      "$P run --stdin --pass -q " +
          GetParam() +
          " < <(cat $d/in) 2>$d/err | sha256sum > $d/out; "
          "[ \"$(sha256sum < $d/in)\" = \"$(cat $d/out)\" ] || { echo MISMATCH; exit 1; }; cat $d/err",
      120s);
  ASSERT_EQ(ran.exit_code, 0) << ran.out << ran.err;
  EXPECT_NE(ran.out.find("moved        300 MiB"), std::string::npos) << ran.out;
  EXPECT_NE(ran.out.find(GetParam().empty() ? "pass         splice(2)" : "pass         read(2) and write(2)"),
            std::string::npos)
      << ran.out;
}

INSTANTIATE_TEST_SUITE_P(Paths, PassThrough, ::testing::Values("", "--reader read"));

TEST(PassThroughTerminal, FallsBackToReadAndWriteWhereStdoutTakesNoSplice) {
  const testing::Ran ran = shell("head -c 4M /dev/zero | $P run --stdin --pass -q > /dev/null");
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_NE(ran.err.find("pass         read(2) and write(2) through a buffer (stdout takes no splice"),
            std::string::npos)
      << ran.err;
}

// Issue 21: splice(2) refuses a file opened with O_APPEND (EINVAL), and `--pass >> file` wrote nothing,
// failed, and its summary said "281.8% user" and the producer's counters "did not run". Read and write.
TEST(PassThroughAppend, AppendsToAFileThroughReadAndWrite) {
  const testing::Ran ran = shell(
      "d=$(mktemp -d); trap 'rm -rf $d' EXIT; head -c 64M /dev/urandom > $d/in; echo start > $d/out; "
      "$P run --stdin --pass < <(cat $d/in) >> $d/out 2>$d/err; rc=$?; "
      "{ echo start; cat $d/in; } | cmp - $d/out && echo SAME; echo rc=$rc; cat $d/err");
  EXPECT_NE(ran.out.find("SAME\nrc=0\n"), std::string::npos) << ran.out << ran.err;
  EXPECT_NE(ran.out.find("pass         read(2) and write(2) through a buffer (stdout takes no splice: a terminal, a "
                         "device or `>>`)"),
            std::string::npos)
      << ran.out;
  EXPECT_EQ(ran.out.find("did not run"), std::string::npos) << ran.out;
}

TEST(PassThroughEpipe, AConsumerThatLeavesEndsItCleanlyWithASummary) {
  const testing::Ran ran =
      shell("yes | $P run --stdin --pass -q | head -c 1000 | wc -c; echo \"${PIPESTATUS[1]}\"", 30s);
  EXPECT_EQ(ran.out, "1000\n0\n") << ran.err;
  EXPECT_NE(ran.err.find("ended        the other program closed its end"), std::string::npos) << ran.err;
}

// The dashboard forms draw on /dev/tty; without one (a new session, CI) they say what to run instead.
TEST(ExternalDashboard, WithoutATerminalPointsToTheHeadlessFormAndLeavesNothing) {
  testing::Ran ran = shell("yes pipetop-no-tty-producer | setsid -w $P");
  EXPECT_EQ(ran.exit_code, 2) << ran.err;
  EXPECT_NE(ran.err.find("no terminal for the dashboard: /dev/tty cannot be opened"), std::string::npos) << ran.err;
  EXPECT_NE(ran.err.find("pipetop run --stdin"), std::string::npos) << ran.err;
  EXPECT_TRUE(no_process_named("pipetop-no-tty-producer"));
  ran = shell("setsid -w $P -- sleep 32.5 < /dev/null");
  EXPECT_EQ(ran.exit_code, 2) << ran.err;
  EXPECT_NE(ran.err.find("pipetop run -- sleep"), std::string::npos) << ran.err;
  EXPECT_TRUE(no_process_named("sleep 32.5")) << "the command started is ended";
  ran = shell("setsid -w $P --stdout | cat > /dev/null");
  EXPECT_EQ(ran.exit_code, 2) << ran.err;
  EXPECT_NE(ran.err.find("pipetop run --stdout"), std::string::npos) << ran.err;
}

TEST(ExternalRerun, TheRerunLineAndTheConfigNameTheFormAndRunAgain) {
  testing::Ran ran = shell("head -c 8M /dev/zero | $P run --stdin --reader read --format json");
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  const std::optional<nlohmann::json> summary = test_json::parse(last_line(ran.out));
  ASSERT_TRUE(summary) << ran.out;
  const std::string rerun = (*summary)["command"].get<std::string>();
  EXPECT_EQ(rerun.rfind("head -c 8M /dev/zero | pipetop run --stdin --reader read", 0), 0U) << rerun;
  EXPECT_EQ(rerun.find("--writer-cpu"), std::string::npos) << "the producer's CPU is not pipetop's to set: " << rerun;
  EXPECT_EQ((*summary)["config"]["stdin"], true);
  // The line runs what ran.
  const std::string again = rerun.substr(0, rerun.find("pipetop")) + "$P" + rerun.substr(rerun.find("pipetop") + 7);
  EXPECT_EQ(shell(again + " -q").exit_code, 0) << again;

  ran = testing::run_binary({"run", "--", "head", "-c", "1M", "/dev/zero"}, 30s);
  ASSERT_EQ(ran.exit_code, 0) << ran.err;
  const std::size_t at = ran.out.find("rerun        pipetop run ");
  ASSERT_NE(at, std::string::npos) << ran.out;
  const std::string line = ran.out.substr(at + 13, ran.out.find('\n', at) - at - 13);
  EXPECT_NE(line.find(" -- head -c 1M /dev/zero"), std::string::npos) << line;
  EXPECT_EQ(line.find("--writer-cpu"), std::string::npos) << line;
  EXPECT_EQ(shell("$P run -q" + line.substr(11) + " >/dev/null").exit_code, 0) << line;
}

// The other program's counters, opened by pipetop on its pid: a producer on stdin, a consumer on stdout.
TEST(ExternalCounters, TheProducersAndTheConsumersCountersAreCountedOnTheirPid) {
  const testing::Ran in = shell("(yes; true) | $P run --stdin --duration 1s --format json");
  ASSERT_EQ(in.exit_code, 0) << in.err;
  const std::optional<nlohmann::json> producer = test_json::parse(last_line(in.out));
  ASSERT_TRUE(producer) << in.out;
  const nlohmann::json& writer = (*producer)["counters"]["writer"];
  ASSERT_TRUE(writer.contains("task-clock")) << writer.dump();
  if (writer["task-clock"].contains("unavailable")) {
    GTEST_SKIP() << "perf cannot count another process here: " << writer["task-clock"]["unavailable"];
  }
  ASSERT_TRUE(writer["task-clock"]["value"].is_number()) << writer.dump();
  EXPECT_GT(writer["task-clock"]["value"].get<double>(), 1e8) << "yes runs flat out for a second";
  ASSERT_TRUE(writer["context-switches"]["value"].is_number()) << writer.dump();
  ASSERT_TRUE((*producer)["derived"]["writer"]["cpu_utilisation"].is_number()) << producer->dump();
  EXPECT_GT((*producer)["derived"]["writer"]["cpu_utilisation"].get<double>(), 0.1) << producer->dump();

  // The consumer: cat, reading what pipetop writes; the report goes to stderr.
  const testing::Ran out = shell(
      "f=$(mktemp); trap 'rm -f $f' EXIT; $P run --stdout --duration 1s --format json 2>$f | cat >/dev/null; cat $f");
  ASSERT_EQ(out.exit_code, 0) << out.err;
  const std::optional<nlohmann::json> consumer = test_json::parse(last_line(out.out));
  ASSERT_TRUE(consumer) << out.out;
  const nlohmann::json& reader = (*consumer)["counters"]["reader"];
  ASSERT_TRUE(reader.contains("task-clock")) << reader.dump();
  ASSERT_TRUE(reader["task-clock"]["value"].is_number()) << reader.dump();
  EXPECT_GT(reader["task-clock"]["value"].get<double>(), 1e7) << "cat reads for a second";
  ASSERT_TRUE(reader["context-switches"]["value"].is_number()) << reader.dump();
  EXPECT_GT(reader["context-switches"]["value"].get<double>(), 0) << "a reader that waits on the pipe sleeps";
}

// The recording of a run with a producer carries its counters, and passes the published schema.
TEST(ExternalCounters, ARecordingKeepsTheProducersCounters) {
  const testing::Ran ran = shell(
      "d=$(mktemp -d); trap 'rm -rf $d' EXIT; (yes; true) | $P run --stdin --duration 0.6s -q --record $d/r.jsonl "
      ">/dev/null &&"
      " python3 " PIPETOP_SOURCE_DIR "/tests/scripts/validate_json.py " PIPETOP_SOURCE_DIR
      "/schemas recording.schema.json $d/r.jsonl --lines && grep -c '\"type\":\"other_counts\"' $d/r.jsonl");
  ASSERT_EQ(ran.exit_code, 0) << ran.err << ran.out;
  EXPECT_GT(std::stoi(ran.out), 0) << ran.out;
}

}  // namespace
}  // namespace pipetop
