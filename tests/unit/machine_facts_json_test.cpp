// The typed facts object of `check --json`: each fact under its snake_case key, numbers as numbers,
// booleans as booleans, null where unknown; parsed back with the tests' JSON parser.

#include "pipetop/core/report/machine_facts_json.hpp"

#include <gtest/gtest.h>

#include <string>

#include "test_json.hpp"

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

nlohmann::json written(const MachineFacts& f) {
  JsonWriter json;
  write_facts_json(json, f);
  const std::optional<nlohmann::json> doc = test_json::parse(json.str());
  EXPECT_TRUE(doc.has_value()) << json.str();
  return doc.value_or(nlohmann::json{});
}

TEST(FactsJson, TypedValuesUnderStableKeys) {
  const nlohmann::json f = written(everything());
  EXPECT_EQ(f.at("cpu_model").get<std::string>(), "AMD EPYC");
  EXPECT_EQ(f.at("cpus").get<double>(), 2.0);
  EXPECT_EQ(f.at("cores").get<double>(), 2.0);
  EXPECT_EQ(f.at("numa_nodes").get<double>(), 1.0);
  EXPECT_EQ(f.at("topology")[1].at("core").get<double>(), 1.0);
  EXPECT_EQ(f.at("allowed_cpus").size(), 1u);
  EXPECT_EQ(f.at("allowed_cpus_narrowed_by")[0].get<std::string>(), "affinity");
  EXPECT_EQ(f.at("default_pinning").at("reader_cpu").get<double>(), 0.0);
  EXPECT_TRUE(f.at("default_pinning").at("shared").get<bool>());
  EXPECT_EQ(f.at("smt").at("control").get<std::string>(), "notsupported");
  EXPECT_FALSE(f.at("smt").at("active").get<bool>());
  EXPECT_EQ(f.at("caches").at("l1d_bytes").get<double>(), 49152.0);
  EXPECT_TRUE(f.at("caches").at("l3_bytes").is_null());
  EXPECT_EQ(f.at("page_size_bytes").get<double>(), 4096.0);
  EXPECT_EQ(f.at("vulnerabilities").at("meltdown").get<std::string>(), "Mitigation: PTI");
  EXPECT_DOUBLE_EQ(f.at("pressure").at("cpu").at("some").at("avg10").get<double>(), 95.84);
  EXPECT_EQ(f.at("pressure").at("cpu").at("some").at("total_us").get<double>(), 403856460.0);
  EXPECT_TRUE(f.at("pressure").at("memory").is_null());
  EXPECT_EQ(f.at("thp").at("enabled").get<std::string>(), "madvise");
  EXPECT_EQ(f.at("thp").at("khugepaged").at("scan_sleep_ms").get<double>(), 10000.0);
  EXPECT_TRUE(f.at("thp").at("khugepaged").at("defrag").get<bool>());
  EXPECT_EQ(f.at("hugetlb").at("pools")[0].at("page_size_bytes").get<double>(), 2097152.0);
  EXPECT_EQ(f.at("hugetlb").at("mounts")[0].get<std::string>(), "/dev/hugepages");
  EXPECT_TRUE(f.at("damon_reclaim").at("enabled").get<bool>());
  EXPECT_EQ(f.at("damon_reclaim").at("parameters").at("min_age").get<std::string>(), "120000000");
  EXPECT_EQ(f.at("pipe_max_size_bytes").get<double>(), 1048576.0);
  EXPECT_FALSE(f.at("cap_sys_resource").get<bool>());
  EXPECT_TRUE(f.at("perf_privileged").get<bool>());
  EXPECT_EQ(f.at("perf_event_paranoid").get<double>(), 2.0);
  EXPECT_FALSE(f.at("pmu").get<bool>());
  EXPECT_EQ(f.at("hybrid_pmus")[0].at("type").get<double>(), 4.0);
  EXPECT_EQ(f.at("counters")[0].at("state").get<std::string>(), "unavailable");
  EXPECT_EQ(f.at("counters")[0].at("reason").get<std::string>(), "no hardware PMU");
  EXPECT_TRUE(f.at("vmsplice").get<bool>());
  EXPECT_FALSE(f.at("splice").get<bool>());
}

TEST(FactsJson, UnknownIsNull) {
  const nlohmann::json f = written(MachineFacts{});
  for (const char* key : {"cpu_model", "kernel", "virtualisation", "page_size_bytes", "pipe_max_size_bytes",
                          "perf_event_paranoid", "governor", "damon_reclaim", "vmsplice", "splice"}) {
    EXPECT_TRUE(f.at(key).is_null()) << key;
  }
  MachineFacts unknown_thp;
  unknown_thp.thp_enabled = "unknown";
  EXPECT_TRUE(written(unknown_thp).at("thp").at("enabled").is_null());
  EXPECT_TRUE(f.at("pressure").at("cpu").is_null());
  EXPECT_TRUE(f.at("smt").at("control").is_null());
  EXPECT_TRUE(f.at("allowed_cpus").empty());
}

// check's memory loops, only where measured (run's machine line has none), and left out of --compare's facts:
// they move between two runs of the same machine.
TEST(FactsJson, BandwidthOnlyWhereMeasured) {
  EXPECT_FALSE(written(everything()).contains("bandwidth"));
  MachineFacts f = everything();
  f.bandwidth = MemoryBandwidth{1, 100'000'000, {{MemoryLoop::copy, 262144, 14.25}, {MemoryLoop::write, 262144, 20.0}}};
  const nlohmann::json b = written(f).at("bandwidth");
  EXPECT_EQ(b.at("cpu").get<int>(), 1);
  EXPECT_EQ(b.at("each_s").get<double>(), 0.1);
  ASSERT_EQ(b.at("figures").size(), 2U);
  EXPECT_EQ(b.at("figures")[0].at("loop").get<std::string>(), "memcpy");
  EXPECT_EQ(b.at("figures")[0].at("bytes").get<double>(), 262144.0);
  EXPECT_EQ(b.at("figures")[0].at("gib_per_s").get<double>(), 14.25);
  EXPECT_EQ(b.at("figures")[1].at("loop").get<std::string>(), "write");
  f.bandwidth->cpu.reset();
  EXPECT_TRUE(written(f).at("bandwidth").at("cpu").is_null()) << "unpinned";
}

}  // namespace
}  // namespace pipetop
