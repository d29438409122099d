#include "pipetop/core/profile/profile_report.hpp"

#include <algorithm>
#include <vector>

#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/base/printf_string.hpp"
#include "pipetop/core/screen/text_cells.hpp"

namespace pipetop {
namespace {

constexpr int kNameCells = 30;
constexpr int kShareCells = 9;
constexpr std::size_t kTextTopStacks = 3;

std::string percent(std::optional<double> share) {
  return share ? printf_string("%.1f%%", *share * 100) : std::string("—");
}

const ProfileSummary* profile_of(const WorkerSummary& worker) {
  return worker.profile ? &*worker.profile : nullptr;
}

// "cpu-clock at 1000 Hz, kernel and user frames"
std::string source_words(const ProfileSource& source) {
  std::string text = source.event + printf_string(" at %d Hz", source.frequency_hz);
  return text + (source.mode == ProfileMode::kernel_and_user ? ", kernel and user frames" : ", user space only");
}

std::string samples_words(const ProfileSummary& p) {
  return format_count(static_cast<double>(p.samples)) + " samples" +
         (p.lost > 0 ? ", " + format_count(static_cast<double>(p.lost)) + " lost" : "");
}

void write_worker_profile(JsonWriter& json, const ProfileSummary& p) {
  json.begin_object();
  json.key("event").value(p.source.event).key("frequency_hz").value(p.source.frequency_hz);
  json.key("mode").value(to_string(p.source.mode));
  if (!p.source.reason.empty()) json.key("reason").value(p.source.reason);
  json.key("samples").value(p.samples).key("lost").value(p.lost);
  if (const std::optional<std::string> note = p.note()) json.key("note").value(*note);
  json.key("categories").begin_array();
  for (const CategoryShare& c : p.categories) {
    const CategoryRule& rule = category_rule(c.category);
    json.begin_object().key("name").value(rule.key).key("label").value(rule.name);
    json.key("samples").value(c.samples).key("share").value(c.share).end_object();
  }
  json.end_array().key("top").begin_array();
  for (const StackShare& s : p.top) {
    json.begin_object().key("frames").begin_array();
    for (const ProfileFrame& f : s.frames) json.value(f.kernel ? f.name.str() + "_[k]" : f.name.str());
    json.end_array().key("samples").value(s.samples).key("share").value(s.share).end_object();
  }
  json.end_array().end_object();
}

void write_worker_time(JsonWriter& json, const std::optional<TimeShares>& time, const PipeFill* fill) {
  if (!time) {
    json.null();
    return;
  }
  json.begin_object();
  for (const TimeShareField& field : kTimeShareFields) json.key(field.key).value((*time).*field.member);
  json.key("seconds").value(time->seconds);
  json.key("user_kernel_split").value(time->split_by_profile ? "profile" : "ticks");
  json.key("voluntary_switches_per_s").value(time->voluntary_per_s);
  json.key("involuntary_switches_per_s").value(time->involuntary_per_s);
  if (fill != nullptr) {
    json.key("pipe_fill").begin_object();
    json.key("samples").value(fill->samples());
    json.key("full").value(fill->full_share()).key("empty").value(fill->empty_share());
    json.key("mean").value(fill->mean_fill());
    if (const std::optional<std::string> words = bottleneck_words(*fill)) json.key("bottleneck").value(*words);
    json.end_object();
  }
  json.end_object();
}

}  // namespace

std::string profile_line(const ProfileSummary& profile, std::size_t count) {
  if (const std::optional<std::string> note = profile.note()) return *note;
  std::vector<CategoryShare> shown;
  for (const CategoryShare& c : profile.categories) {
    if (c.share >= 0.01) shown.push_back(c);
  }
  std::stable_sort(shown.begin(), shown.end(),
                   [](const CategoryShare& a, const CategoryShare& b) { return a.share > b.share; });
  if (shown.size() > count) shown.resize(count);
  std::string text;
  for (const CategoryShare& c : shown) {
    text += (text.empty() ? "" : " · ") + std::string(category_rule(c.category).short_name) +
            printf_string(" %.0f%%", c.share * 100);
  }
  return text;
}

std::string profile_table(const RunSummary& summary) {
  const ProfileSummary* writer = profile_of(summary.writer);
  const ProfileSummary* reader = profile_of(summary.reader);
  if (writer == nullptr && reader == nullptr) return {};
  const ProfileSummary& any = writer != nullptr ? *writer : *reader;
  std::string text = "  where the time goes (" + source_words(any.source) + ")\n";
  const auto row = [](const std::string& name, const std::string& w, const std::string& r) {
    return "    " + pad_right(name, kNameCells) + pad_left(w, kShareCells) + pad_left(r, kShareCells) + "\n";
  };
  const auto share = [](const ProfileSummary* p, ProfileCategory category) {
    return p == nullptr ? std::optional<double>() : p->share(category);
  };
  text += row("", "writer", "reader");
  for (const CategoryRule& rule : category_rules()) {
    const std::optional<double> w = share(writer, rule.category);
    const std::optional<double> r = share(reader, rule.category);
    if (!w && !r) continue;
    text += row(std::string(rule.name), percent(w), percent(r));
  }
  for (const auto& [name, p] : {std::pair{"writer", writer}, std::pair{"reader", reader}}) {
    if (p == nullptr) continue;
    text += "    " + std::string(name) + ": " + samples_words(*p);
    if (const std::optional<std::string> note = p->note()) text += "; " + *note;
    text += "\n";
    if (p->source.mode == ProfileMode::user_only) text += "      " + p->source.reason + "\n";
    for (std::size_t i = 0; i < p->top.size() && i < kTextTopStacks; ++i) {
      text += "      " + pad_left(percent(p->top[i].share), 6) + "  " + describe_stack(p->top[i].frames) + "\n";
    }
  }
  return text;
}

std::string ladder_profile_table(const std::vector<RungResult>& results) {
  std::string text;
  for (const RungResult& r : results) {
    const WorkerSummary& writer = r.trial.summary.writer;
    const WorkerSummary& reader = r.trial.summary.reader;
    if (r.trial.error || (!writer.profile && !reader.profile)) continue;
    const auto line = [](const WorkerSummary& w) { return w.profile ? profile_line(*w.profile) : std::string("—"); };
    text += "  " + pad_right(r.rung.name, 30) + " writer " + line(writer) + "\n";
    text += "  " + pad_right("", 30) + " reader " + line(reader) + "\n";
  }
  return text;
}

void write_profile_json(JsonWriter& json, const RunSummary& summary) {
  if (!summary.writer.profile && !summary.reader.profile) return;
  json.key("profile").begin_object();
  for (const auto& [name, worker] : {std::pair{"writer", &summary.writer}, std::pair{"reader", &summary.reader}}) {
    json.key(name);
    if (worker->profile) {
      write_worker_profile(json, *worker->profile);
    } else {
      json.null();
    }
  }
  json.end_object();
}

void write_time_json(JsonWriter& json, const RunSummary& summary) {
  json.key("time").begin_object();
  json.key("writer");
  write_worker_time(json, summary.writer.time, nullptr);
  json.key("reader");
  write_worker_time(json, summary.reader.time, &summary.pipe_fill);
  json.end_object();
}

}  // namespace pipetop
