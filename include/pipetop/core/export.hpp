#pragma once
// Results anyone can rerun: the `pipetop run` command line (command_line.hpp), a CSV row in the seed
// benchmark's schema, and a JSON snapshot with the machine facts and the counters.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/error.hpp"
#include "pipetop/core/json_writer.hpp"
#include "pipetop/core/machine_facts.hpp"
#include "pipetop/core/trial.hpp"

namespace pipetop {

inline constexpr std::string_view kSeedCsvHeader =
    "gigabytes_per_second,bytes_to_pipe,buf_size,pipe_size,busy_loop,poll,huge_page,check_huge_page,"
    "write_with_vmsplice,read_with_splice,gift,lock_memory,dont_touch_pages,same_buffer";

// One row of the seed's schema (its "gigabytes_per_second" column holds GiB/s, as the seed's does).
// pipe_size is 0 when the kernel default was used; check_huge_page is 1 when huge pages were verified.
[[nodiscard]] std::string seed_csv_row(const RunConfig& config, std::optional<double> gib_per_s, std::uint64_t bytes,
                                       bool huge_pages_verified);

struct SeedRow {
  double gib_per_s = 0;
  std::uint64_t bytes = 0;
  bool huge_pages_verified = false;
  RunConfig config;  // the fields the schema carries; the rest default
};

// Parses a row of that schema back. On a malformed row returns a usage error saying which column.
[[nodiscard]] Result<SeedRow> parse_seed_csv_row(std::string_view line);

// The machine facts as a JSON array of {name, value, meaning}, in reading order.
void write_machine_json(JsonWriter& json, const MachineFacts& facts);

// {"machine": {...}, "results": [<each run's summary object, counters included>]}.
[[nodiscard]] std::string snapshot_json(const MachineFacts& facts, const std::vector<Trial>& trials);

}  // namespace pipetop
