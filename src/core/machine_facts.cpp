#include "pipetop/core/machine_facts.hpp"

#include <algorithm>
#include <utility>

#include "pipetop/core/size.hpp"

namespace pipetop {
namespace {

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : ", ") + item;
  return out.empty() ? "none" : out;
}

// "cycles: no PMU", "instructions: no PMU" -> {"no PMU", {"cycles", "instructions"}}, in first-seen order.
std::vector<std::pair<std::string, std::vector<std::string>>> group_by_reason(const std::vector<std::string>& entries) {
  std::vector<std::pair<std::string, std::vector<std::string>>> groups;
  for (const std::string& entry : entries) {
    const std::size_t colon = entry.find(": ");
    const std::string name = entry.substr(0, colon);
    const std::string reason = colon == std::string::npos ? "unavailable" : entry.substr(colon + 2);
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == reason; });
    if (it == groups.end()) {
      groups.push_back({reason, {name}});
    } else {
      it->second.push_back(name);
    }
  }
  return groups;
}

std::string or_unknown(const std::optional<long>& value) { return value ? std::to_string(*value) : "unknown"; }

Fact cores(const MachineFacts& f) {
  if (f.logical_cpus == 0) return {"cores", "unknown", "topology not readable: pinning uses the kernel's CPU numbers"};
  std::string value = std::to_string(f.logical_cpus) + " CPUs, " + std::to_string(f.physical_cores) + " cores";
  if (f.threads_per_core > 1) value += ", " + std::to_string(f.threads_per_core) + " threads per core (SMT)";
  std::string meaning = f.logical_cpus < 2 ? "one CPU: writer and reader take turns, busy loops starve each other"
                        : f.threads_per_core > 1 ? "pin writer and reader on different physical cores (the default)"
                                                 : "writer and reader each get a core of their own";
  return {"cores", value, meaning};
}

Fact virtualisation(const MachineFacts& f) {
  if (f.virtualisation.empty()) return {"virtualisation", "unknown", "not detected either way"};
  if (f.virtualisation == "none") return {"virtualisation", "none (bare metal)", "wake-ups are as cheap as they get"};
  if (f.virtualisation.starts_with("none, in a")) {
    return {"virtualisation", f.virtualisation, "a container shares the host's kernel: pipes behave as on the host"};
  }
  return {"virtualisation", f.virtualisation,
          "wake-ups cost more under a hypervisor: the busy loop tends to pay off; PMUs are often hidden"};
}

Fact thp(const MachineFacts& f) {
  const std::string value = "enabled=" + f.thp_enabled + ", defrag=" + f.thp_defrag;
  if (f.thp_enabled == "never") return {"transparent huge pages", value, "--huge-pages cannot be obtained here"};
  if (f.thp_enabled == "always") return {"transparent huge pages", value, "every large buffer may get huge pages, asked or not"};
  if (f.thp_enabled == "madvise") return {"transparent huge pages", value, "huge pages where asked: --huge-pages works"};
  return {"transparent huge pages", value, "THP not exposed: huge pages cannot be checked"};
}

Fact pipe_max(const MachineFacts& f) {
  if (!f.pipe_max_bytes) return {"pipe-max-size", "unknown", "pipe sizes above 1 MiB may be refused"};
  const auto max = static_cast<std::uint64_t>(*f.pipe_max_bytes);
  return {"pipe-max-size", format_size(max),
          f.pipe_privileged ? "limit for others: this process has CAP_SYS_RESOURCE and may go above it"
                       : "largest pipe without CAP_SYS_RESOURCE: vmsplice buffers up to " + format_size(2 * max)};
}

Fact paranoia(const MachineFacts& f) {
  if (!f.perf_paranoid) return {"perf_event_paranoid", "unknown", "perf events may be unavailable"};
  const int p = *f.perf_paranoid;
  std::string meaning = f.privileged ? "CAP_PERFMON/CAP_SYS_ADMIN: every level is allowed"
                        : p >= 3     ? "perf events are forbidden to unprivileged users"
                        : p == 2     ? "unprivileged: user-space counting only (kernel excluded)"
                                     : "kernel and user counting allowed";
  return {"perf_event_paranoid", std::to_string(p), meaning};
}

Fact pmu(const MachineFacts& f) {
  if (!f.hardware_pmu) {
    return {"hardware PMU", "not exposed", "cycles, instructions and TLB misses cannot be counted (virtual machine?)"};
  }
  return {"hardware PMU", join(f.pmus), f.pmus.size() > 1 ? "hybrid CPU: each worker counts on its core's PMU"
                                                          : "cycles, IPC and TLB misses can be counted"};
}

Fact works(const std::string& name, const std::optional<bool>& ok, const std::string& meaning_ok) {
  if (!ok) return {name, "not checked", ""};
  return {name, *ok ? "works" : "FAILS", *ok ? meaning_ok : "zero-copy rungs cannot run here"};
}

}  // namespace

std::vector<Fact> describe_machine(const MachineFacts& f) {
  std::vector<Fact> facts;
  facts.push_back({"CPU", f.cpu_model.empty() ? "unknown" : f.cpu_model, "what every figure below depends on"});
  facts.push_back(cores(f));
  facts.push_back({"NUMA nodes", std::to_string(f.numa_nodes),
                   f.numa_nodes > 1 ? "keep both workers on one node: a remote node adds a memory hop"
                                    : "memory is equally near to every core"});
  facts.push_back({"kernel", f.kernel.empty() ? "unknown" : f.kernel, "pipe, splice and THP behaviour change between kernels"});
  facts.push_back(virtualisation(f));
  facts.push_back(thp(f));
  facts.push_back({"hugetlb pages", "2 MiB: " + or_unknown(f.hugetlb_2m) + ", 1 GiB: " + or_unknown(f.hugetlb_1g),
                   "reserved pages; pipetop uses transparent huge pages, not these"});
  facts.push_back(pipe_max(f));
  facts.push_back(paranoia(f));
  facts.push_back(pmu(f));
  facts.push_back({"counters usable", join(f.counters_usable), "these explain the ladder's steps below"});
  for (const auto& [reason, names] : group_by_reason(f.counters_unusable)) {
    facts.push_back({"counters unusable", join(names), reason});
  }
  facts.push_back({"CPU governor", f.governor.empty() ? "not exposed" : f.governor,
                   f.governor == "performance" ? "steady clocks: steadier figures"
                   : f.governor.empty()        ? "frequency is the hypervisor's business"
                                               : "clocks ramp with load: figures vary more between runs"});
  facts.push_back(works("vmsplice", f.vmsplice_works, "user pages can be gifted to a pipe"));
  facts.push_back(works("splice", f.splice_works, "the reader can move pages without copying"));
  return facts;
}

}  // namespace pipetop
