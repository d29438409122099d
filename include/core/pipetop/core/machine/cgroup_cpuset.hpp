#pragma once
// Where this process's cgroup keeps its effective cpuset, from the text of /proc/self/cgroup.

#include <string>
#include <string_view>
#include <vector>

namespace pipetop {

// The files that may hold the effective cpuset, to be tried in order: for cgroup v1 ("3:cpuset:/a"),
// /sys/fs/cgroup/cpuset/a/cpuset.effective_cpus; for cgroup v2 ("0::/a/b"),
// /sys/fs/cgroup/a/b/cpuset.cpus.effective, then its parents' up to the root (a cgroup without the
// cpuset controller runs on its nearest ancestor's). Empty when the text names no cgroup.
[[nodiscard]] std::vector<std::string> cpuset_files(std::string_view proc_self_cgroup);

}  // namespace pipetop
