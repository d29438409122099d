// The transports' table and its rules: what each transport refuses (vmsplice into a socket, MSG_ZEROCOPY
// off TCP or off the write writer), the relay pipe of a splice from a socket, names, the key that cycles
// them, and the configuration as JSON and as a command line.

#include "pipetop/core/config/transports.hpp"

#include <gtest/gtest.h>

#include "pipetop/core/config/command_line.hpp"
#include "pipetop/core/config/config_change.hpp"
#include "pipetop/core/config/run_config_json.hpp"
#include "pipetop/core/config/validate.hpp"
#include "pipetop/core/report/json_reader.hpp"
#include "pipetop/core/report/json_writer.hpp"
#include "pipetop/core/screen/key_table.hpp"
#include "two_cpu_limits.hpp"

namespace pipetop {
namespace {

RunConfig over(TransportKind transport) {
  RunConfig c;
  c.transport = transport;
  return c;
}

TEST(Transports, EveryKindHasItsOwnRowAndName) {
  for (const Transport& row : kTransports) {
    EXPECT_EQ(&transport_of(row.kind), &row);
    Result<TransportKind> parsed = parse_transport_kind(row.name);
    ASSERT_TRUE(parsed.has_value()) << row.name;
    EXPECT_EQ(*parsed, row.kind);
  }
  EXPECT_EQ(transport_choices(), "pipe | fifo | socketpair | tcp");
}

TEST(Transports, UnknownNameIsAUsageErrorNamingTheChoices) {
  Result<TransportKind> parsed = parse_transport_kind("udp");
  ASSERT_FALSE(parsed.has_value());
  EXPECT_EQ(parsed.error().kind, ExitCode::usage);
  EXPECT_NE(parsed.error().message.find("'udp'"), std::string::npos);
  EXPECT_NE(parsed.error().hint.find("socketpair"), std::string::npos);
}

TEST(Transports, WriteAndReadRunOverEveryTransport) {
  for (const Transport& row : kTransports) {
    EXPECT_TRUE(validate(over(row.kind), testing::two_cpu_limits()).has_value()) << row.name;
    RunConfig verified = over(row.kind);
    verified.verify = true;
    EXPECT_TRUE(validate(verified, testing::two_cpu_limits()).has_value()) << row.name;
  }
}

TEST(Transports, VmspliceIsRefusedIntoASocketWithTheReason) {
  for (const TransportKind kind : {TransportKind::socketpair, TransportKind::tcp}) {
    RunConfig c = over(kind);
    c.writer = WriterKind::vmsplice;
    Result<void> checked = validate(c, testing::two_cpu_limits());
    ASSERT_FALSE(checked.has_value());
    EXPECT_EQ(checked.error().kind, ExitCode::usage);
    EXPECT_NE(checked.error().message.find("vmsplice(2) maps the writer's pages into a pipe"), std::string::npos)
        << checked.error().message;
    EXPECT_NE(checked.error().message.find(std::string(to_string(kind))), std::string::npos);
  }
  RunConfig fifo = over(TransportKind::fifo);
  fifo.writer = WriterKind::vmsplice;
  EXPECT_TRUE(validate(fifo, testing::two_cpu_limits()).has_value()) << "a FIFO is a pipe: vmsplice fills it";
}

TEST(Transports, SendfileLendsPagesToAPipeAndIsRefusedVerifyOverASocket) {
  RunConfig c;
  c.writer = WriterKind::sendfile;
  EXPECT_TRUE(lends_pages_to_pipe(c));
  EXPECT_EQ(requested_pipe_bytes(c), c.buffer_bytes / 2) << "sized as vmsplice's pipe";
  c.verify = true;
  EXPECT_TRUE(validate(c, testing::two_cpu_limits()).has_value());
  c.transport = TransportKind::tcp;
  EXPECT_FALSE(lends_pages_to_pipe(c));
  EXPECT_EQ(requested_pipe_bytes(c), std::nullopt) << "a socket's buffer is left to the kernel";
  Result<void> checked = validate(c, testing::two_cpu_limits());
  ASSERT_FALSE(checked.has_value());
  EXPECT_NE(checked.error().message.find("the socket holds the memfd's pages"), std::string::npos)
      << checked.error().message;
  c.verify = false;
  c.buffer_bytes = 100'000;  // no pipe to size to half of it over a socket: any size goes
  EXPECT_TRUE(validate(c, testing::two_cpu_limits()).has_value());
}

TEST(Transports, ZeroCopyNeedsTcpAndTheWriteWriter) {
  RunConfig c = over(TransportKind::socketpair);
  c.zerocopy = true;
  Result<void> checked = validate(c, testing::two_cpu_limits());
  ASSERT_FALSE(checked.has_value());
  EXPECT_NE(checked.error().message.find("MSG_ZEROCOPY is a flag of send(2) on TCP"), std::string::npos);
  c.transport = TransportKind::tcp;
  EXPECT_TRUE(validate(c, testing::two_cpu_limits()).has_value());
  c.writer = WriterKind::sendfile;
  checked = validate(c, testing::two_cpu_limits());
  ASSERT_FALSE(checked.has_value());
  EXPECT_NE(checked.error().message.find("--zerocopy with --writer sendfile"), std::string::npos);
}

TEST(Transports, SpliceFromASocketGoesThroughARelayPipeAndSaysSo) {
  RunConfig c = over(TransportKind::tcp);
  c.reader = ReaderKind::splice;
  EXPECT_TRUE(splices_through_relay(c));
  EXPECT_NE(describe_config(c).find("splice (through a relay pipe) · over tcp"), std::string::npos)
      << describe_config(c);
  c.transport = TransportKind::fifo;
  EXPECT_FALSE(splices_through_relay(c));
  c.reader = ReaderKind::read;
  c.transport = TransportKind::socketpair;
  EXPECT_FALSE(splices_through_relay(c));
}

TEST(Transports, SocketBufferIsDescribedAsSoSndbuf) {
  EXPECT_EQ(describe_pipe(over(TransportKind::socketpair), 212992, std::nullopt), "SO_SNDBUF 208 KiB (kernel default)");
  EXPECT_EQ(describe_pipe(over(TransportKind::fifo), 65536, std::nullopt), "pipe 64 KiB (kernel default)");
}

TEST(Transports, TheKeyCyclesThemAndTakesVmspliceBackToWriteOverASocket) {
  DashboardState s;
  s.config.writer = WriterKind::vmsplice;
  const KeyBinding* key = find_key('f');
  ASSERT_NE(key, nullptr);
  EXPECT_EQ(press(*key, s), KeyEffect::restart);
  EXPECT_EQ(s.config.transport, TransportKind::fifo);
  EXPECT_EQ(s.config.writer, WriterKind::vmsplice);
  EXPECT_TRUE(key_is_on(*key, s));
  EXPECT_EQ(press(*key, s), KeyEffect::restart);
  EXPECT_EQ(s.config.transport, TransportKind::socketpair);
  EXPECT_EQ(s.config.writer, WriterKind::write);
  EXPECT_TRUE(validate(s.config, testing::two_cpu_limits()).has_value());
  s.config.zerocopy = true;
  (void)press(*key, s);
  EXPECT_EQ(s.config.transport, TransportKind::tcp);
  EXPECT_TRUE(s.config.zerocopy);
  (void)press(*key, s);
  EXPECT_EQ(s.config.transport, TransportKind::pipe);
  EXPECT_FALSE(s.config.zerocopy) << "MSG_ZEROCOPY leaves with TCP";
}

TEST(Transports, TheKeyIsRefusedWhenTheUsersProgramHoldsAnEnd) {
  DashboardState s;
  s.ends = EndsKind::stdin_reader;
  const std::string refusal = key_refusal(*find_key('f'), s);
  EXPECT_NE(refusal.find("the transport joins pipetop's writer to its reader"), std::string::npos) << refusal;
}

TEST(Transports, JsonAndCommandLineCarryTheTransport) {
  RunConfig c = over(TransportKind::tcp);
  c.zerocopy = true;
  JsonWriter json;
  json.begin_object();
  write_config_members(json, c, std::nullopt);
  json.end_object();
  EXPECT_NE(json.str().find("\"transport\":\"tcp\""), std::string::npos) << json.str();
  Result<RunConfig> back = read_config_json(*parse_json(json.str()));
  ASSERT_TRUE(back.has_value()) << back.error().message;
  EXPECT_EQ(back->transport, TransportKind::tcp);
  EXPECT_TRUE(back->zerocopy);
  EXPECT_EQ(run_command_line(c), "pipetop run --transport tcp --zerocopy");
  EXPECT_EQ(describe_change(RunConfig{}, c), "+tcp +zc");
}

}  // namespace
}  // namespace pipetop
