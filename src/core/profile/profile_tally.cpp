#include "pipetop/core/profile/profile_tally.hpp"

#include <algorithm>
#include <utility>

namespace pipetop {
namespace {

double share_of(std::uint64_t part, std::uint64_t whole) {
  return whole == 0 ? 0.0 : static_cast<double>(part) / static_cast<double>(whole);
}

// The kTopStackFrames frames a top stack shows, from first_shown_frame.
std::vector<ProfileFrame> top_frames(const ProfileSample& sample) {
  const auto first = sample.frames.begin() + static_cast<std::ptrdiff_t>(first_shown_frame(sample));
  const auto count =
      std::min<std::ptrdiff_t>(sample.frames.end() - first, static_cast<std::ptrdiff_t>(kTopStackFrames));
  return {first, first + count};
}

std::string folded_frame(const ProfileFrame& frame) {
  std::string name = frame.name.str();
  std::replace(name.begin(), name.end(), ';', ':');
  return frame.kernel ? name + "_[k]" : name;
}

}  // namespace

std::size_t ProfileTally::FramesHash::operator()(const std::vector<ProfileFrame>& frames) const {
  std::size_t h = frames.size();
  for (const ProfileFrame& frame : frames) {
    h ^= frame.name.hash() + static_cast<std::size_t>(frame.kernel) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  }
  return h;
}

void ProfileTally::add(const ProfileSample& sample) {
  auto found = stacks_.find(sample.frames);
  if (found == stacks_.end()) {
    std::vector<ProfileFrame> top = top_frames(sample);
    const auto [index, added] = top_index_.try_emplace(top, tops_.size());
    if (added) tops_.push_back({std::move(top), 0});
    found = stacks_.emplace(sample.frames, Stack{0, classify(sample), index->second}).first;
  }
  ++found->second.samples;
  ++tops_[found->second.top].samples;
  ++by_category_[static_cast<std::size_t>(found->second.category)];
  ++samples_;
}

void ProfileTally::add_lost(std::uint64_t samples) {
  lost_ += samples;
}

std::vector<CategoryShare> ProfileTally::categories() const {
  std::vector<CategoryShare> shares;
  for (const CategoryRule& rule : category_rules()) {
    const std::uint64_t n = by_category_[static_cast<std::size_t>(rule.category)];
    shares.push_back({rule.category, n, share_of(n, samples_)});
  }
  return shares;
}

std::vector<StackShare> ProfileTally::top_stacks(std::size_t count) const {
  std::vector<const Top*> order;
  order.reserve(tops_.size());
  for (const Top& top : tops_) order.push_back(&top);
  const auto first = [](const Top* a, const Top* b) {
    return a->samples != b->samples ? a->samples > b->samples : a->frames < b->frames;
  };
  const auto end = order.begin() + static_cast<std::ptrdiff_t>(std::min(count, order.size()));
  std::partial_sort(order.begin(), end, order.end(), first);
  std::vector<StackShare> top;
  for (auto it = order.begin(); it != end; ++it)
    top.push_back({(*it)->frames, (*it)->samples, share_of((*it)->samples, samples_)});
  return top;
}

std::string ProfileTally::folded() const {
  std::vector<std::pair<std::string, std::uint64_t>> lines;
  for (const auto& [frames, stack] : stacks_) {
    std::string path;
    for (auto frame = frames.rbegin(); frame != frames.rend(); ++frame) {
      if (!path.empty()) path += ';';
      path += folded_frame(*frame);
    }
    lines.emplace_back(std::move(path), stack.samples);
  }
  std::sort(lines.begin(), lines.end());
  std::string text;
  for (const auto& [path, samples] : lines) text += path + ' ' + std::to_string(samples) + '\n';
  return text;
}

std::string describe_stack(const std::vector<ProfileFrame>& frames) {
  std::string text;
  for (const ProfileFrame& frame : frames) {
    if (!text.empty()) text += " ← ";
    text += frame.name;
  }
  return text;
}

}  // namespace pipetop
