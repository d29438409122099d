// The typed facts object of `check --json`: each fact under its snake_case key, numbers as numbers,
// booleans as booleans, null where unknown; parsed back with the tests' JSON parser.

#include "pipetop/core/machine_facts_json.hpp"

#include <gtest/gtest.h>

#include <string>

#include "unit/mini_json.hpp"

namespace pipetop {
namespace {

MachineFacts everything() {
  MachineFacts f;
  f.cpu_model = "AMD EPYC";
  f.logical_cpus = 2;
  f.physical_cores = 2;
  f.topology = {{0, 0, 0, 0}, {1, 0, 1, 0}};
  f.allowed = intersect_allowed_cpus({0, 1}, std::vector<int>{0}, std::nullopt);
  f.smt = {"notsupported", false};
  f.caches = {48 * 1024, std::nullopt, 1024 * 1024, std::nullopt};
  f.page_bytes = 4096;
  f.kernel = "6.18.44";
  f.virtualisation = "kvm";
  f.vulnerabilities = {{"meltdown", "Mitigation: PTI"}, {"mds", "Not affected"}};
  f.cpu_pressure = Pressure{{95.84, 98.14, 72.21, 403856460}, PressureLine{0, 0, 0, 0}};
  f.thp_enabled = "madvise";
  f.thp_defrag = "madvise";
  f.khugepaged = {true, 4096, 10000, 60000, 511};
  f.hugetlb_pools = {{2 * 1024 * 1024, 0, 0}};
  f.hugetlbfs_mounts = {"/dev/hugepages"};
  f.damon_reclaim = DamonReclaim{true, {{"enabled", "Y"}, {"min_age", "120000000"}}};
  f.pipe_max_bytes = 1048576;
  f.perf_paranoid = 2;
  f.privileged = true;
  f.hybrid_pmus = {{"cpu_core", 4, {0, 1}}};
  f.counters = {{"cycles", CounterState::unavailable, "no hardware PMU"}, {"page-faults", CounterState::counting, ""}};
  f.vmsplice_works = true;
  f.splice_works = false;
  return f;
}

mini_json::Value written(const MachineFacts& f) {
  JsonWriter json;
  write_facts_json(json, f);
  const std::optional<mini_json::Value> doc = mini_json::parse(json.str());
  EXPECT_TRUE(doc.has_value()) << json.str();
  return doc.value_or(mini_json::Value{});
}

TEST(FactsJson, TypedValuesUnderStableKeys) {
  const mini_json::Value f = written(everything());
  EXPECT_EQ(f.at("cpu_model").as_string(), "AMD EPYC");
  EXPECT_EQ(f.at("cpus").as_number(), 2.0);
  EXPECT_EQ(f.at("cores").as_number(), 2.0);
  EXPECT_EQ(f.at("numa_nodes").as_number(), 1.0);
  EXPECT_EQ(f.at("topology").as_array()[1].at("core").as_number(), 1.0);
  EXPECT_EQ(f.at("allowed_cpus").as_array().size(), 1u);
  EXPECT_EQ(f.at("allowed_cpus_narrowed_by").as_array()[0].as_string(), "affinity");
  EXPECT_EQ(f.at("default_pinning").at("reader_cpu").as_number(), 0.0);
  EXPECT_TRUE(f.at("default_pinning").at("shared").as_bool());
  EXPECT_EQ(f.at("smt").at("control").as_string(), "notsupported");
  EXPECT_FALSE(f.at("smt").at("active").as_bool());
  EXPECT_EQ(f.at("caches").at("l1d_bytes").as_number(), 49152.0);
  EXPECT_TRUE(f.at("caches").at("l3_bytes").is_null());
  EXPECT_EQ(f.at("page_size_bytes").as_number(), 4096.0);
  EXPECT_EQ(f.at("vulnerabilities").at("meltdown").as_string(), "Mitigation: PTI");
  EXPECT_DOUBLE_EQ(f.at("pressure").at("cpu").at("some").at("avg10").as_number(), 95.84);
  EXPECT_EQ(f.at("pressure").at("cpu").at("some").at("total_us").as_number(), 403856460.0);
  EXPECT_TRUE(f.at("pressure").at("memory").is_null());
  EXPECT_EQ(f.at("thp").at("enabled").as_string(), "madvise");
  EXPECT_EQ(f.at("thp").at("khugepaged").at("scan_sleep_ms").as_number(), 10000.0);
  EXPECT_TRUE(f.at("thp").at("khugepaged").at("defrag").as_bool());
  EXPECT_EQ(f.at("hugetlb").at("pools").as_array()[0].at("page_size_bytes").as_number(), 2097152.0);
  EXPECT_EQ(f.at("hugetlb").at("mounts").as_array()[0].as_string(), "/dev/hugepages");
  EXPECT_TRUE(f.at("damon_reclaim").at("enabled").as_bool());
  EXPECT_EQ(f.at("damon_reclaim").at("parameters").at("min_age").as_string(), "120000000");
  EXPECT_EQ(f.at("pipe_max_size_bytes").as_number(), 1048576.0);
  EXPECT_FALSE(f.at("cap_sys_resource").as_bool());
  EXPECT_TRUE(f.at("perf_privileged").as_bool());
  EXPECT_EQ(f.at("perf_event_paranoid").as_number(), 2.0);
  EXPECT_FALSE(f.at("pmu").as_bool());
  EXPECT_EQ(f.at("hybrid_pmus").as_array()[0].at("type").as_number(), 4.0);
  EXPECT_EQ(f.at("counters").as_array()[0].at("state").as_string(), "unavailable");
  EXPECT_EQ(f.at("counters").as_array()[0].at("reason").as_string(), "no hardware PMU");
  EXPECT_TRUE(f.at("vmsplice").as_bool());
  EXPECT_FALSE(f.at("splice").as_bool());
}

TEST(FactsJson, UnknownIsNull) {
  const mini_json::Value f = written(MachineFacts{});
  for (const char* key : {"cpu_model", "kernel", "virtualisation", "page_size_bytes", "pipe_max_size_bytes",
                          "perf_event_paranoid", "governor", "damon_reclaim", "vmsplice", "splice"}) {
    EXPECT_TRUE(f.at(key).is_null()) << key;
  }
  MachineFacts unknown_thp;
  unknown_thp.thp_enabled = "unknown";
  EXPECT_TRUE(written(unknown_thp).at("thp").at("enabled").is_null());
  EXPECT_TRUE(f.at("pressure").at("cpu").is_null());
  EXPECT_TRUE(f.at("smt").at("control").is_null());
  EXPECT_TRUE(f.at("allowed_cpus").as_array().empty());
}

}  // namespace
}  // namespace pipetop
