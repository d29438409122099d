#include "pipetop/system/machine_probe.hpp"

#include <fcntl.h>
#include <sys/uio.h>
#include <unistd.h>

#include <array>
#include <cstdio>

#include "pipetop/core/counters/event_names.hpp"
#include "pipetop/core/machine/machine_limits.hpp"
#include "pipetop/system/counter_set.hpp"
#include "pipetop/system/transport_ends.hpp"

namespace pipetop {
namespace {

bool vmsplice_and_splice(bool& splice_ok) {
  Result<TransportEnds> pipe = TransportEnds::open(TransportKind::pipe);
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

void probe_machine(MachineFacts& f) {
  const PerfOpenContext context = perf_open_context(f);
  for (const std::string& name : default_event_names()) f.counters.push_back(probe_event(name, false, context));
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
