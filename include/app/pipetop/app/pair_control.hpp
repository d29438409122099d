#pragma once
// The dashboard's handle on the pair it shows: changes asked for, and what happened since the last
// look, as session events. Behind an interface, so the dashboard's controller is tested in-process
// with a scripted fake.

#include <cstdint>
#include <optional>
#include <vector>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/config/run_config.hpp"
#include "pipetop/core/figures/ceiling.hpp"
#include "pipetop/core/figures/pair_figure.hpp"
#include "pipetop/core/figures/session_event.hpp"

namespace pipetop {

enum class PairPhase {
  starting,  // workers are setting up (or the previous pair is still stopping)
  running,   // bytes move
  stopped,   // no pair runs: it failed or was killed (a PairProblem said why); a change starts one
  ended,     // the user's program at the other end closed it (a PairProblem said so): the figures are final
};

class PairControl {
 public:
  virtual ~PairControl() = default;

  // Asks for `next` to run instead of what runs now. A configuration the rules forbid is refused at
  // once (the error says why, and nothing changes); otherwise the running pair is stopped and `next`
  // starts in the background: a SegmentStart comes from poll() once it runs, or a ChangeRefused when
  // it cannot start (and then the previous configuration runs again).
  [[nodiscard]] virtual Result<void> change(const RunConfig& next) = 0;

  // Never blocks: advances set-up, stops and restarts, and appends what happened since the last call.
  virtual void poll(std::int64_t now_ns, std::vector<SessionEvent>& out) = 0;

  // Stops everything at once (quitting): every worker is killed and reaped before it returns.
  virtual void stop() = 0;

  [[nodiscard]] virtual PairPhase phase() const = 0;
  // The configuration running, or starting.
  [[nodiscard]] virtual const RunConfig& config() const = 0;
  // Samples the rings dropped, over every pair so far.
  [[nodiscard]] virtual std::uint64_t dropped_samples() const = 0;
  // With --pairs N, each pair as it runs (the strip under the chart); empty for one pair.
  [[nodiscard]] virtual std::vector<PairFigure> pair_figures() const { return {}; }
  // memcpy of the buffer size, measured before the pair of that size started; none where none was measured.
  [[nodiscard]] virtual std::optional<Ceiling> ceiling() const { return std::nullopt; }
};

}  // namespace pipetop
