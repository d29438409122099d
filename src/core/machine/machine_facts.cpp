#include "pipetop/core/machine/machine_facts.hpp"

#include <algorithm>
#include <utility>

#include "pipetop/core/base/duration.hpp"
#include "pipetop/core/base/printf_string.hpp"
#include "pipetop/core/base/size.hpp"
#include "pipetop/core/config/page_kinds.hpp"
#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/machine/cpu_list.hpp"
#include "pipetop/core/machine/machine_limits.hpp"

namespace pipetop {
namespace {

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : ", ") + item;
  return out.empty() ? "none" : out;
}

// The unavailable counters grouped by reason, in first-seen order: {"no PMU", {"cycles", "instructions"}}.
std::vector<std::pair<std::string, std::vector<std::string>>> unusable_by_reason(
    const std::vector<CounterInfo>& counters) {
  std::vector<std::pair<std::string, std::vector<std::string>>> groups;
  for (const CounterInfo& c : counters) {
    if (c.state != CounterState::unavailable) continue;
    const std::string reason = c.reason.empty() ? "unavailable" : c.reason;
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == reason; });
    if (it == groups.end()) {
      groups.push_back({reason, {c.name}});
    } else {
      it->second.push_back(c.name);
    }
  }
  return groups;
}

std::string usable_counters(const std::vector<CounterInfo>& counters) {
  std::vector<std::string> names;
  for (const CounterInfo& c : counters) {
    if (c.state != CounterState::unavailable)
      names.push_back(c.state == CounterState::user_only ? c.name + " (user-only)" : c.name);
  }
  return join(names);
}

Fact cpu(const MachineFacts& f) {
  return {"CPU", f.cpu_model.empty() ? "unknown" : f.cpu_model, "what every figure below depends on"};
}

Fact numa(const MachineFacts& f) {
  return {"NUMA nodes", std::to_string(f.numa_nodes),
          f.numa_nodes > 1 ? "keep both workers on one node: a remote node adds a memory hop"
                           : "memory is equally near to every core"};
}

Fact kernel(const MachineFacts& f) {
  return {"kernel", f.kernel.empty() ? "unknown" : f.kernel, "pipe, splice and THP behaviour change between kernels"};
}

Fact governor(const MachineFacts& f) {
  return {"CPU governor", f.governor.empty() ? "not exposed" : f.governor,
          f.governor == "performance" ? "steady clocks: steadier figures"
          : f.governor.empty()        ? "frequency is the hypervisor's business"
                                      : "clocks ramp with load: figures vary more between runs"};
}

Fact cores(const MachineFacts& f) {
  if (f.logical_cpus == 0) return {"cores", "unknown", "topology not readable: pinning uses the kernel's CPU numbers"};
  std::string value = std::to_string(f.logical_cpus) + " CPUs, " + std::to_string(f.physical_cores) + " cores";
  if (f.threads_per_core > 1) value += ", " + std::to_string(f.threads_per_core) + " threads per core (SMT)";
  std::string meaning = f.logical_cpus < 2       ? "one CPU: writer and reader take turns, busy loops starve each other"
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
  if (f.thp_enabled == "always")
    return {"transparent huge pages", value, "every large buffer may get huge pages, asked or not"};
  if (f.thp_enabled == "madvise")
    return {"transparent huge pages", value, "huge pages where asked: --huge-pages works"};
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
  return {"hardware PMU", join(f.pmus),
          f.pmus.size() > 1 ? "hybrid CPU: each worker counts on its core's PMU"
                            : "cycles, IPC and TLB misses can be counted"};
}

Fact smt(const MachineFacts& f) {
  const std::string& control = f.smt.control;
  if (control.empty()) return {"SMT", "not exposed", "the cores line says how many threads each core runs"};
  if (control == "on" && f.smt.active.value_or(true)) {
    return {"SMT", "on", "siblings share a core's caches and execution units: pairs go on separate cores first"};
  }
  const std::string value = control == "on"                                            ? "on, no sibling online"
                            : control == "notsupported" || control == "notimplemented" ? "not supported"
                                                                                       : control;
  return {"SMT", value, "every CPU is a whole core: no sibling competes with a worker"};
}

