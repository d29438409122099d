#pragma once
// The short label of a configuration change, as the chart's marker shows it: "+vmsplice",
// "-busy", "buf 1M", "pipe 256K", "cpu 0→0". Several changes are joined with spaces.

#include <cstdint>
#include <optional>
#include <string>

#include "pipetop/core/config/run_config.hpp"

namespace pipetop {

[[nodiscard]] std::string describe_change(const RunConfig& before, const RunConfig& after);

// The first segment's label: the strategies it starts with ("write/read", "vmsplice/splice").
[[nodiscard]] std::string describe_start(const RunConfig& config);

// The pinning in words: "cpu 0→1", "cpu any→any" for unpinned workers.
[[nodiscard]] std::string describe_cpus(const RunConfig& config);

// The configuration in words: "vmsplice → splice · huge pages · busy loop · buffer 256 KiB · cpu 0→1"
// (the pipe's size is the caller's to add: only the running pipe knows it).
[[nodiscard]] std::string describe_config(const RunConfig& config);

// The pipe of a run of `config` in words: "pipe 128 KiB", "pipe 64 KiB (kernel default)", or with
// what was asked when the kernel gave another size (`asked`): "pipe 4 KiB (asked 3 B; the kernel
// rounds up to a power-of-two number of pages)". Over a socket, the writer's send buffer: "SO_SNDBUF
// 208 KiB (kernel default)".
[[nodiscard]] std::string describe_pipe(const RunConfig& config, std::uint64_t pipe_bytes,
                                        std::optional<std::uint64_t> asked);

}  // namespace pipetop
