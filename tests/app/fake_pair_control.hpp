#pragma once
// Test helper: a PairControl that moves no bytes. Changes are recorded; the test scripts what the pair
// reports (segment starts, samples, refusals, problems) and when, and the phase it is in.

#include <deque>
#include <string>
#include <vector>

#include "pipetop/app/pair_control.hpp"
#include "pipetop/core/config/validate.hpp"

namespace pipetop::testing {

class FakePairControl final : public PairControl {
 public:
  explicit FakePairControl(RunConfig config) : config_(std::move(config)) {}

  [[nodiscard]] Result<void> change(const RunConfig& next) override {
    changes.push_back(next);
    if (refuse_with) return std::unexpected(*refuse_with);
    config_ = next;
    phase_ = PairPhase::starting;
    return {};
  }

  void poll(std::int64_t /*now_ns*/, std::vector<SessionEvent>& out) override {
    ++polls;
    while (!pending.empty()) {
      out.push_back(pending.front());
      pending.pop_front();
    }
  }

  void stop() override {
    stopped = true;
    phase_ = PairPhase::stopped;
  }

  [[nodiscard]] PairPhase phase() const override { return phase_; }
  [[nodiscard]] const RunConfig& config() const override { return config_; }
  [[nodiscard]] std::uint64_t dropped_samples() const override { return drops; }
  [[nodiscard]] std::vector<PairFigure> pair_figures() const override { return figures; }

  // What the next poll() reports, in order.
  void report(SessionEvent event) { pending.push_back(std::move(event)); }
  void set_phase(PairPhase phase) { phase_ = phase; }
  // The pair starts `config` at `t_ns` (a SegmentStart, labelled `label`) and runs.
  void start(std::int64_t t_ns, const RunConfig& config, std::string label) {
    config_ = config;
    report(SegmentStart{t_ns, config, std::move(label), {}, {}, 128 * 1024, {}});
    phase_ = PairPhase::running;
  }
  // Both workers' cumulative samples at `t_ns`: `bytes` moved.
  void sample(std::int64_t t_ns, std::uint64_t bytes) {
    Sample s{};
    s.t_ns = t_ns;
    s.bytes = bytes;
    report(WorkerSample{WorkerRole::writer, s});
    report(WorkerSample{WorkerRole::reader, s});
  }

  std::vector<RunConfig> changes;    // every change() asked, refused or not
  std::optional<Error> refuse_with;  // change() refuses with this (a rule broken)
  std::deque<SessionEvent> pending;
  int polls = 0;
  bool stopped = false;
  std::uint64_t drops = 0;
  std::vector<PairFigure> figures;  // --pairs N: each pair's strip figure; empty for one pair

 private:
  RunConfig config_;
  PairPhase phase_ = PairPhase::starting;
};

}  // namespace pipetop::testing
