#pragma once
// Test helper: a TrialRunner that moves no bytes. Each configuration's GiB/s comes from a script, a
// fake clock advances by each trial's duration plus a fixed overhead (forking, pre-faulting), every
// call is recorded, and chosen configurations fail the way a refused or broken run does (Trial.error).

#include <cmath>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "pipetop/core/base/size.hpp"
#include "pipetop/core/experiment/trial.hpp"

namespace pipetop::testing {

// GiB/s in the spirit of the article (write/read 3.5, vmsplice 6.3, splice 12.7, huge 32.8, busy
// 62.5 at 256 KiB), slower away from 256 KiB, slower unpinned or on one core.
inline double article_like_gib_per_s(const RunConfig& c) {
  double rate = 3.5;
  if (c.writer == WriterKind::vmsplice) rate = 6.3;
  if (c.writer == WriterKind::vmsplice && c.reader == ReaderKind::splice) rate = 12.7;
  if (c.huge_pages && c.writer == WriterKind::vmsplice) rate *= 32.8 / 12.7;
  if (c.busy_loop) rate *= c.writer == WriterKind::vmsplice && c.reader == ReaderKind::splice ? 62.5 / 32.8 : 1.1;
  const double octaves = std::abs(std::log2(static_cast<double>(c.buffer_bytes) / static_cast<double>(256 * kKiB)));
  rate /= 1.0 + 0.1 * octaves;
  if (c.writer_cpu && c.reader_cpu && *c.writer_cpu == *c.reader_cpu) rate *= 0.4;
  if (c.writer_cpu == kUnpinned) rate *= 0.8;
  return rate;
}

class FakeTrialRunner final : public TrialRunner {
 public:
  struct Call {
    RunConfig config;
    std::int64_t duration_ns = 0;
    std::int64_t started_ns = 0;
  };

  // GiB/s of `config` run for `duration_ns`; nullopt makes the trial fail with `failure`.
  using Script = std::function<std::optional<double>(const RunConfig& config, std::int64_t duration_ns)>;

  FakeTrialRunner() = default;
  explicit FakeTrialRunner(Script script) : script_(std::move(script)) {}

  // Fixed cost of every trial on top of its duration (the fake clock's).
  FakeTrialRunner& overhead(std::int64_t ns) {
    overhead_ns_ = ns;
    return *this;
  }
  // Configurations for which `fails` is true come back with error `message`.
  FakeTrialRunner& fail_when(std::function<bool(const RunConfig&)> fails,
                             std::string message = "worker failed: EINVAL") {
    fails_ = std::move(fails);
    failure_ = std::move(message);
    return *this;
  }
  // Whether runs asking for huge pages get them verified.
  FakeTrialRunner& huge_pages_verified(bool verified, std::string detail) {
    huge_verified_ = verified;
    huge_detail_ = std::move(detail);
    return *this;
  }
  // Trials for which `disturbs` is true (given the configuration and how many calls came before) come
  // back with the writer having waited `wait` of the time for its CPU.
  FakeTrialRunner& disturb_when(std::function<bool(const RunConfig&, std::size_t call)> disturbs, double wait = 0.4) {
    disturbs_ = std::move(disturbs);
    wait_ = wait;
    return *this;
  }
  // Writer counters present (cycles/KiB, dTLB misses/MiB, faults/GiB, context switches/GiB) or absent.
  FakeTrialRunner& with_counters(bool on) {
    counters_ = on;
    return *this;
  }

  [[nodiscard]] Trial run(const RunConfig& config, std::int64_t duration_ns) override {
    calls.push_back({config, duration_ns, clock_ns_});
    clock_ns_ += duration_ns + overhead_ns_;
    Trial trial;
    SegmentStart start;
    start.config = config;
    start.huge_pages.requested = config.huge_pages;
    if (config.huge_pages) {
      start.huge_pages.verified = huge_verified_;
      start.huge_pages.detail = huge_detail_;
    }
    trial.outcome.segment = SegmentAggregate(start);
    const std::optional<double> rate = fails_ && fails_(config) ? std::nullopt : script_(config, duration_ns);
    if (!rate) {
      trial.outcome.end = EndReason::worker_failed;
      trial.outcome.failure = failure_;
      trial.error = runtime_error(failure_);
      return trial;
    }
    const double seconds = static_cast<double>(duration_ns) / 1e9;
    const auto bytes = static_cast<std::uint64_t>(*rate * seconds * static_cast<double>(kGiB));
    trial.summary.throughput.gib_per_s = *rate;
    trial.summary.throughput.gib_per_s_median = *rate;
    trial.summary.throughput.bytes = bytes;
    trial.summary.throughput.elapsed_s = seconds;
    trial.summary.writer.bytes = bytes;
    trial.summary.reader.bytes = bytes;
    trial.summary.writer.cpu_wait_fraction = disturbs_ && disturbs_(config, calls.size() - 1) ? wait_ : 0.0;
    trial.summary.reader.cpu_wait_fraction = 0.0;
    if (counters_) {
      DerivedFigures& d = trial.summary.writer.derived;
      d.cycles_per_kib = 4096.0 / *rate;
      d.dtlb_misses_per_mib = config.huge_pages ? 0.5 : 256.0;
      d.page_faults_per_gib = 0.0;
      d.context_switches_per_gib = config.busy_loop ? 0.0 : 2048.0 / *rate;
    }
    return trial;
  }

  [[nodiscard]] std::int64_t now_ns() override { return clock_ns_; }

  // Moves the fake clock on by `ns`: time spent outside this runner (another arm's slice).
  void advance(std::int64_t ns) { clock_ns_ += ns; }

  // Fake time spent since construction.
  [[nodiscard]] std::int64_t elapsed_ns() const { return clock_ns_ - kStartNs; }

  std::vector<Call> calls;

 private:
  static constexpr std::int64_t kStartNs = 1'000'000'000'000;  // an arbitrary monotonic instant
  Script script_ = [](const RunConfig& c, std::int64_t) -> std::optional<double> { return article_like_gib_per_s(c); };
  std::function<bool(const RunConfig&)> fails_;
  std::string failure_;
  std::int64_t overhead_ns_ = 0;
  std::int64_t clock_ns_ = kStartNs;
  bool huge_verified_ = true;
  std::string huge_detail_ = "2 of 2 buffers in huge pages";
  bool counters_ = false;
  std::function<bool(const RunConfig&, std::size_t)> disturbs_;
  double wait_ = 0.4;
};

}  // namespace pipetop::testing
