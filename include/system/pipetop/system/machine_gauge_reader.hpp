#pragma once
// The machine as paired rounds read it (round_runner.hpp's MachineGauge): /proc/stat's ticks through
// SystemFiles, for the slices' steal, and the wake-up round trip between a configuration's CPUs
// (wakeup_probe.hpp), for each round's machine state.

#include "pipetop/core/experiment/round_runner.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

class MachineGaugeReader final : public MachineGauge {
 public:
  // `files` must outlive the reader.
  explicit MachineGaugeReader(const SystemFiles& files) : files_(files) {}
  // /proc/stat's cpu lines; nullopt when the file cannot be read or parsed (a kernel or container
  // without it): the rounds then carry no steal, and say so by leaving it out.
  [[nodiscard]] std::optional<CpuTickTable> read_cpu_ticks() override;
  // measure_wakeup_round_trip from the writer's CPU to the reader's for kWakeupProbeNs; nullopt when
  // it fails (the rounds then carry no wake-up time, and say so by leaving it out).
  [[nodiscard]] std::optional<double> wakeup_round_trip_us(const RunConfig& config) override;

 private:
  const SystemFiles& files_;
};

}  // namespace pipetop
