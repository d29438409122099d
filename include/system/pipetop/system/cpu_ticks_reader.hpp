#pragma once
// The machine's /proc/stat ticks, read through SystemFiles for paired rounds' steal readings
// (round_runner.hpp's CpuTickSource).

#include "pipetop/core/experiment/round_runner.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

class CpuTicksReader final : public CpuTickSource {
 public:
  // `files` must outlive the reader.
  explicit CpuTicksReader(const SystemFiles& files) : files_(files) {}
  // /proc/stat's cpu lines; nullopt when the file cannot be read or parsed (a kernel or container
  // without it): the rounds then carry no steal, and say so by leaving it out.
  [[nodiscard]] std::optional<CpuTickTable> read_cpu_ticks() override;

 private:
  const SystemFiles& files_;
};

}  // namespace pipetop
