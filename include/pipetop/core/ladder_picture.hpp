#pragma once
// The ladder `check` measured, as a standalone SVG bar chart: one bar per rung with its GiB/s and
// its speed-up against the first rung, a failed rung shown as failed with its reason, the title and
// the machine line.

#include <optional>
#include <string>
#include <vector>

#include "pipetop/core/ladder.hpp"

namespace pipetop {

struct PictureRung {
  std::string name;                 // "vmsplice/splice +huge"
  std::optional<double> gib_per_s;  // none: the rung failed
  std::string failure;              // why it failed, shown in place of its bar
};

struct LadderPicture {
  std::vector<PictureRung> rungs;  // in the ladder's order; speed-ups are against the first
  std::string title;
  std::string machine;
};

// A measured ladder's picture: each rung's GiB/s, or its error's message when it failed.
[[nodiscard]] LadderPicture ladder_picture(const std::vector<RungResult>& results, std::string title,
                                           std::string machine);

// The picture as an SVG document, 960 px wide and as tall as its rungs need. Never fails: no rungs
// gives the heading and "no rungs measured"; no speed-ups when the first rung failed or moved nothing.
[[nodiscard]] std::string ladder_svg(const LadderPicture& picture);

}  // namespace pipetop
