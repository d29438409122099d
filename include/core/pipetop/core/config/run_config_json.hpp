#pragma once
// A RunConfig as JSON and back: every option keyed by its command-line name ("writer", "huge-pages",
// "buffer-size", "writer-cpu", "interval", "event"...), as `run --format json`'s summary writes its
// "config" and a recording writes each configuration, so both can be read back.

#include <cstdint>
#include <optional>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/report/json_reader.hpp"
#include "pipetop/core/report/json_writer.hpp"

namespace pipetop {

// The configuration's members into the object `json` has open; "pipe-size" is `pipe_bytes` (the
// running pipe's, or the one asked for), null when none. An unpinned or unset CPU is written -1.
void write_config_members(JsonWriter& json, const RunConfig& config, std::optional<std::uint64_t> pipe_bytes);

// The configuration such an object describes; a member left out keeps its default, "pipe-size" sets
// --pipe-size, -1 for a CPU means unpinned. A member of the wrong type or an unknown strategy, size or
// duration: a usage error naming the member.
[[nodiscard]] Result<RunConfig> read_config_json(const Json& object);

}  // namespace pipetop
