#include "pipetop/core/figures/session_event.hpp"

namespace pipetop {
namespace {

std::int64_t time_of(const WorkerSample& e) {
  return e.sample.t_ns;
}

std::int64_t time_of(const OtherCounts& e) {
  return e.sample.t_ns;
}

std::int64_t time_of(const WorkerTimes& e) {
  return e.times.t_ns;
}

template <class Event>
std::int64_t time_of(const Event& e) {
  return e.t_ns;
}

}  // namespace

std::int64_t event_time_ns(const SessionEvent& event) {
  return std::visit([](const auto& e) { return time_of(e); }, event);
}

}  // namespace pipetop
