#include "pipetop/core/tune_report.hpp"

#include "pipetop/core/command_line.hpp"
#include "pipetop/core/config_change.hpp"
#include "pipetop/core/interference.hpp"
#include "pipetop/core/json_writer.hpp"
#include "pipetop/core/number_format.hpp"
#include "pipetop/core/printf_string.hpp"
#include "pipetop/core/report.hpp"
#include "pipetop/core/schema_version.hpp"

namespace pipetop {
namespace {

std::string rate(const Trial& t) {
  return t.error ? "failed: " + t.error->message : format_fixed(t.gib_per_s(), 2) + " GiB/s";
}

}  // namespace

std::string tune_text(const TuneResult& r) {
  std::string text = "\n";
  if (!r.best) return text + "  no configuration moved any data: see the trials below\n";
  text += "  winner     " + rate(*r.best) + "   " + describe_config(r.best->outcome.config) + "\n";
  if (r.best->disturbed()) {
    text += "  disturbed  every run was: " +
            interference_words(r.best->summary.cpu_waits(), r.best->outcome.config).value_or("") + "\n";
  }
  if (r.article) text += "  article    " + rate(*r.article) + "   " + describe_config(r.article->outcome.config) + "\n";
  if (const std::optional<double> ratio = r.ratio()) {
    text += printf_string("  ratio      ×%.2f the article's final configuration, measured in this run\n", *ratio);
  }
  text += "  reproduce  " + run_command_line(r.best->outcome.config) + "\n\n  trials\n";
  for (const Trial& t : r.trials) {
    text += printf_string("  %14s   ", t.error ? "failed" : (format_fixed(t.gib_per_s(), 2) + " GiB/s").c_str()) +
            describe_config(t.outcome.config) + (t.error ? "  (" + t.error->message + ")" : "") +
            (t.disturbed() ? "  (disturbed: not ranked)" : "") + "\n";
  }
  return text;
}

std::string tune_json(const TuneResult& r) {
  JsonWriter json;
  json.begin_object().key("schema_version").value(kSchemaVersion).key("type").value("tune");
  json.key("ratio").value(r.ratio());
  json.key("best");
  if (r.best) {
    json.raw(summary_json(r.best->outcome));
  } else {
    json.null();
  }
  json.key("article");
  if (r.article) {
    json.raw(summary_json(r.article->outcome));
  } else {
    json.null();
  }
  json.key("trials").begin_array();
  for (const Trial& t : r.trials) {
    json.begin_object().key("command").value(run_command_line(t.outcome.config));
    json.key("gib_per_s").value(t.gib_per_s());
    json.key("disturbed").value(t.disturbed());
    if (t.error) json.key("error").value(t.error->message);
    json.end_object();
  }
  json.end_array().end_object();
  return json.str();
}

}  // namespace pipetop
