#pragma once
// The tables whose rows the command line names (strategies, page kinds, prefault methods): the names
// as a list of choices, a row's kind from its name, the row after a kind (for the keys that cycle
// them); kind_rows.hpp checks that the rows follow their kinds' order (so a kind is its row's index).

#include <cstddef>
#include <string>
#include <string_view>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/config/kind_rows.hpp"

namespace pipetop {

// "small | thp | hugetlb", for --help and messages.
template <class Table>
[[nodiscard]] std::string row_choices(const Table& table) {
  std::string text;
  for (const auto& row : table) text += (text.empty() ? "" : " | ") + std::string(row.name);
  return text;
}

// The kind of the row named `text`; else a usage error "unknown <what> '<text>'", the hint
// "use <option> <choices>".
template <class Table>
[[nodiscard]] auto parse_row(std::string_view text, const Table& table, std::string_view what, std::string_view option)
    -> Result<decltype(table[0].kind)> {
  for (const auto& row : table) {
    if (row.name == text) return row.kind;
  }
  return std::unexpected(usage_error("unknown " + std::string(what) + " '" + std::string(text) + "'",
                                     "use " + std::string(option) + " " + row_choices(table)));
}

// The kind of the row after `kind`'s, the first after the last; rows in kind order.
template <class Table, class Kind>
[[nodiscard]] Kind next_row_kind(Kind kind, const Table& table) {
  return table[(static_cast<std::size_t>(kind) + 1) % table.size()].kind;
}

}  // namespace pipetop
