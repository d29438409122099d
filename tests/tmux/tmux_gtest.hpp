#pragma once
// What every tmux test file shares with GoogleTest: a wait's result as an assertion (a timeout shows
// the whole screen), and skipping, with the reason, where tmux cannot run.

#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "tmux/tmux_session.hpp"

namespace pipetop::tmux_testing {

inline ::testing::AssertionResult shown(const Waited& waited) {
  if (waited.ok) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << waited.message;
}

// The reason to skip, once per run.
inline const std::optional<std::string>& tmux_missing_once() {
  static const std::optional<std::string> why = tmux_missing();
  return why;
}

}  // namespace pipetop::tmux_testing

#define SKIP_WITHOUT_TMUX()                                                                \
  do {                                                                                     \
    if (const auto& why = ::pipetop::tmux_testing::tmux_missing_once(); why.has_value()) { \
      GTEST_SKIP() << *why;                                                                \
    }                                                                                      \
  } while (false)
