#pragma once
// `pipetop sweep OPTION FROM..TO`: the configuration options a sweep can vary (one table, which the
// command line, its completions and its help read), the range as typed, and the values it runs.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/config/run_config.hpp"

namespace pipetop {

enum class SweepOption { buffer_size, pipe_size, buffer_offset };

struct SweepOptionRow {
  SweepOption option;
  std::string_view name;     // the OPTION as typed, and `run`'s option it sets (with "--" before it)
  std::string_view summary;  // for --help
  bool sizes;  // sizes (powers of two, a log axis, the caches marked), else offsets in bytes (a linear axis)
};

inline constexpr std::array<SweepOptionRow, 3> kSweepOptions{{
    {SweepOption::buffer_size, "buffer-size", "the size of each write, read, splice and vmsplice call", true},
    {SweepOption::pipe_size, "pipe-size", "the pipe's capacity (F_SETPIPE_SZ)", true},
    {SweepOption::buffer_offset, "buffer-offset", "where each buffer starts past a page boundary", false},
}};

// The offsets a sweep of buffer-offset runs inside its range: page-aligned, the seed's malloc, a cache
// line, and further into the page up to its last byte.
inline constexpr std::array<std::uint64_t, 6> kSweepOffsets{0, 16, 64, 512, 2048, 4095};

// The most values one sweep runs: each is a slice of every round.
inline constexpr std::size_t kMaxSweepValues = 24;

[[nodiscard]] const SweepOptionRow& sweep_option_row(SweepOption option);

// OPTION as typed. Fails with a usage error naming the text, the closest name and the choices.
[[nodiscard]] Result<SweepOption> parse_sweep_option(std::string_view text);

struct SweepRange {
  std::uint64_t from = 0;
  std::uint64_t to = 0;
};

// "4KiB..4MiB" (sizes as --buffer-size takes them; an offset may also be 0). Fails with a usage error
// naming the text: no "..", a bound that is not a size, FROM above TO.
[[nodiscard]] Result<SweepRange> parse_sweep_range(SweepOption option, std::string_view text);

// --steps N: a whole number from 2 to kMaxSweepValues. Fails with a usage error naming the text.
[[nodiscard]] Result<std::optional<int>> parse_sweep_steps(std::string_view text);

// The values to run, smallest first, both ends of the range always among them. Without `steps`:
// sizes are the powers of two inside the range, offsets those of kSweepOffsets inside it. With
// `steps` N: N values spread evenly, on a log scale for sizes (rounded to whole KiB from 1 KiB up),
// on a linear one for offsets; values that round alike are run once. Fails with a usage error when
// the range holds one value only, or more than kMaxSweepValues.
[[nodiscard]] Result<std::vector<std::uint64_t>> sweep_values(SweepOption option, const SweepRange& range,
                                                              std::optional<int> steps);

// `config` with `option` set to `value`, as --buffer-size, --pipe-size or --buffer-offset would set it.
[[nodiscard]] RunConfig with_sweep_value(RunConfig config, SweepOption option, std::uint64_t value);

// A value in words: "64 KiB", "2.5 MiB" for sizes; "16 B" for offsets.
[[nodiscard]] std::string sweep_value_text(SweepOption option, std::uint64_t value);

}  // namespace pipetop
