#pragma once
// A configuration as the JSON members a summary writes, and read back: what a table's choice must
// survive (a recording replayed, a baseline compared).

#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "pipetop/core/config/run_config_json.hpp"
#include "pipetop/core/report/json_reader.hpp"
#include "pipetop/core/report/json_writer.hpp"

namespace pipetop::testing {

// Writes `config`'s members, expects `member` ("\"pages\":\"thp\"") among them and the same
// page kind and prefault read back.
inline void expect_json_round_trip(const RunConfig& config, const std::string& member) {
  JsonWriter json;
  json.begin_object();
  write_config_members(json, config, std::nullopt);
  json.end_object();
  EXPECT_NE(json.str().find(member), std::string::npos) << json.str();
  Result<RunConfig> back = read_config_json(*parse_json(json.str()));
  ASSERT_TRUE(back.has_value()) << back.error().message;
  // The choices a table holds; the CPUs are written as -1 when unpinned and read back as set.
  EXPECT_EQ(back->huge_pages, config.huge_pages) << member;
  EXPECT_EQ(back->pages, config.pages) << member;
  EXPECT_EQ(back->no_touch, config.no_touch) << member;
  EXPECT_EQ(back->prefault, config.prefault) << member;
}

}  // namespace pipetop::testing
