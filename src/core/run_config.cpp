#include "pipetop/core/run_config.hpp"

#include <algorithm>
#include <bit>

#include "pipetop/core/event_names.hpp"

namespace pipetop {

std::uint64_t half_bytes(const RunConfig& config) { return config.buffer_bytes / 2; }

std::optional<std::uint64_t> requested_pipe_bytes(const RunConfig& config) {
  if (config.pipe_bytes) return config.pipe_bytes;
  if (config.writer == WriterKind::vmsplice) return half_bytes(config);
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

std::string_view to_string(WriterKind kind) {
  return kind == WriterKind::vmsplice ? "vmsplice" : "write";
}

std::string_view to_string(ReaderKind kind) { return kind == ReaderKind::splice ? "splice" : "read"; }

Result<WriterKind> parse_writer_kind(std::string_view text) {
  if (text == "write") return WriterKind::write;
  if (text == "vmsplice") return WriterKind::vmsplice;
  return std::unexpected(usage_error("unknown writer strategy '" + std::string(text) + "'",
                                     "use --writer write or --writer vmsplice"));
}

Result<ReaderKind> parse_reader_kind(std::string_view text) {
  if (text == "read") return ReaderKind::read;
  if (text == "splice") return ReaderKind::splice;
  return std::unexpected(usage_error("unknown reader strategy '" + std::string(text) + "'",
                                     "use --reader read or --reader splice"));
}

std::uint64_t kernel_pipe_bytes(std::uint64_t requested, std::uint64_t page_bytes) {
  const std::uint64_t pages = (requested + page_bytes - 1) / page_bytes;
  return std::bit_ceil(pages == 0 ? std::uint64_t{1} : pages) * page_bytes;
}

}  // namespace pipetop