Fact allowed_cpus(const MachineFacts& f) {
  if (f.allowed.cpus.empty()) return {"allowed CPUs", "unknown", default_pinning(f).reason};
  const std::string by = narrowed_by_text(f.allowed);
  const std::string value =
      format_cpu_list(f.allowed.cpus) +
      (by.empty() ? " (all online)" : " of " + format_cpu_list(f.allowed.online) + " online (" + by + ")");
  return {"allowed CPUs", value, default_pinning(f).reason};
}

Fact caches(const MachineFacts& f) {
  const std::pair<const char*, std::optional<std::uint64_t>> levels[] = {
      {"L1d", f.caches.l1d_bytes}, {"L2", f.caches.l2_bytes}, {"L3", f.caches.l3_bytes}};
  std::vector<std::string> known;
  for (const auto& [name, bytes] : levels) {
    if (bytes) known.push_back(std::string(name) + " " + format_size(*bytes));
  }
  if (known.empty())
    return {"caches", "not exposed", "which buffer sizes stay in cache is for measuring (pipetop tune)"};
  const std::uint64_t buffer = RunConfig{}.buffer_bytes;
  const std::string a_buffer = "a " + format_size(buffer) + " buffer";
  for (const auto& [name, bytes] : levels) {
    if (bytes && *bytes >= buffer)
      return {"caches", join(known), a_buffer + " fits in " + name + ": copies stay in cache"};
  }
  return {"caches", join(known), a_buffer + " is larger than every cache: copies stream through memory"};
}

Fact page_size(const MachineFacts& f) {
  if (!f.page_bytes) return {"page size", "unknown", "TLB reach unknown"};
  const std::uint64_t buffer = RunConfig{}.buffer_bytes;
  return {"page size", format_size(*f.page_bytes),
          "a " + format_size(buffer) + " buffer spans " + std::to_string(buffer / *f.page_bytes) +
              " pages, a TLB entry each: --huge-pages needs far fewer"};
}

Fact mitigations(const MachineFacts& f) {
  if (f.vulnerabilities.empty()) return {"mitigations", "not exposed", "the cost they add to each syscall is unknown"};
  const std::vector<std::string> mitigated = vulnerabilities_in(f.vulnerabilities, VulnerabilityState::mitigated);
  const std::vector<std::string> vulnerable = vulnerabilities_in(f.vulnerabilities, VulnerabilityState::vulnerable);
  const std::string value = join(mitigated) + (vulnerable.empty() ? "" : "; vulnerable: " + join(vulnerable));
  if (page_table_isolation(f.vulnerabilities)) {
    return {"mitigations", value,
            "page-table isolation switches page tables on every syscall: small write/read pays most"};
  }
  return {"mitigations", value,
          mitigated.empty() ? "no mitigation work on the syscall path"
                            : "they add work to each syscall and context switch: fewer, larger calls pay less"};
}

std::string percent_text(double percent) {
  return printf_string("%.1f%%", percent);
}

Fact cpu_pressure(const MachineFacts& f) {
  if (!f.cpu_pressure) return {"CPU pressure", "not exposed", "whether other work competes for the CPUs is unknown"};
  const PressureLine& some = f.cpu_pressure->some;
  const std::string value =
      "some " + percent_text(some.avg10_percent) + " (10 s), " + percent_text(some.avg60_percent) + " (60 s)";
  return {"CPU pressure", value,
          some.avg10_percent >= 10  ? "tasks wait for CPUs: figures will be noisy, measure on a quiet machine"
          : some.avg10_percent >= 1 ? "a little CPU contention: figures may vary between runs"
                                    : "the CPUs are free: figures are undisturbed"};
}

Fact memory_pressure(const MachineFacts& f) {
  if (!f.memory_pressure) return {"memory pressure", "not exposed", "whether tasks stall on memory is unknown"};
  const Pressure& p = *f.memory_pressure;
  const double full = p.full ? p.full->avg10_percent : 0;
  return {"memory pressure", "some " + percent_text(p.some.avg10_percent) + ", full " + percent_text(full) + " (10 s)",
          p.some.avg10_percent > 0 || full > 0 ? "tasks stall on reclaim: page faults and huge pages come slower"
                                               : "no memory stalls: buffers fault in at full speed"};
}

