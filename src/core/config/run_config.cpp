#include "pipetop/core/config/run_config.hpp"

#include <algorithm>
#include <bit>

#include "pipetop/core/config/page_kinds.hpp"
#include "pipetop/core/config/strategies.hpp"
#include "pipetop/core/config/transports.hpp"
#include "pipetop/core/counters/event_names.hpp"

namespace pipetop {

WriterLayout writer_layout(const RunConfig& config) {
  if (!strategy_of(config.writer).references_pages) return {1, config.buffer_bytes, 1, config.buffer_bytes};
  if (config.same_buffer) return {1, config.buffer_bytes, 2, config.buffer_bytes / 2};
  return {2, config.buffer_bytes, 2, config.buffer_bytes};
}

std::uint64_t buffer_offset_bytes(const RunConfig& config) {
  return config.buffer_offset.value_or(page_kind_row(page_kind(config)).default_offset_bytes);
}

std::optional<std::uint64_t> requested_pipe_bytes(const RunConfig& config) {
  if (config.pipe_bytes) return config.pipe_bytes;
  if (lends_pages_to_pipe(config)) return config.buffer_bytes / 2;
  return std::nullopt;
}

std::vector<std::string> counter_names(const RunConfig& config) {
  if (config.no_counters) return {};
  std::vector<std::string> names = default_event_names();
  for (const std::string& event : config.events) {
    if (std::find(names.begin(), names.end(), event) == names.end()) names.push_back(event);
  }
  return names;
}

std::uint64_t kernel_pipe_bytes(std::uint64_t requested, std::uint64_t page_bytes) {
  const std::uint64_t pages = (requested + page_bytes - 1) / page_bytes;
  return std::bit_ceil(pages == 0 ? std::uint64_t{1} : pages) * page_bytes;
}

}  // namespace pipetop
