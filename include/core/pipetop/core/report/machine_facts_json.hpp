#pragma once
// The machine facts as typed JSON for programs: one object keyed by stable snake_case names, numbers
// as numbers (bytes in *_bytes), booleans as booleans, null where a fact is unknown. The list of
// {name, value, meaning} for people is write_machine_json() (export.hpp).

#include "pipetop/core/machine/default_pinning.hpp"
#include "pipetop/core/machine/machine_facts.hpp"
#include "pipetop/core/report/json_writer.hpp"

namespace pipetop {

// Writes the "facts" object: cpu_model, cpus, cores, threads_per_core, numa_nodes, topology,
// online_cpus, allowed_cpus, allowed_cpus_narrowed_by, default_pinning, smt, caches, page_size_bytes,
// kernel, virtualisation, vulnerabilities, pressure, thp (with khugepaged), hugetlb, damon_reclaim,
// pipe_max_size_bytes, cap_sys_resource, perf_privileged, perf_event_paranoid, pmu, pmus, hybrid_pmus,
// governor, counters, vmsplice, splice.
void write_facts_json(JsonWriter& json, const MachineFacts& facts);

// {"writer_cpu": 0, "reader_cpu": 1, "shared": false, "reason": "cpu 0→1: ..."}; unpinned is -1.
void write_pinning_json(JsonWriter& json, const PinningChoice& pinning);

}  // namespace pipetop
