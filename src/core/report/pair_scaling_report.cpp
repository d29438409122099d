#include "pipetop/core/report/pair_scaling_report.hpp"

#include "pipetop/core/base/number_format.hpp"
#include "pipetop/core/base/printf_string.hpp"
#include "pipetop/core/screen/text_cells.hpp"

namespace pipetop {
namespace {

std::string row(const std::string& name, const PairsStep& step, std::optional<double> efficiency) {
  std::string per_pair;
  for (const Trial& t : step.trials()) per_pair += (per_pair.empty() ? "" : " ") + format_fixed(t.gib_per_s(), 2);
  std::string placement;
  for (const PlacedPair& p : step.pairs) {
    placement += (placement.empty() ? "" : ", ") + cpus_words(p.cpus);
  }
  const std::string kind = step.pairs.empty() ? "" : to_string(step.pairs.front().kind);
  return "  " + pad_right(name, 12) + pad_left(format_fixed(step.aggregate_gib_per_s(), 2), 10) +
         pad_left(efficiency ? printf_string("%.0f%%", *efficiency * 100) : "—", 12) + "   " + pad_right(per_pair, 24) +
         " cpu " + placement + (step.pairs.size() == 1 ? " (" + kind + ")" : "") + "\n";
}

void write_step(JsonWriter& json, const PairsStep& step, std::optional<double> efficiency) {
  json.begin_object().key("pairs").value(static_cast<std::uint64_t>(step.pairs.size()));
  json.key("aggregate_gib_per_s").value(step.aggregate_gib_per_s()).key("efficiency").value(efficiency);
  json.key("pairs_run").begin_array();
  for (std::size_t i = 0; i < step.pairs.size() && i < step.trials().size(); ++i) {
    const Trial& t = step.trials()[i];
    json.begin_object().key("writer_cpu").value(step.pairs[i].cpus.writer);
    json.key("reader_cpu").value(step.pairs[i].cpus.reader).key("placement").value(to_string(step.pairs[i].kind));
    json.key("gib_per_s").value(t.gib_per_s()).key("disturbed").value(t.disturbed());
    if (t.error) json.key("error").value(t.error->message);
    json.end_object();
  }
  json.end_array().end_object();
}

void write_optional_step(JsonWriter& json, const char* key, const std::optional<PairsStep>& step) {
  json.key(key);
  if (step) {
    write_step(json, *step, std::nullopt);
  } else {
    json.null();
  }
}

}  // namespace

std::string pair_scaling_text(const PairScaling& s) {
  std::string text = printf_string("\nPairs at once (--pairs %d; each pair on its own pipe)\n", s.asked);
  text += "  " + pad_right("pairs", 12) + pad_left("GiB/s", 10) + pad_left("efficiency", 12) + "   " +
          pad_right("each pair's GiB/s", 24) + " placement\n";
  for (const PairsStep& step : s.steps) {
    text += row(std::to_string(step.pairs.size()), step, scaling_efficiency(step, s.steps.front()));
  }
  if (s.same_node && s.cross_node) {
    text += row("same node", *s.same_node, std::nullopt);
    text += row("cross node", *s.cross_node, std::nullopt);
  }
  text += "  efficiency: the aggregate over that many times one pair's figure\n";
  if (!s.placement.note.empty()) text += "  note: " + s.placement.note + "\n";
  return text;
}

void write_pair_scaling_json(JsonWriter& json, const PairScaling& s) {
  json.begin_object().key("asked").value(s.asked);
  json.key("placed").value(static_cast<std::uint64_t>(s.placement.pairs.size()));
  json.key("note").value(s.placement.note);
  json.key("steps").begin_array();
  for (const PairsStep& step : s.steps) write_step(json, step, scaling_efficiency(step, s.steps.front()));
  json.end_array();
  write_optional_step(json, "same_node", s.same_node);
  write_optional_step(json, "cross_node", s.cross_node);
  json.end_object();
}

}  // namespace pipetop
