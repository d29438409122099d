#include "pipetop/core/report/machine_facts_json.hpp"

#include <type_traits>
#include <utility>

#include "pipetop/core/machine/machine_limits.hpp"

namespace pipetop {
namespace {

template <class T>
void value_or_null(JsonWriter& json, const std::optional<T>& value) {
  if (!value) {
    json.null();
  } else if constexpr (std::is_same_v<T, bool>) {
    json.value(*value);
  } else if constexpr (std::is_unsigned_v<T>) {
    json.value(static_cast<std::uint64_t>(*value));
  } else {
    json.value(static_cast<std::int64_t>(*value));
  }
}

// A string, or null when it is empty or "unknown".
void text_or_null(JsonWriter& json, const std::string& text) {
  if (text.empty() || text == "unknown") {
    json.null();
  } else {
    json.value(text);
  }
}

void cpus(JsonWriter& json, const std::vector<int>& list) {
  json.begin_array();
  for (const int cpu : list) json.value(cpu);
  json.end_array();
}

void strings(JsonWriter& json, const std::vector<std::string>& list) {
  json.begin_array();
  for (const std::string& s : list) json.value(s);
  json.end_array();
}

void write_cpus(JsonWriter& json, const MachineFacts& f) {
  json.key("cpu_model");
  text_or_null(json, f.cpu_model);
  json.key("cpus").value(f.logical_cpus).key("cores").value(f.physical_cores);
  json.key("threads_per_core").value(f.threads_per_core).key("numa_nodes").value(f.numa_nodes);
  json.key("topology").begin_array();
  for (const CpuPlace& p : f.topology) {
    json.begin_object().key("cpu").value(p.cpu).key("package").value(p.package);
    json.key("core").value(p.core).key("node").value(p.node).end_object();
  }
  json.end_array().key("online_cpus");
  cpus(json, f.allowed.online);
  json.key("allowed_cpus");
  cpus(json, f.allowed.cpus);
  json.key("allowed_cpus_narrowed_by");
  strings(json, f.allowed.narrowed_by);
  json.key("default_pinning");
  write_pinning_json(json, default_pinning(f));
  json.key("smt").begin_object().key("control");
  text_or_null(json, f.smt.control);
  json.key("active");
  value_or_null(json, f.smt.active);
  json.end_object().key("caches").begin_object();
  for (const auto& [name, bytes] :
       {std::pair{"l1d_bytes", f.caches.l1d_bytes}, std::pair{"l1i_bytes", f.caches.l1i_bytes},
        std::pair{"l2_bytes", f.caches.l2_bytes}, std::pair{"l3_bytes", f.caches.l3_bytes}}) {
    json.key(name);
    value_or_null(json, bytes);
  }
  json.end_object().key("page_size_bytes");
  value_or_null(json, f.page_bytes);
}

void pressure(JsonWriter& json, const std::optional<Pressure>& p) {
  if (!p) {
    json.null();
    return;
  }
  const auto line = [&json](const PressureLine& l) {
    json.begin_object().key("avg10").value(l.avg10_percent).key("avg60").value(l.avg60_percent);
    json.key("avg300").value(l.avg300_percent).key("total_us").value(l.total_us).end_object();
  };
  json.begin_object().key("some");
  line(p->some);
  json.key("full");
  if (p->full) {
    line(*p->full);
  } else {
    json.null();
  }
  json.end_object();
}

void write_kernel(JsonWriter& json, const MachineFacts& f) {
  json.key("kernel");
  text_or_null(json, f.kernel);
  json.key("virtualisation");
  text_or_null(json, f.virtualisation);
  json.key("vulnerabilities").begin_object();
  for (const Vulnerability& v : f.vulnerabilities) json.key(v.name).value(v.status);
  json.end_object().key("pressure").begin_object().key("cpu");
  pressure(json, f.cpu_pressure);
  json.key("memory");
  pressure(json, f.memory_pressure);
  json.end_object();
}

void write_memory(JsonWriter& json, const MachineFacts& f) {
  const Khugepaged& k = f.khugepaged;
  json.key("thp").begin_object().key("enabled");
  text_or_null(json, f.thp_enabled);
  json.key("defrag");
  text_or_null(json, f.thp_defrag);
  json.key("khugepaged").begin_object();
  json.key("defrag");
  value_or_null(json, k.defrag);
  for (const auto& [name, value] :
       {std::pair{"pages_to_scan", k.pages_to_scan}, std::pair{"scan_sleep_ms", k.scan_sleep_ms},
        std::pair{"alloc_sleep_ms", k.alloc_sleep_ms}, std::pair{"max_ptes_none", k.max_ptes_none}}) {
    json.key(name);
    value_or_null(json, value);
  }
  json.end_object().end_object().key("hugetlb").begin_object().key("pools").begin_array();
  for (const HugetlbPool& p : f.hugetlb_pools) {
    json.begin_object().key("page_size_bytes").value(p.page_bytes).key("pages");
    value_or_null(json, p.pages);
    json.key("free_pages");
    value_or_null(json, p.free_pages);
    json.end_object();
  }
  json.end_array().key("mounts");
  strings(json, f.hugetlbfs_mounts);
  json.end_object().key("damon_reclaim");
  if (!f.damon_reclaim) {
    json.null();
    return;
  }
  json.begin_object().key("enabled");
  value_or_null(json, f.damon_reclaim->enabled);
  json.key("parameters").begin_object();
  for (const auto& [name, value] : f.damon_reclaim->parameters) json.key(name).value(value);
  json.end_object().end_object();
}

void write_pipes_and_perf(JsonWriter& json, const MachineFacts& f) {
  json.key("pipe_max_size_bytes");
  value_or_null(json, f.pipe_max_bytes);
  json.key("cap_sys_resource").value(f.pipe_privileged).key("perf_privileged").value(f.privileged);
  json.key("perf_event_paranoid");
  value_or_null(json, f.perf_paranoid);
  json.key("pmu").value(f.hardware_pmu).key("pmus");
  strings(json, f.pmus);
  json.key("hybrid_pmus").begin_array();
  for (const HybridPmu& p : f.hybrid_pmus) {
    json.begin_object().key("name").value(p.name).key("type").value(static_cast<std::uint64_t>(p.type)).key("cpus");
    cpus(json, p.cpus);
    json.end_object();
  }
  json.end_array().key("governor");
  text_or_null(json, f.governor);
  json.key("counters").begin_array();
  for (const CounterInfo& c : f.counters) {
    json.begin_object().key("name").value(c.name).key("state").value(to_string(c.state));
    json.key("reason").value(c.reason).end_object();
  }
  json.end_array().key("vmsplice");
  value_or_null(json, f.vmsplice_works);
  json.key("splice");
  value_or_null(json, f.splice_works);
}

// bandwidth: {cpu, each_s, figures: [{loop, bytes, gib_per_s}]}, only where check measured it.
void write_bandwidth(JsonWriter& json, const MemoryBandwidth& b) {
  json.key("bandwidth").begin_object().key("cpu");
  value_or_null(json, b.cpu);
  json.key("each_s").value(static_cast<double>(b.each_ns) / 1e9).key("figures").begin_array();
  for (const BandwidthFigure& f : b.figures) {
    json.begin_object().key("loop").value(to_string(f.loop)).key("bytes").value(f.bytes);
    json.key("gib_per_s").value(f.gib_per_s).end_object();
  }
  json.end_array().end_object();
}

}  // namespace

void write_pinning_json(JsonWriter& json, const PinningChoice& pinning) {
  json.begin_object().key("writer_cpu").value(pinning.cpus.writer).key("reader_cpu").value(pinning.cpus.reader);
  json.key("shared").value(pinning.shared).key("reason").value(pinning.reason).end_object();
}

void write_facts_json(JsonWriter& json, const MachineFacts& f) {
  json.begin_object();
  write_cpus(json, f);
  write_kernel(json, f);
  write_memory(json, f);
  write_pipes_and_perf(json, f);
  if (f.bandwidth) write_bandwidth(json, *f.bandwidth);
  json.end_object();
}

}  // namespace pipetop
