#pragma once
// The ladder `check` measured, as a standalone SVG bar chart: one bar per rung with its GiB/s and
// its speed-up against the first rung, a failed rung shown as failed with its reason, a disturbed one
// marked so, the article's figure beside each rung it measured, the title and the machine line, and
// the stamp (the fastest rung as the headline; the disturbed rungs as the caveat).

#include <optional>
#include <string>
#include <vector>

#include "pipetop/core/experiment/ladder.hpp"
#include "pipetop/core/report/svg_page.hpp"

namespace pipetop {

struct PictureRung {
  std::string name;                           // "vmsplice/splice +huge"
  std::optional<double> gib_per_s;            // none: the rung failed
  std::string failure;                        // why it failed, shown in place of its bar
  bool disturbed = false;                     // another program competed for its workers' CPUs
  std::optional<double> article_gib_per_s{};  // the article's figure for this step
};

struct LadderPicture {
  std::vector<PictureRung> rungs;  // in the ladder's order; speed-ups are against the first
  std::string title;
  std::string machine;
  PictureStamp stamp{};  // its made part is the caller's (ladder_picture leaves it empty)
};

// A measured ladder's picture: each rung's GiB/s, or its error's message when it failed, whether it
// was disturbed and the article's figure; the stamp's headline names the fastest rung ("fastest:
// vmsplice/splice +huge +busy, 62.99 GiB/s, ×64.9 the first rung"), its caveat the disturbed rungs.
[[nodiscard]] LadderPicture ladder_picture(const std::vector<RungResult>& results, std::string title,
                                           std::string machine);

// The picture as an SVG document, 960 px wide and as tall as its rungs need; the axis ends at the
// first round tick at or above the fastest rung (tight_scale). Never fails: no rungs gives the
// heading and "no rungs measured"; no speed-ups when the first rung failed or moved nothing; no
// article column when no rung has the article's figure.
[[nodiscard]] std::string ladder_svg(const LadderPicture& picture);

}  // namespace pipetop
