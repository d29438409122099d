#pragma once
// What the ladder's profiles say, in plain words: each of the article's steps removes a cost, and a
// rung's profile shows how much of a worker's time that cost took and what is left of it one rung up
// ("write/read: the writer spends 38% waiting and waking; the busy loop removes it (3%)"). Verdicts
// come only from rungs whose profiles show shares with kernel frames; a ladder profiled without them
// says why once.

#include <optional>
#include <string>
#include <vector>

#include "pipetop/core/experiment/ladder.hpp"

namespace pipetop {

// One verdict per step of the ladder whose two rungs were profiled, and a line when the profiles
// could not see the kernel (or were unavailable), naming why.
[[nodiscard]] std::vector<std::string> profile_verdicts(const std::vector<RungResult>& results);

// "the writer spends 62% waiting and waking": the rung's worker that spends the larger share in
// `category`; nullopt when the rung's profiles show no shares with kernel frames.
[[nodiscard]] std::optional<std::string> largest_share_words(const RungResult& rung, ProfileCategory category);

}  // namespace pipetop
