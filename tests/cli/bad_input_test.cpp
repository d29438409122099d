// Bad input through the real binary: a clear message naming the problem, a hint, the right exit code
// (2 usage, 3 environment), no crash, no hang.

#include <gtest/gtest.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "run_binary.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;

struct BadInput {
  const char* name;
  std::vector<std::string> args;
  int exit_code;
  std::vector<std::string> says;  // each must appear on stderr
};

void PrintTo(const BadInput& c, std::ostream* os) {
  *os << c.name;
}

class BadInputTest : public ::testing::TestWithParam<BadInput> {};

TEST_P(BadInputTest, ExitsWithAClearMessage) {
  const BadInput& c = GetParam();
  const testing::Ran ran = testing::run_binary(c.args, 10s);
  ASSERT_FALSE(ran.timed_out);
  EXPECT_EQ(ran.exit_code, c.exit_code) << ran.err;
  for (const std::string& phrase : c.says) {
    EXPECT_NE(ran.err.find(phrase), std::string::npos) << "stderr lacks '" << phrase << "':\n" << ran.err;
  }
  EXPECT_EQ(ran.out.find("GiB/s"), std::string::npos) << "no run may start on bad input";
}

INSTANTIATE_TEST_SUITE_P(
    Cases, BadInputTest,
    ::testing::Values(
        BadInput{"unknown_writer", {"run", "--writer", "mmap"}, 2, {"unknown writer strategy 'mmap'", "hint:"}},
        BadInput{"unknown_reader", {"run", "--reader", "sendfile"}, 2, {"unknown reader strategy 'sendfile'"}},
        BadInput{"zero_size", {"run", "--buffer-size", "0"}, 2, {"invalid size '0'", "greater than zero"}},
        BadInput{"malformed_size", {"run", "--buffer-size", "12Q"}, 2, {"invalid size '12Q'", "unknown unit"}},
        BadInput{"fractional_size", {"run", "--buffer-size", "1.5M"}, 2, {"fractions are not accepted"}},
        BadInput{"zero_pipe", {"run", "--pipe-size", "0"}, 2, {"invalid size '0'"}},
        BadInput{"vmsplice_not_pages",
                 {"run", "--writer", "vmsplice", "--buffer-size", "100000"},
                 2,
                 {"whole number of pages"}},
        BadInput{"vmsplice_pipe_contradiction",
                 {"run", "--writer", "vmsplice", "--pipe-size", "64K"},
                 2,
                 {"contradicts --writer vmsplice", "128 KiB"}},
        BadInput{"verify_splice",
                 {"run", "--verify", "--reader", "splice"},
                 2,
                 {"--verify needs a reader that sees the bytes", "--reader read"}},
        BadInput{"gift_write", {"run", "--gift"}, 2, {"--gift needs --writer vmsplice"}},
        BadInput{"same_buffer_write", {"run", "--same-buffer"}, 2, {"--same-buffer needs --writer vmsplice"}},
        BadInput{"refresh_nan", {"--refresh-hz", "nan"}, 2, {"--refresh-hz nan is not a rate from 1 to 60"}},
        BadInput{"refresh_inf", {"--refresh-hz", "inf"}, 2, {"--refresh-hz inf"}},
        BadInput{"refresh_zero", {"--refresh-hz", "0"}, 2, {"--refresh-hz 0 is not a rate from 1 to 60"}},
        BadInput{"check_ignores_strategies",
                 {"check", "--writer", "vmsplice", "--gift"},
                 2,
                 {"'--writer vmsplice --gift' is not an option of check", "pipetop run"}},
        BadInput{"tune_ignores_buffer", {"tune", "--buffer-size", "1M"}, 2, {"not an option of tune"}},
        BadInput{"check_writes_no_csv",
                 {"check", "--format", "csv"},
                 2,
                 {"check writes text, json or openmetrics, not csv"}},
        BadInput{
            "cpu_missing", {"run", "--writer-cpu", "999"}, 3, {"CPU 999 does not exist or is offline", "online CPUs"}},
        BadInput{"cpu_negative", {"run", "--reader-cpu", "-7"}, 2, {"--reader-cpu -7 is not a CPU number"}},
        BadInput{"cpu_not_a_number", {"run", "--writer-cpu", "two"}, 2, {"--writer-cpu"}},
        BadInput{"zero_duration", {"run", "--duration", "0s"}, 2, {"invalid duration '0s'"}},
        BadInput{"tiny_interval", {"run", "--interval", "100us"}, 2, {"shorter than 1ms"}},
        BadInput{"bad_format", {"run", "--format", "xml"}, 2, {"unknown output format 'xml'"}},
        BadInput{"unknown_option", {"run", "--frobnicate"}, 2, {"--frobnicate"}},
        BadInput{"dashboard_without_a_terminal", {}, 3, {"stdout is not a terminal", "pipetop run"}},
        BadInput{"unknown_command", {"launch"}, 2, {"unknown command 'launch'"}},
        BadInput{"unknown_theme", {"--theme", "neon"}, 2, {"unknown theme 'neon'", "dark, light, high-contrast"}},
        BadInput{"tour_unknown_theme", {"tour", "--theme", "neon"}, 2, {"unknown theme 'neon'"}},
        BadInput{"y_max_negative", {"--y-max", "-1"}, 2, {"--y-max: '-1' is not a positive number"}},
        BadInput{"replay_missing_file",
                 {"replay", "/nonexistent/talk.jsonl"},
                 2,
                 {"cannot read /nonexistent/talk.jsonl", "ENOENT"}},
        BadInput{"replay_not_a_recording", {"replay", "/etc/passwd"}, 2, {"/etc/passwd: line 1: not valid JSON"}},
        BadInput{"replay_zero_speed", {"replay", "/etc/passwd", "--speed", "0"}, 2, {"--speed: '0' is not a positive"}},
        BadInput{"replay_without_a_file", {"replay"}, 2, {"file"}},
        BadInput{"baseline_not_a_recording", {"run", "--baseline", "/etc/passwd"}, 2, {"--baseline"}},
        BadInput{"tour_zero_step", {"tour", "--no-ui", "--step", "0s"}, 2, {"--step: invalid duration '0s'"}},
        BadInput{"tour_tuned_not_tune_output",
                 {"tour", "--no-ui", "--tuned", "/etc/passwd"},
                 2,
                 {"--tuned /etc/passwd: not valid JSON at line 1"}}),
    [](const auto& param_info) { return std::string(param_info.param.name); });

