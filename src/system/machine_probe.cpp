#include "pipetop/system/machine_probe.hpp"

#include <fcntl.h>
#include <sys/uio.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <algorithm>
#include <map>
#include <utility>

#include "pipetop/core/cpu_list.hpp"
#include "pipetop/core/event_names.hpp"
#include "pipetop/system/counter_set.hpp"
#include "pipetop/system/perf_facts.hpp"
#include "pipetop/system/pipe.hpp"

namespace pipetop {
namespace {

std::string cpuinfo_field(const std::string& cpuinfo, const std::string& key) {
  const std::size_t at = cpuinfo.find("\n" + key);
  const std::size_t start = at == std::string::npos ? (cpuinfo.starts_with(key) ? 0 : std::string::npos) : at + 1;
  if (start == std::string::npos) return {};
  const std::size_t colon = cpuinfo.find(':', start);
  const std::size_t end = cpuinfo.find('\n', start);
  if (colon == std::string::npos || colon > end) return {};
  std::string value = cpuinfo.substr(colon + 1, end - colon - 1);
  while (!value.empty() && value.front() == ' ') value.erase(0, 1);
  return value;
}

std::string hypervisor(const SystemFiles& files, const std::string& cpuinfo) {
  const std::string flags = cpuinfo_field(cpuinfo, "flags");
  if (cpuinfo.empty()) return {};
  if ((" " + flags + " ").find(" hypervisor ") == std::string::npos) return "none";
  const std::string vendor = files.line("/sys/class/dmi/id/sys_vendor");
  const std::string product = files.line("/sys/class/dmi/id/product_name");
  const std::pair<const char*, const char*> known[] = {{"QEMU", "kvm (QEMU)"},     {"VMware", "vmware"},
                                                       {"Microsoft", "hyper-v"},   {"Amazon", "kvm (Amazon EC2)"},
                                                       {"Google", "kvm (Google)"}, {"Xen", "xen"},
                                                       {"innotek", "virtualbox"}};
  for (const auto& [needle, name] : known) {
    if (vendor.find(needle) != std::string::npos || product.find(needle) != std::string::npos) return name;
  }
  return vendor.empty() ? "virtual machine" : "virtual machine (" + vendor + ")";
}

void read_topology(const SystemFiles& files, MachineFacts& f) {
  const Result<std::vector<int>> online = parse_cpu_list(files.line("/sys/devices/system/cpu/online"));
  if (!online) return;
  f.logical_cpus = static_cast<int>(online->size());
  std::map<std::pair<long, long>, int> cores;  // (package, core) -> its CPUs
  for (const int cpu : *online) {
    const std::string base = "/sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/topology/";
    ++cores[{files.number(base + "physical_package_id").value_or(0), files.number(base + "core_id").value_or(cpu)}];
  }
  f.physical_cores = static_cast<int>(cores.size());
  f.threads_per_core = 1;  // the most on any core: hybrid CPUs mix SMT P-cores with single-thread E-cores
  for (const auto& [core, cpus] : cores) f.threads_per_core = std::max(f.threads_per_core, cpus);
  const Result<std::vector<int>> nodes = parse_cpu_list(files.line("/sys/devices/system/node/online"));
  f.numa_nodes = nodes && !nodes->empty() ? static_cast<int>(nodes->size()) : 1;
}

bool vmsplice_and_splice(bool& splice_ok) {
  Result<Pipe> pipe = Pipe::create();
  if (!pipe) return false;
  std::array<char, 4096> page{};
  iovec iov{page.data(), page.size()};
  const bool vmsplice_ok = vmsplice(pipe->write_fd(), &iov, 1, 0) == static_cast<ssize_t>(page.size());
  const int devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);
  splice_ok = vmsplice_ok && devnull >= 0 &&
              splice(pipe->read_fd(), nullptr, devnull, nullptr, page.size(), 0) == static_cast<ssize_t>(page.size());
  if (devnull >= 0) close(devnull);
  return vmsplice_ok;
}

// systemd-detect-virt --vm or --container: its one-word answer, "none", or "" when not installed.
std::string systemd_detect_virt(const char* kind) {
  if (access("/usr/bin/systemd-detect-virt", X_OK) != 0) return {};
  FILE* out = popen((std::string("/usr/bin/systemd-detect-virt ") + kind + " 2>/dev/null").c_str(), "r");
  if (out == nullptr) return {};
  std::array<char, 64> buf{};
  const bool got = std::fgets(buf.data(), buf.size(), out) != nullptr;
  pclose(out);
  std::string name = got ? buf.data() : "";
  while (!name.empty() && name.back() == '\n') name.pop_back();
  return name;
}

}  // namespace

MachineFacts read_machine_facts(const SystemFiles& files, bool privileged, std::optional<bool> pipe_privileged) {
  MachineFacts f;
  const std::string cpuinfo = files.read("/proc/cpuinfo").value_or("");
  f.cpu_model = cpuinfo_field(cpuinfo, "model name");
  read_topology(files, f);
  f.kernel = files.line("/proc/sys/kernel/osrelease");
  f.virtualisation = hypervisor(files, cpuinfo);
  f.thp_enabled = files.bracketed("/sys/kernel/mm/transparent_hugepage/enabled");
  f.thp_defrag = files.bracketed("/sys/kernel/mm/transparent_hugepage/defrag");
  f.hugetlb_2m = files.number("/sys/kernel/mm/hugepages/hugepages-2048kB/nr_hugepages");
  f.hugetlb_1g = files.number("/sys/kernel/mm/hugepages/hugepages-1048576kB/nr_hugepages");
  f.pipe_max_bytes = files.number("/proc/sys/fs/pipe-max-size");
  if (const std::optional<long> p = files.number("/proc/sys/kernel/perf_event_paranoid")) f.perf_paranoid = static_cast<int>(*p);
  f.privileged = privileged;
  f.pipe_privileged = pipe_privileged.value_or(privileged);
  for (const std::string& pmu : files.list(kEventSourceDevices)) {
    if (is_cpu_pmu(pmu)) f.pmus.push_back(pmu);
  }
  f.hardware_pmu = !f.pmus.empty();
  f.governor = files.line("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
  return f;
}

void probe_machine(MachineFacts& f) {
  const PerfOpenContext context = read_perf_context();
  for (const std::string& name : default_event_names()) {
    const CounterInfo info = probe_event(name, false, context);
    if (info.state == CounterState::unavailable) {
      f.counters_unusable.push_back(name + ": " + info.reason);
    } else {
      f.counters_usable.push_back(info.state == CounterState::user_only ? name + " (user-only)" : name);
    }
  }
  bool splice_ok = false;
  f.vmsplice_works = vmsplice_and_splice(splice_ok);
  f.splice_works = splice_ok;
  // systemd-detect-virt knows more hypervisors, and containers; DMI adds the vendor when they agree.
  const std::string vm = systemd_detect_virt("--vm");
  if (!vm.empty() && !f.virtualisation.starts_with(vm)) f.virtualisation = vm;
  const std::string container = systemd_detect_virt("--container");
  if (!container.empty() && container != "none") f.virtualisation += ", in a " + container + " container";
}

}  // namespace pipetop
