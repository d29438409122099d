// The published schemas name the strategies and transports the tables hold: run.schema.json's config
// enumerates them (every other schema refers to it), so a new row without its name there fails here;
// and sweep.schema.json names the options the sweep table holds.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "pipetop/core/config/page_kinds.hpp"
#include "pipetop/core/config/prefaults.hpp"
#include "pipetop/core/config/strategies.hpp"
#include "pipetop/core/config/transports.hpp"
#include "pipetop/core/experiment/sweep_values.hpp"
#include "table_rows.hpp"
#include "temp_dir.hpp"

namespace pipetop {
namespace {

// Every {"<key>": {"enum": [...]}} anywhere in `schema`, with where it is.
void find_enums(const nlohmann::json& schema, const std::string& key, const std::string& at,
                std::vector<std::pair<std::string, nlohmann::json>>& found) {
  if (schema.is_object()) {
    for (const auto& [name, value] : schema.items()) {
      if (name == key && value.is_object() && value.contains("enum"))
        found.emplace_back(at + "/" + name, value["enum"]);
      find_enums(value, key, at + "/" + name, found);
    }
  } else if (schema.is_array()) {
    for (const nlohmann::json& value : schema) find_enums(value, key, at + "[]", found);
  }
}

TEST(SchemaStrategies, EveryStrategyEnumOfEverySchemaIsTheTables) {
  std::size_t writer_enums = 0;
  std::size_t transport_enums = 0;
  for (const char* file : {"run", "recording", "check", "tune", "ab", "export", "events", "facts"}) {
    const std::string text = testing::slurp(PIPETOP_SOURCE_DIR "/schemas/" + std::string(file) + ".schema.json");
    ASSERT_FALSE(text.empty()) << file;
    const nlohmann::json schema = nlohmann::json::parse(text);
    for (const auto& [side, names] : {std::pair{"writer", testing::names_of(kWriterStrategies)},
                                      std::pair{"reader", testing::names_of(kReaderStrategies)},
                                      std::pair{"transport", testing::names_of(kTransports)}}) {
      std::vector<std::pair<std::string, nlohmann::json>> found;
      find_enums(schema, side, file, found);
      for (const auto& [where, values] : found) {
        if (values.size() > 0 && values.front() == "writer") continue;  // "worker": writer or reader, not a strategy
        EXPECT_EQ(values.get<std::vector<std::string>>(), names) << where;
      }
      if (std::string(side) == "writer") writer_enums += found.size();
      if (std::string(side) == "transport") transport_enums += found.size();
    }
  }
  EXPECT_GE(writer_enums, 1u) << "run.schema.json's config names the writer strategies";
  EXPECT_GE(transport_enums, 1u) << "run.schema.json's config names the transports";
}

TEST(SchemaStrategies, TheSweepOptionsAreTheTables) {
  const nlohmann::json schema = nlohmann::json::parse(testing::slurp(PIPETOP_SOURCE_DIR "/schemas/sweep.schema.json"));
  std::vector<std::pair<std::string, nlohmann::json>> found;
  find_enums(schema, "option", "sweep", found);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found.front().second.get<std::vector<std::string>>(), testing::names_of(kSweepOptions));
}

// The other tables a configuration names a row of: its page kind and prefault method.
TEST(SchemaStrategies, TheConfigsPagesAndPrefaultEnumsAreTheTables) {
  const nlohmann::json schema = nlohmann::json::parse(testing::slurp(PIPETOP_SOURCE_DIR "/schemas/run.schema.json"));
  const nlohmann::json& properties = schema.at("$defs").at("config").at("properties");
  EXPECT_EQ(properties.at("pages").at("enum").get<std::vector<std::string>>(), testing::names_of(kPageKinds));
  EXPECT_EQ(properties.at("prefault").at("enum").get<std::vector<std::string>>(), testing::names_of(kPrefaults));
}

}  // namespace
}  // namespace pipetop
