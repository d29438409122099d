#include "pipetop/system/cpu_ticks_reader.hpp"

namespace pipetop {

std::optional<CpuTickTable> CpuTicksReader::read_cpu_ticks() {
  const Result<std::string> text = files_.read("/proc/stat");
  if (!text) return std::nullopt;
  Result<CpuTickTable> table = parse_cpu_ticks(*text);
  if (!table) return std::nullopt;
  return std::move(*table);
}

}  // namespace pipetop
