#include "pipetop/core/profile/profile_verdicts.hpp"

#include <array>

#include "pipetop/core/base/printf_string.hpp"

namespace pipetop {
namespace {

// A step of the ladder: the rung before it, the rung after it, what changed, and the cost it takes on.
struct Step {
  std::string_view from;
  std::string_view to;
  std::string_view change;  // the subject of the verdict's second half: "the busy loop"
  bool plural;              // "huge pages cut it"
  ProfileCategory cost;
};

constexpr std::array<Step, 4> kSteps{{
    {"write/read", "write/read +busy", "the busy loop", false, ProfileCategory::wait_wake},
    {"write/read", "vmsplice/splice", "vmsplice and splice", true, ProfileCategory::copy},
    {"vmsplice/splice", "vmsplice/splice +huge", "huge pages", true, ProfileCategory::pin_pages},
    {"vmsplice/splice +huge", "vmsplice/splice +huge +busy", "the busy loop", false, ProfileCategory::wait_wake},
}};

// Below this a cost is not worth a verdict.
constexpr double kNotableShare = 0.05;

const RungResult* find_rung(const std::vector<RungResult>& results, std::string_view name) {
  for (const RungResult& r : results) {
    if (r.rung.name == name && !r.trial.error) return &r;
  }
  return nullptr;
}

// The worker's profile when it shows shares with kernel frames.
const ProfileSummary* usable(const WorkerSummary& worker) {
  const std::optional<ProfileSummary>& p = worker.profile;
  if (!p || p->source.mode != ProfileMode::kernel_and_user || p->note()) return nullptr;
  return &*p;
}

struct WorkerShare {
  std::string_view worker;
  double share = 0;
};

// The worker (writer or reader) that spends more of its time in `category`.
std::optional<WorkerShare> largest(const RungResult& rung, ProfileCategory category) {
  std::optional<WorkerShare> best;
  for (const auto& [name, worker] :
       {std::pair{"writer", &rung.trial.summary.writer}, std::pair{"reader", &rung.trial.summary.reader}}) {
    const ProfileSummary* p = usable(*worker);
    if (p == nullptr) continue;
    const double share = p->share(category).value_or(0);
    if (!best || share > best->share) best = WorkerShare{name, share};
  }
  return best;
}

std::optional<double> share_of(const RungResult& rung, std::string_view worker, ProfileCategory category) {
  const ProfileSummary* p = usable(worker == "writer" ? rung.trial.summary.writer : rung.trial.summary.reader);
  if (p == nullptr) return std::nullopt;
  return p->share(category);
}

std::optional<std::string> step_verdict(const std::vector<RungResult>& results, const Step& step) {
  const RungResult* from = find_rung(results, step.from);
  const RungResult* to = find_rung(results, step.to);
  if (from == nullptr || to == nullptr) return std::nullopt;
  const std::optional<WorkerShare> before = largest(*from, step.cost);
  if (!before || before->share < kNotableShare) return std::nullopt;
  const std::optional<double> after = share_of(*to, before->worker, step.cost);
  if (!after) return std::nullopt;
  const std::string_view doing = category_rule(step.cost).doing;
  const std::string verb = *after <= before->share / 3 ? "remove" : *after < before->share * 0.8 ? "cut" : "leave";
  const std::string outcome = verb + (step.plural ? "" : "s") + " it";
  return printf_string("%s: the %s spends %.0f%% %s; %s %s (%.0f%%)", std::string(step.from).c_str(),
                       std::string(before->worker).c_str(), before->share * 100, std::string(doing).c_str(),
                       std::string(step.change).c_str(), outcome.c_str(), *after * 100);
}

// Why the profiles could not back a verdict, from the first rung that says.
std::optional<std::string> why_no_kernel(const std::vector<RungResult>& results) {
  for (const RungResult& r : results) {
    for (const WorkerSummary* worker : {&r.trial.summary.writer, &r.trial.summary.reader}) {
      const std::optional<ProfileSummary>& p = worker->profile;
      if (!p) continue;
      if (p->source.mode == ProfileMode::unavailable) return "profiles unavailable: " + p->source.reason;
      if (p->source.mode == ProfileMode::user_only) return "profiles: " + p->source.reason;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> largest_share_words(const RungResult& rung, ProfileCategory category) {
  const std::optional<WorkerShare> best = largest(rung, category);
  if (!best) return std::nullopt;
  return printf_string("the %s spends %.0f%% %s", std::string(best->worker).c_str(), best->share * 100,
                       std::string(category_rule(category).doing).c_str());
}

std::vector<std::string> profile_verdicts(const std::vector<RungResult>& results) {
  std::vector<std::string> verdicts;
  for (const Step& step : kSteps) {
    if (std::optional<std::string> verdict = step_verdict(results, step)) verdicts.push_back(std::move(*verdict));
  }
  if (verdicts.empty()) {
    if (std::optional<std::string> why = why_no_kernel(results)) verdicts.push_back(std::move(*why));
  }
  return verdicts;
}

}  // namespace pipetop
