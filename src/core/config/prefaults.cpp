#include "pipetop/core/config/prefaults.hpp"

#include "pipetop/core/config/page_kinds.hpp"

namespace pipetop {

std::string_view to_string(Prefault kind) {
  return kPrefaults.at(static_cast<std::size_t>(kind)).name;
}

Result<Prefault> parse_prefault(std::string_view text) {
  return parse_row(text, kPrefaults, "prefault method", "--prefault");
}

std::string prefault_choices() {
  return row_choices(kPrefaults);
}

Prefault prefault_of(const RunConfig& config) {
  return config.no_touch ? Prefault::none : config.prefault;
}

void ask_prefault(RunConfig& config, Prefault kind) {
  if (kind == Prefault::none) {
    config.no_touch = true;
  } else {
    config.prefault = kind;
  }
}

void cycle_prefault(RunConfig& config) {
  Prefault next = prefault_of(config);
  for (std::size_t tries = 0; tries < kPrefaults.size(); ++tries) {
    next = next_row_kind(next, kPrefaults);
    config.no_touch = false;
    config.prefault = Prefault::touch;
    ask_prefault(config, next);
    if (check_prefault(config)) return;
  }
}

Result<void> check_prefault(const RunConfig& c) {
  if (c.no_touch && c.prefault != Prefault::touch) {
    return std::unexpected(usage_error("--no-touch contradicts --prefault " + std::string(to_string(c.prefault)),
                                       "use --no-touch or --prefault none to leave the pages unfaulted, or drop it"));
  }
  if (c.prefault == Prefault::populate && page_kind(c) == PageKind::thp) {
    return std::unexpected(usage_error(
        "--prefault populate with transparent huge pages: MAP_POPULATE faults the pages in as mmap(2) maps them, "
        "before madvise(MADV_HUGEPAGE) can ask for huge pages, so they would be small pages",
        "use --prefault madvise or touch with --pages thp, or --pages hugetlb with populate"));
  }
  return {};
}

}  // namespace pipetop