TEST(BadInput, PipeAboveTheLimitForAnUnprivilegedUser) {
  if (geteuid() != 0 || access("/usr/bin/setpriv", X_OK) != 0) {
    GTEST_SKIP() << "needs root and setpriv to run the binary as an unprivileged user";
  }
  const testing::Ran ran = testing::run_program(
      "/usr/bin/setpriv",
      {"--reuid=65534", "--regid=65534", "--clear-groups", PIPETOP_BINARY, "run", "--pipe-size", "64M"}, 10s);
  ASSERT_FALSE(ran.timed_out);
  EXPECT_EQ(ran.exit_code, 3) << ran.err;
  EXPECT_NE(ran.err.find("above /proc/sys/fs/pipe-max-size"), std::string::npos) << ran.err;
  EXPECT_NE(ran.err.find("CAP_SYS_RESOURCE"), std::string::npos) << ran.err;
}

TEST(Help, RunHelpListsEveryOption) {
  const testing::Ran ran = testing::run_binary({"run", "--help"}, 10s);
  EXPECT_EQ(ran.exit_code, 0);
  for (const char* option : {"--writer", "--reader", "--huge-pages", "--busy-loop", "--poll", "--gift", "--lock-memory",
                             "--no-touch", "--same-buffer", "--buffer-size", "--pipe-size", "--writer-cpu",
                             "--reader-cpu", "--verify", "--interval", "--duration", "--format"}) {
    EXPECT_NE(ran.out.find(option), std::string::npos) << option;
  }
}

}  // namespace
}  // namespace pipetop
