// Every transport of the table through the real binary with --verify: the bytes arrive intact, the
// JSON summary names the transport; a FIFO leaves no directory behind; refusals exit 2 with the reason.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "pipetop/core/config/transports.hpp"
#include "run_binary.hpp"
#include "table_rows.hpp"
#include "temp_dir.hpp"

namespace pipetop {
namespace {

using namespace std::chrono_literals;

class TransportVerify : public ::testing::TestWithParam<std::string> {};

TEST_P(TransportVerify, EveryByteArrivesIntact) {
  const testing::TempDir tmp;
  const testing::Ran ran = testing::run_binary(
      {"run", "--transport", GetParam(), "--verify", "--duration", "300ms", "--format", "json", "-q"}, 60s, {},
      [&tmp] { setenv("TMPDIR", tmp.path().c_str(), 1); });
  ASSERT_FALSE(ran.timed_out);
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_NE(ran.out.find("\"mismatches\":0,\"ok\":true}"), std::string::npos) << ran.out;
  EXPECT_NE(ran.out.find(std::string("\"transport\":\"") + GetParam() + "\""), std::string::npos) << ran.out;
  EXPECT_TRUE(std::filesystem::is_empty(tmp.path())) << "the FIFO and its directory are removed";
}

INSTANTIATE_TEST_SUITE_P(Cli, TransportVerify, ::testing::ValuesIn(testing::names_of(kTransports)));

TEST(TransportCli, SendfileFromAMemfdArrivesIntactThroughAPipeAndAFifo) {
  for (const char* transport : {"pipe", "fifo"}) {
    const testing::Ran ran = testing::run_binary({"run", "--transport", transport, "--writer", "sendfile", "--verify",
                                                  "--duration", "300ms", "--format", "json", "-q"},
                                                 60s);
    EXPECT_EQ(ran.exit_code, 0) << transport << ": " << ran.err;
    EXPECT_NE(ran.out.find("\"mismatches\":0,\"ok\":true}"), std::string::npos) << ran.out;
    EXPECT_NE(ran.out.find("\"writer\":\"sendfile\""), std::string::npos) << ran.out;
  }
}

TEST(TransportCli, SendfileRunsOverTcp) {
  const testing::Ran ran =
      testing::run_binary({"run", "--transport", "tcp", "--writer", "sendfile", "--duration", "300ms", "-q"}, 60s);
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_NE(ran.out.find("sendfile → read · over tcp"), std::string::npos) << ran.out;
}

TEST(TransportCli, SpliceFromASocketGoesThroughARelayPipe) {
  const testing::Ran ran =
      testing::run_binary({"run", "--transport", "socketpair", "--reader", "splice", "--duration", "300ms", "-q"}, 60s);
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_NE(ran.out.find("write → splice (through a relay pipe) · over socketpair"), std::string::npos) << ran.out;
}

TEST(TransportCli, ZeroCopyOverTcpCountsItsCompletions) {
  const testing::Ran ran = testing::run_binary(
      {"run", "--transport", "tcp", "--zerocopy", "--verify", "--duration", "300ms", "--format", "json", "-q"}, 60s);
  if (ran.err.find("SO_ZEROCOPY") != std::string::npos) GTEST_SKIP() << "this kernel has no MSG_ZEROCOPY: " << ran.err;
  EXPECT_EQ(ran.exit_code, 0) << ran.err;
  EXPECT_NE(ran.out.find("\"zerocopy\":{\"sends\":"), std::string::npos) << ran.out;
  EXPECT_NE(ran.out.find("\"mismatches\":0,\"ok\":true}"), std::string::npos) << ran.out;
}

TEST(TransportCli, VmspliceIntoASocketIsRefusedWithTheReason) {
  const testing::Ran ran = testing::run_binary({"run", "--transport", "tcp", "--writer", "vmsplice"}, 30s);
  EXPECT_EQ(ran.exit_code, 2);
  EXPECT_NE(ran.err.find("a socket has no pipe to map them into"), std::string::npos) << ran.err;
}

}  // namespace
}  // namespace pipetop
