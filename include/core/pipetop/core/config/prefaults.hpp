#pragma once
// How a buffer's pages are faulted in before the transfer, described once: written by hand as the seed
// does, by mmap(2) itself (MAP_POPULATE), by madvise(MADV_POPULATE_WRITE), or not at all (the seed's
// --no-touch: the transfer takes the first-touch faults). validate(), the keys, the header and the
// allocator (system/buffer.cpp) read these rows; each worker reports how long its set-up took and the
// faults taken there apart from those taken during the transfer (buffer_setup.hpp).

#include <array>
#include <string>
#include <string_view>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/config/named_rows.hpp"
#include "pipetop/core/config/run_config.hpp"

namespace pipetop {

struct PrefaultMethod {
  Prefault kind;
  std::string_view name;     // on the command line and in JSON: "populate"
  std::string_view summary;  // for --help
};

inline constexpr std::array<PrefaultMethod, 4> kPrefaults{{
    {Prefault::touch, "touch", "write every byte once after mapping, as the seed does"},
    {Prefault::populate, "populate", "mmap(2) with MAP_POPULATE: the kernel faults every page in as it maps them"},
    {Prefault::madvise, "madvise", "madvise(MADV_POPULATE_WRITE) after mapping (Linux 5.14)"},
    {Prefault::none, "none", "leave the pages to fault in during the transfer (= --no-touch)"},
}};

static_assert(rows_in_kind_order(kPrefaults), "kPrefaults follows Prefault's order");

[[nodiscard]] std::string_view to_string(Prefault kind);
// A method's name as written on the command line; a usage error names the word and the choices.
[[nodiscard]] Result<Prefault> parse_prefault(std::string_view text);
// "touch | populate | madvise | none", for --help and messages.
[[nodiscard]] std::string prefault_choices();

// The method `config` runs with: none with --no-touch, else --prefault.
[[nodiscard]] Prefault prefault_of(const RunConfig& config);
// Asks for `kind` as --prefault does: none sets no_touch (its one spelling), another method sets
// prefault. A config asked for both (--no-touch --prefault populate) is refused by check_prefault.
void ask_prefault(RunConfig& config, Prefault kind);
// The method after the one `config` runs with, for the key that cycles them, skipping any that
// check_prefault would refuse with its page kind; set as the only choice (no_touch and prefault).
void cycle_prefault(RunConfig& config);

// Why `config`'s method cannot run: --no-touch with another --prefault, and MAP_POPULATE with
// transparent huge pages (it faults the pages in before madvise(MADV_HUGEPAGE) can ask for huge ones).
[[nodiscard]] Result<void> check_prefault(const RunConfig& config);

}  // namespace pipetop
