#include "pipetop/core/machine/cgroup_cpuset.hpp"

#include "pipetop/core/machine/text_lines.hpp"

namespace pipetop {
namespace {

constexpr std::string_view kCgroupRoot = "/sys/fs/cgroup";

bool has_cpuset_controller(std::string_view controllers) {
  for (std::size_t start = 0; start <= controllers.size();) {
    const std::size_t end = std::min(controllers.find(',', start), controllers.size());
    if (controllers.substr(start, end - start) == "cpuset") return true;
    start = end + 1;
  }
  return false;
}

std::string without_trailing_slash(std::string_view path) {
  while (!path.empty() && path.back() == '/') path.remove_suffix(1);
  return std::string(path);
}

}  // namespace

std::vector<std::string> cpuset_files(std::string_view text) {
  std::vector<std::string> v1;
  std::vector<std::string> v2;
  for (const std::string_view line : split_lines(text)) {
    const std::size_t first = line.find(':');
    const std::size_t second = first == std::string_view::npos ? first : line.find(':', first + 1);
    if (second == std::string_view::npos) continue;
    const std::string_view controllers = line.substr(first + 1, second - first - 1);
    std::string path = without_trailing_slash(line.substr(second + 1));
    if (has_cpuset_controller(controllers)) {
      v1.push_back(std::string(kCgroupRoot) + "/cpuset" + path + "/cpuset.effective_cpus");
    } else if (line.substr(0, second + 1) == "0::") {
      for (;;) {
        v2.push_back(std::string(kCgroupRoot) + path + "/cpuset.cpus.effective");
        if (path.empty()) break;
        const std::size_t slash = path.rfind('/');
        path.erase(slash == std::string::npos ? 0 : slash);
      }
    }
  }
  v1.insert(v1.end(), v2.begin(), v2.end());
  return v1;
}

}  // namespace pipetop
