#include "pipetop/system/machine_reader.hpp"

#include <utility>

#include "machine_reader_parts.hpp"
#include "pipetop/core/machine/capabilities.hpp"
#include "pipetop/core/machine/text_lines.hpp"

namespace pipetop {
namespace {

// The value of the first "key\t: value" line of /proc/cpuinfo, or "".
std::string cpuinfo_field(const std::string& cpuinfo, std::string_view key) {
  for (const std::string_view line : split_lines(cpuinfo)) {
    const std::size_t colon = line.find(':');
    if (!line.starts_with(key) || colon == std::string_view::npos) continue;
    std::string_view name = line.substr(0, colon);
    while (!name.empty() && (name.back() == ' ' || name.back() == '\t')) name.remove_suffix(1);
    if (name != key) continue;
    std::string_view value = line.substr(colon + 1);
    while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    return std::string(value);
  }
  return {};
}

std::string hypervisor(const SystemFiles& files, const std::string& cpuinfo) {
  if (cpuinfo.empty()) return {};
  if ((" " + cpuinfo_field(cpuinfo, "flags") + " ").find(" hypervisor ") == std::string::npos) return "none";
  const std::string vendor = files.line("/sys/class/dmi/id/sys_vendor");
  const std::string product = files.line("/sys/class/dmi/id/product_name");
  const std::pair<const char*, const char*> known[] = {
      {"QEMU", "kvm (QEMU)"},     {"VMware", "vmware"}, {"Microsoft", "hyper-v"}, {"Amazon", "kvm (Amazon EC2)"},
      {"Google", "kvm (Google)"}, {"Xen", "xen"},       {"innotek", "virtualbox"}};
  for (const auto& [needle, name] : known) {
    if (vendor.find(needle) != std::string::npos || product.find(needle) != std::string::npos) return name;
  }
  return vendor.empty() ? "virtual machine" : "virtual machine (" + vendor + ")";
}

// Capabilities of this process, from /proc/self/status: not root as such (containers drop some).
void read_privileges(const SystemFiles& files, MachineFacts& f) {
  const std::optional<std::uint64_t> caps = parse_cap_eff(files.read("/proc/self/status").value_or(""));
  if (!caps) return;
  f.privileged = has_cap(*caps, kCapPerfmon) || has_cap(*caps, kCapSysAdmin);
  f.pipe_privileged = has_cap(*caps, kCapSysResource);
  f.syslog_privileged = has_cap(*caps, kCapSyslog);
}

void read_kernel_facts(const SystemFiles& files, MachineFacts& f) {
  f.kernel = files.line("/proc/sys/kernel/osrelease");
  const std::string dir = "/sys/devices/system/cpu/vulnerabilities/";
  for (const std::string& name : files.list(dir)) f.vulnerabilities.push_back({name, files.line(dir + name)});
  f.cpu_pressure = parse_pressure(files.read("/proc/pressure/cpu").value_or(""));
  f.memory_pressure = parse_pressure(files.read("/proc/pressure/memory").value_or(""));
  f.pipe_max_bytes = files.number("/proc/sys/fs/pipe-max-size");
  f.governor = files.line("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
}

}  // namespace

MachineFacts read_machine_facts(const SystemFiles& files) {
  MachineFacts f;
  const std::string cpuinfo = files.read("/proc/cpuinfo").value_or("");
  f.cpu_model = cpuinfo_field(cpuinfo, "model name");
  f.virtualisation = hypervisor(files, cpuinfo);
  read_cpu_facts(files, f);
  read_memory_facts(files, f);
  read_kernel_facts(files, f);
  read_privileges(files, f);
  read_perf_facts(files, f);
  return f;
}

}  // namespace pipetop
