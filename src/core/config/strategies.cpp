#include "pipetop/core/config/strategies.hpp"

#include <string>

namespace pipetop {
namespace {

template <class Kind, class Table>
Result<Kind> parse_kind(std::string_view text, const Table& table, const char* side, const char* option) {
  for (const auto& row : table) {
    if (row.name == text) return row.kind;
  }
  std::string use;
  for (const auto& row : table)
    use += (use.empty() ? "use " : " or ") + std::string(option) + " " + std::string(row.name);
  return std::unexpected(usage_error("unknown " + std::string(side) + " strategy '" + std::string(text) + "'", use));
}

}  // namespace

const WriterStrategy& strategy_of(WriterKind kind) {
  return row_of_kind(kWriterStrategies, kind);
}

const ReaderStrategy& strategy_of(ReaderKind kind) {
  return row_of_kind(kReaderStrategies, kind);
}

std::string_view to_string(WriterKind kind) {
  return strategy_of(kind).name;
}
std::string_view to_string(ReaderKind kind) {
  return strategy_of(kind).name;
}

Result<WriterKind> parse_writer_kind(std::string_view text) {
  return parse_kind<WriterKind>(text, kWriterStrategies, "writer", "--writer");
}

Result<ReaderKind> parse_reader_kind(std::string_view text) {
  return parse_kind<ReaderKind>(text, kReaderStrategies, "reader", "--reader");
}

}  // namespace pipetop