Fact khugepaged(const MachineFacts& f) {
  const Khugepaged& k = f.khugepaged;
  if (!k.pages_to_scan || !k.scan_sleep_ms)
    return {"khugepaged", "not exposed", "THP's background collapsing is unknown"};
  std::string value =
      std::to_string(*k.pages_to_scan) + " pages every " + format_duration_arg(*k.scan_sleep_ms * kNsPerMs);
  if (k.defrag) value += *k.defrag ? ", defrag on" : ", defrag off";
  return {"khugepaged", value,
          f.thp_enabled == "never"
              ? "idle: THP is off"
              : "buffers not huge when faulted may turn huge later: --huge-pages is checked at fault time"};
}

Fact hugetlb(const MachineFacts& f) {
  std::vector<std::string> pools;
  for (const HugetlbPool& p : f.hugetlb_pools) {
    pools.push_back(format_size(p.page_bytes) + ": " + (p.pages ? std::to_string(*p.pages) : "unknown"));
  }
  std::string value = pools.empty() ? "no pools" : join(pools);
  if (!f.hugetlbfs_mounts.empty()) value += "; hugetlbfs at " + join(f.hugetlbfs_mounts);
  RunConfig hugetlb;  // the default buffers in 2 MiB pages: what --pages hugetlb would take
  hugetlb.pages = PageKind::hugetlb;
  const Result<void> usable = check_pages(hugetlb, f.hugetlb_pools);
  return {"hugetlb pages", value,
          usable ? "--pages hugetlb can take the " + std::to_string(buffer_pages_needed(hugetlb, kHugePageBytes)) +
                       " pages of the default buffers"
                 : "--pages hugetlb is refused here: " + usable.error().hint};
}

Fact damon_reclaim(const MachineFacts& f) {
  if (!f.damon_reclaim) return {"DAMON reclaim", "not loaded", "no proactive reclaim of idle memory"};
  if (f.damon_reclaim->enabled.value_or(false)) {
    return {"DAMON reclaim", "enabled", "cold pages are reclaimed in the background: an idle buffer may fault again"};
  }
  return {"DAMON reclaim", "loaded, off", "no proactive reclaim of idle memory"};
}

Fact works(const std::string& name, const std::optional<bool>& ok, const std::string& meaning_ok) {
  if (!ok) return {name, "not checked", ""};
  return {name, *ok ? "works" : "FAILS", *ok ? meaning_ok : "zero-copy rungs cannot run here"};
}

}  // namespace

std::vector<Fact> describe_machine(const MachineFacts& f) {
  std::vector<Fact> facts;
  for (Fact (*fact)(const MachineFacts&) :
       {cpu, cores, smt, numa, allowed_cpus, caches, page_size, kernel, mitigations, virtualisation, cpu_pressure,
        memory_pressure, thp, khugepaged, hugetlb, damon_reclaim, pipe_max, paranoia, pmu}) {
    facts.push_back(fact(f));
  }
  facts.push_back({"counters usable", usable_counters(f.counters), "these explain the ladder's steps below"});
  for (const auto& [reason, names] : unusable_by_reason(f.counters)) {
    facts.push_back({"counters unusable", join(names), reason});
  }
  facts.push_back(governor(f));
  facts.push_back(works("vmsplice", f.vmsplice_works, "user pages can be gifted to a pipe"));
  facts.push_back(works("splice", f.splice_works, "the reader can move pages without copying"));
  if (f.bandwidth) {
    for (const BandwidthFigure& b : f.bandwidth->figures) {
      facts.push_back({bandwidth_name(b), bandwidth_value(b, f.bandwidth->cpu), bandwidth_meaning(b, f.caches)});
    }
  }
  return facts;
}

std::string machine_summary(const MachineFacts& f) {
  std::string summary = f.cpu_model;
  if (!f.kernel.empty()) summary += (summary.empty() ? "" : " · ") + std::string("Linux ") + f.kernel;
  return summary;
}

}  // namespace pipetop
