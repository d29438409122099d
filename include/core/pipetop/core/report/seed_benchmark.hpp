#pragma once
// The same experiment as the seed benchmark of "Making Linux pipes fast" runs it
// (github.com/bitonic/pipes-speed-test): the command line of its `write | read` pair for a
// configuration, and the CSV row that command prints with --csv. Every option of pipetop that the seed
// has means what the seed's does (flag_options.hpp, strategies.hpp name the seed's spelling).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/config/run_config.hpp"

namespace pipetop {

inline constexpr std::string_view kSeedCsvHeader =
    "gigabytes_per_second,bytes_to_pipe,buf_size,pipe_size,busy_loop,poll,huge_page,check_huge_page,"
    "write_with_vmsplice,read_with_splice,gift,lock_memory,dont_touch_pages,same_buffer";

// The flags both of the seed's programs get for `config` (its measure.py gives both the same ones):
// the strategies, the transfer flags the seed has, --buf_size and --pipe_size where they are not the
// seed's defaults, and --check_huge_page when huge pages were verified. `config` is as run: its pipe
// size, if set, is the one the kernel gave.
[[nodiscard]] std::vector<std::string> seed_flags(const RunConfig& config, bool huge_pages_verified);

// "taskset -c 0 ./write FLAGS | taskset -c 1 ./read FLAGS --bytes_to_pipe=N --csv", run from the
// directory of the seed's binaries (taskset only for pinned workers). Options the seed lacks (such as
// --verify, or a strategy with no seed form) are named in a trailing shell comment.
[[nodiscard]] std::string seed_command_line(const RunConfig& config, std::uint64_t bytes_to_pipe,
                                            bool huge_pages_verified);

// The row seed_command_line's command prints with --csv, `gib_per_s` in its first column (the seed's
// "gigabytes_per_second" holds GiB/s); 0 when there is no rate.
[[nodiscard]] std::string seed_csv_row(const RunConfig& config, std::optional<double> gib_per_s,
                                       std::uint64_t bytes_to_pipe, bool huge_pages_verified);

}  // namespace pipetop
