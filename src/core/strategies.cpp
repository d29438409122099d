#include "pipetop/core/strategies.hpp"

#include <string>

namespace pipetop {
namespace {

template <class Table>
std::string choices(const Table& table) {
  std::string text;
  for (const auto& row : table) text += (text.empty() ? "" : " | ") + std::string(row.name);
  return text;
}

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

// A switch, not a search: -Wswitch names a new kind that has no row yet.
const WriterStrategy& strategy_of(WriterKind kind) {
  switch (kind) {
    case WriterKind::write:
      return kWriterStrategies[0];
    case WriterKind::vmsplice:
      return kWriterStrategies[1];
  }
  return kWriterStrategies[0];
}

const ReaderStrategy& strategy_of(ReaderKind kind) {
  switch (kind) {
    case ReaderKind::read:
      return kReaderStrategies[0];
    case ReaderKind::splice:
      return kReaderStrategies[1];
  }
  return kReaderStrategies[0];
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

std::string writer_choices() {
  return choices(kWriterStrategies);
}
std::string reader_choices() {
  return choices(kReaderStrategies);
}

}  // namespace pipetop
