#include "pipetop/system/machine_gauge_reader.hpp"

#include "pipetop/system/wakeup_probe.hpp"

namespace pipetop {

std::optional<CpuTickTable> MachineGaugeReader::read_cpu_ticks() {
  const Result<std::string> text = files_.read("/proc/stat");
  if (!text) return std::nullopt;
  Result<CpuTickTable> table = parse_cpu_ticks(*text);
  if (!table) return std::nullopt;
  return std::move(*table);
}

std::optional<double> MachineGaugeReader::wakeup_round_trip_us(const RunConfig& config) {
  const Result<double> us = measure_wakeup_round_trip(config.writer_cpu, config.reader_cpu, kWakeupProbeNs);
  if (!us) return std::nullopt;
  return *us;
}

}  // namespace pipetop
