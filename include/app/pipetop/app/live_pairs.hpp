#pragma once
// The dashboard's PairControl for --pairs N: N LivePairs of one configuration, each on its own CPUs,
// shown as their total (pairs_aggregate.hpp: their samples summed, their /proc readings averaged),
// a segment starts when every pair runs the new configuration, and a pair's problem or refusal is
// said with its number. A configuration one pair cannot start sends them all back to the last one
// that ran, so the pairs never run different configurations for long.
// The pinning key means, for every pair: its own two CPUs (the placement), its writer's CPU for both
// sides, or unpinned.

#include <memory>
#include <optional>
#include <vector>

#include "pipetop/app/live_pair.hpp"
#include "pipetop/core/figures/pairs_aggregate.hpp"

namespace pipetop {

class LivePairs final : public PairControl {
 public:
  // `plans`: one per pair, each with its CPUs; `pinned`: each pair's CPUs when pinned (the
  // placement), empty when they do not all fit pinned on this machine (the pinned modes are then
  // refused). `files` must outlive the pairs.
  LivePairs(std::vector<WorkerPlan> plans, std::vector<CpuPair> pinned, const SystemFiles& files);

  [[nodiscard]] Result<void> change(const RunConfig& next) override;
  void poll(std::int64_t now_ns, std::vector<SessionEvent>& out) override;
  void stop() override;
  [[nodiscard]] PairPhase phase() const override;
  // The first pair's: every pair runs it, each on its own CPUs.
  [[nodiscard]] const RunConfig& config() const override;
  [[nodiscard]] std::uint64_t dropped_samples() const override;
  [[nodiscard]] std::vector<PairFigure> pair_figures() const override;

 private:
  [[nodiscard]] Result<RunConfig> config_of(std::size_t pair, const RunConfig& next) const;
  void take(std::size_t pair, SessionEvent& event, std::vector<SessionEvent>& out);
  void send_back(std::size_t refused);

  std::vector<std::unique_ptr<LivePair>> pairs_;
  std::vector<CpuPair> pinned_;
  CpuPair separate_;                    // the first pair's, as the controller's pinning key sees it
  PairsAggregate aggregate_;            // the segment's: its events replace the pairs' own
  std::optional<RunConfig> last_good_;  // the configuration the pairs last all ran (the first pair's)
};

}  // namespace pipetop
