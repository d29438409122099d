#pragma once
// Waiting on a word of the shared region without spinning: futex(2) on a process-shared mapping, so
// that hundreds of workers waiting for the go cost the machine nothing while the others set up.

#include <atomic>
#include <cstdint>

namespace pipetop {

// Sleeps while `word` holds `expected`, at most `timeout_ns`; returns at once when it holds another
// value, and early on a wake, a signal or a spurious wake-up: the caller checks again. Never fails.
void futex_wait(const std::atomic<std::uint32_t>& word, std::uint32_t expected, std::int64_t timeout_ns) noexcept;

// Wakes every process waiting on `word`. Never fails.
void futex_wake_all(std::atomic<std::uint32_t>& word) noexcept;

}  // namespace pipetop
