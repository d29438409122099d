#include "pipetop/app/live_session.hpp"

#include <utility>

#include "pipetop/app/session_driver.hpp"
#include "pipetop/system/session_watch.hpp"

namespace pipetop {
namespace {

// What every session of a launcher shares: the machine its watches read, held as long as one lives.
struct Launching {
  WorkerPlan plan;
  const SystemFiles& files;
  const ProfilingPlan* profiling;
  PipeEnds ends;
  ExternalEnd* external;
  pid_t other_pid;
  std::int64_t times_every_ns;
};

class WatchedSession final : public LiveSession {
 public:
  WatchedSession(std::shared_ptr<const Launching> launching, std::unique_ptr<Session> session)
      : launching_(std::move(launching)), session_(std::move(session)) {
    if (launching_->other_pid != 0) session_->name_other_end(launching_->other_pid);
    watch_.emplace(launching_->files, launching_->plan.machine, launching_->times_every_ns, launching_->profiling);
  }

  Session::Phase poll() override { return session_->poll(); }
  Session::Phase phase() const override { return session_->phase(); }
  const RunConfig& config() const override { return session_->config(); }
  std::optional<Error> failure() const override { return session_->failure(); }
  std::uint64_t dropped_samples() const override { return session_->dropped_samples(); }
  void kill_now() noexcept override { session_->kill_now(); }
  void retire() noexcept override {
    session_->request_stop();
    watch_.reset();
  }
  void collect(std::int64_t now_ns, std::vector<SessionEvent>& out) override {
    if (watch_) watch_->collect(*session_, now_ns, out);
  }
  SegmentStart segment_start(std::string label) const override { return segment_start_of(*session_, std::move(label)); }

 private:
  std::shared_ptr<const Launching> launching_;
  std::unique_ptr<Session> session_;
  std::optional<SessionWatch> watch_;
};

}  // namespace

LiveSessionLauncher session_launcher(const WorkerPlan& plan, const SystemFiles& files, const ProfilingPlan* profiling,
                                     const PipeEnds& ends, ExternalEnd* external, pid_t other_pid,
                                     std::int64_t times_every_ns) {
  auto launching =
      std::make_shared<const Launching>(Launching{plan, files, profiling, ends, external, other_pid, times_every_ns});
  return [launching](const RunConfig& config) -> Result<std::unique_ptr<LiveSession>> {
    const WorkerPlan& p = launching->plan;
    Result<std::unique_ptr<Session>> launched =
        Session::launch(config, p.machine, p.counters, launching->ends, launching->external);
    if (!launched) return std::unexpected(launched.error());
    return std::make_unique<WatchedSession>(launching, std::move(*launched));
  };
}

}  // namespace pipetop
