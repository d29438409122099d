#pragma once
// The tables that describe a kind once (the strategies, the transports) hold their rows in their
// kinds' order, so a kind is its row's index: each table static_asserts it, and looks a kind up by it.

#include <cstddef>

namespace pipetop {

template <class Table>
constexpr bool rows_in_kind_order(const Table& table) {
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (static_cast<std::size_t>(table[i].kind) != i) return false;
  }
  return true;
}

// The row of `kind` in `table` (rows_in_kind_order).
template <class Table, class Kind>
constexpr const auto& row_of_kind(const Table& table, Kind kind) {
  return table.at(static_cast<std::size_t>(kind));
}

}  // namespace pipetop
