#pragma once
// The rows of a table that describes kinds once (the strategies, the transports), as a test's
// parameters: a new row is in every matrix and every comparison without a word in the tests.

#include <string>
#include <vector>

namespace pipetop::testing {

template <class Table>
auto kinds_of(const Table& table) {
  std::vector<decltype(table.front().kind)> kinds;
  for (const auto& row : table) kinds.push_back(row.kind);
  return kinds;
}

template <class Table>
std::vector<std::string> names_of(const Table& table) {
  std::vector<std::string> names;
  for (const auto& row : table) names.emplace_back(row.name);
  return names;
}

}  // namespace pipetop::testing
