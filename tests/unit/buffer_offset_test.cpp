// --buffer-offset: where the buffers' bytes start past a page boundary. Unset it is the seed's placement
// (16 bytes in, 0 with huge pages); the key cycles 0/16/2048/4095; outside a page it is refused; JSON and
// the rerun line carry it only when it was given.

#include <gtest/gtest.h>

#include "pipetop/core/config/command_line.hpp"
#include "pipetop/core/config/config_change.hpp"
#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/config/run_config_json.hpp"
#include "pipetop/core/config/validate.hpp"
#include "pipetop/core/report/json_reader.hpp"
#include "pipetop/core/report/json_writer.hpp"
#include "pipetop/core/screen/key_table.hpp"
#include "two_cpu_limits.hpp"

namespace pipetop {
namespace {

TEST(BufferOffset, UnsetIsTheSeedsPlacement) {
  RunConfig c;
  EXPECT_EQ(buffer_offset_bytes(c), 16U) << "malloc's chunk header";
  c.huge_pages = true;
  EXPECT_EQ(buffer_offset_bytes(c), 0U) << "aligned_alloc(2 MiB)";
  c.buffer_offset = 2048;
  EXPECT_EQ(buffer_offset_bytes(c), 2048U);
}

TEST(BufferOffset, OutsideAPageIsRefusedWithTheRange) {
  RunConfig c;
  c.buffer_offset = 4096;
  Result<void> checked = validate(c, testing::two_cpu_limits());
  ASSERT_FALSE(checked.has_value());
  EXPECT_EQ(checked.error().kind, ExitCode::usage);
  EXPECT_NE(checked.error().message.find("--buffer-offset 4096 is not inside a page"), std::string::npos)
      << checked.error().message;
  EXPECT_NE(checked.error().hint.find("0 (page-aligned) to 4095"), std::string::npos) << checked.error().hint;
  c.buffer_offset = 4095;
  EXPECT_TRUE(validate(c, testing::two_cpu_limits()).has_value());
  c.huge_pages = true;
  c.buffer_offset = 4096;
  EXPECT_TRUE(validate(c, testing::two_cpu_limits()).has_value()) << "inside a huge page";
}

TEST(BufferOffset, TheKeyCyclesZeroSixteenHalfAPageAndTheLastByte) {
  DashboardState s;
  const KeyBinding* key = find_key('O');
  ASSERT_NE(key, nullptr);
  EXPECT_FALSE(key_is_on(*key, s)) << "the seed's placement is the default";
  std::vector<std::uint64_t> seen;
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(press(*key, s), KeyEffect::restart);
    seen.push_back(buffer_offset_bytes(s.config));
    EXPECT_TRUE(validate(s.config, testing::two_cpu_limits()).has_value());
  }
  EXPECT_EQ(seen, (std::vector<std::uint64_t>{2048, 4095, 0, 16}));
}

TEST(BufferOffset, JsonAndTheRerunLineCarryItOnlyWhenGiven) {
  RunConfig c;
  JsonWriter unset;
  unset.begin_object();
  write_config_members(unset, c, std::nullopt);
  unset.end_object();
  EXPECT_NE(unset.str().find("\"buffer-offset\":null"), std::string::npos) << unset.str();
  c.buffer_offset = 0;
  JsonWriter given;
  given.begin_object();
  write_config_members(given, c, std::nullopt);
  given.end_object();
  Result<RunConfig> back = read_config_json(*parse_json(given.str()));
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->buffer_offset, std::optional<std::uint64_t>(0));
  EXPECT_EQ(run_command_line(c), "pipetop run --buffer-offset 0");
  EXPECT_EQ(describe_change(RunConfig{}, c), "off 0");
  EXPECT_NE(describe_config(c).find("buffer 256 KiB +0 B"), std::string::npos) << describe_config(c);
}

}  // namespace
}  // namespace pipetop
