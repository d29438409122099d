#include "pipetop/core/report/measured_results.hpp"

#include <charconv>
#include <cmath>

#include "pipetop/core/report/json_reader.hpp"
#include "pipetop/core/report/schema_version.hpp"

namespace pipetop {
namespace {

// A number as text: integers without a decimal point, others with up to 12 significant digits.
std::string readable_number(double value) {
  if (value == std::floor(value) && std::abs(value) < 1e15) return std::to_string(static_cast<long long>(value));
  std::array<char, 32> buf{};
  const auto end = std::to_chars(buf.data(), buf.data() + buf.size(), value, std::chars_format::general, 12).ptr;
  return {buf.data(), end};
}

std::string scalar_text(const Json& j) {
  if (j.is_string()) return j.get<std::string>();
  if (j.is_boolean()) return j.get<bool>() ? "true" : "false";
  if (j.is_number()) return readable_number(j.get<double>());
  return "unknown";
}

// Facts that change by the second (measured bandwidth among them), or are prose rather than settings, are not
// compared.
bool compared(const std::string& path) {
  for (const std::string_view prefix : {"pressure", "topology", "bandwidth"}) {
    if (path.starts_with(prefix)) return false;
  }
  for (const std::string_view suffix : {".reason", ".free_pages"}) {
    if (path.ends_with(suffix)) return false;
  }
  return true;
}

// An element of an array of objects is named by its "name" (counters, PMUs), or its page size (hugetlb
// pools), or else its index.
std::string element_name(const Json& element, std::size_t index) {
  for (const char* key : {"name", "page_size_bytes"}) {
    if (element.contains(key) && !element.at(key).is_object()) return scalar_text(element.at(key));
  }
  return std::to_string(index);
}

void flatten(const Json& j, const std::string& path, std::map<std::string, std::string>& out) {
  const auto child = [&path](const std::string& key) { return path.empty() ? key : path + "." + key; };
  if (j.is_object()) {
    for (const auto& [key, value] : j.items()) flatten(value, child(key), out);
  } else if (j.is_array() && !j.empty() && j.front().is_object()) {
    for (std::size_t i = 0; i < j.size(); ++i) flatten(j[i], child(element_name(j[i], i)), out);
  } else if (j.is_array()) {
    std::string text;
    for (const Json& item : j) text += (text.empty() ? "" : ",") + scalar_text(item);
    if (compared(path)) out[path] = text;
  } else if (compared(path)) {
    out[path] = scalar_text(j);
  }
}

Error not_readable(const std::string& what) {
  return usage_error(what, "give it the JSON that `pipetop check --json` or `pipetop run --format json` wrote");
}

Result<Json> parse(std::string_view text) {
  Result<Json> doc = parse_json(text);
  if (!doc) return std::unexpected(not_readable(doc.error().message));
  return doc;
}

std::optional<double> number_at(const Json& j, const char* key) {
  if (!j.is_object() || !j.contains(key) || !j.at(key).is_number()) return std::nullopt;
  return j.at(key).get<double>();
}

std::string string_at(const Json& j, const char* key) {
  return j.is_object() && j.contains(key) && j.at(key).is_string() ? j.at(key).get<std::string>() : "";
}

std::vector<double> numbers_at(const Json& j, const char* key) {
  std::vector<double> values;
  if (!j.is_object() || !j.contains(key) || !j.at(key).is_array()) return values;
  for (const Json& v : j.at(key)) {
    if (v.is_number()) values.push_back(v.get<double>());
  }
  return values;
}

// The document's type, once its schema_version is one this pipetop reads.
Result<std::string> document_type(const Json& doc) {
  if (!doc.is_object()) return std::unexpected(not_readable("not a pipetop document (not a JSON object)"));
  if (const std::optional<double> version = number_at(doc, "schema_version"); version && *version > kSchemaVersion) {
    return std::unexpected(
        usage_error("written by a newer pipetop (schema_version " + readable_number(*version) +
                        "; this one reads up to " + std::to_string(kSchemaVersion) + ")",
                    "compare with the pipetop that wrote it, or write the baseline again with this one"));
  }
  return string_at(doc, "type");
}

Result<Json> document_of_type(std::string_view text, const std::string& wanted) {
  Result<Json> doc = parse(text);
  if (!doc) return doc;
  const Result<std::string> type = document_type(*doc);
  if (!type) return std::unexpected(type.error());
  if (*type != wanted) {
    return std::unexpected(
        not_readable("a " + (type->empty() ? std::string("document without a type") : "`" + *type + "` document") +
                     ", not `" + wanted + "`"));
  }
  return doc;
}

Measurement rung_measurement(const Json& rung) {
  Measurement m;
  m.name = string_at(rung, "rung");
  m.error = string_at(rung, "error");
  m.gib_per_s = m.error.empty() ? number_at(rung, "gib_per_s") : std::nullopt;
  m.runs_gib_per_s = numbers_at(rung, "gib_per_s_runs");
  if (m.runs_gib_per_s.empty() && m.gib_per_s) m.runs_gib_per_s.push_back(*m.gib_per_s);
  m.disturbed = rung.contains("disturbed") && rung.at("disturbed").is_boolean() && rung.at("disturbed").get<bool>();
  m.command = string_at(rung, "command");
  return m;
}

Measurement run_measurement(const Json& summary) {
  Measurement m;
  m.name = "run";
  m.error = string_at(summary, "failure");
  if (m.error.empty() && number_at(summary, "bytes").value_or(0) <= 0) m.error = "no data moved through the pipe";
  m.gib_per_s = m.error.empty() ? number_at(summary, "gib_per_s") : std::nullopt;
  m.runs_gib_per_s = numbers_at(summary, "gib_per_s_windows");
  if (m.runs_gib_per_s.empty() && m.gib_per_s) m.runs_gib_per_s.push_back(*m.gib_per_s);
  m.disturbed =
      summary.contains("disturbed") && summary.at("disturbed").is_boolean() && summary.at("disturbed").get<bool>();
  m.command = string_at(summary, "command");
  return m;
}

MeasuredResults run_results(const Json& summary, const Json* facts) {
  MeasuredResults results;
  results.type = "run";
  results.measurements.push_back(run_measurement(summary));
  if (facts != nullptr) flatten(*facts, "", results.facts);
  if (summary.contains("config")) flatten(summary.at("config"), "config", results.settings);
  return results;
}

// One result of a `run --export` .json, as a run.
Result<MeasuredResults> exported_run(const Json& doc) {
  if (!doc.contains("results") || !doc.at("results").is_array() || doc.at("results").size() != 1) {
    return std::unexpected(not_readable("an export with " +
                                        std::to_string(doc.contains("results") ? doc.at("results").size() : 0) +
                                        " results; a run's baseline holds exactly one"));
  }
  return run_results(doc.at("results").front(), doc.contains("facts") ? &doc.at("facts") : nullptr);
}

}  // namespace

Result<MeasuredResults> read_check_results(std::string_view text) {
  try {
    const Result<Json> doc = document_of_type(text, "check");
    if (!doc) return std::unexpected(doc.error());
    MeasuredResults results;
    results.type = "check";
    if (doc->contains("ladder") && doc->at("ladder").is_array()) {
      for (const Json& rung : doc->at("ladder")) results.measurements.push_back(rung_measurement(rung));
    }
    if (doc->contains("facts")) flatten(doc->at("facts"), "", results.facts);
    for (const char* key : {"rung_seconds", "repeat"}) {
      if (doc->contains(key)) flatten(doc->at(key), key, results.settings);
    }
    if (doc->contains("pinning")) flatten(doc->at("pinning"), "pinning", results.settings);
    return results;
  } catch (const Json::exception& e) {
    return std::unexpected(not_readable(std::string("not a check document: ") + e.what()));
  }
}

std::map<std::string, std::string> run_config_settings(std::string_view config_json) {
  std::map<std::string, std::string> settings;
  const Json config = Json::parse(config_json, nullptr, false);
  if (config.is_object()) flatten(config, "config", settings);
  return settings;
}

Result<MeasuredResults> read_run_results(std::string_view text) {
  std::size_t number = 0;  // of the line read, from 1
  const auto at_line = [&number](const Error& e) {
    return usage_error("line " + std::to_string(number) + ": " + e.message, e.hint);
  };
  try {
    std::optional<Json> summary;
    std::optional<Json> facts;
    for (std::size_t start = 0; start < text.size();) {
      const std::size_t end = std::min(text.find('\n', start), text.size());
      const std::string_view line = text.substr(start, end - start);
      start = end + 1;
      ++number;
      if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
      Result<Json> doc = parse(line);
      if (!doc) return std::unexpected(at_line(doc.error()));
      const Result<std::string> type = document_type(*doc);
      if (!type) return std::unexpected(at_line(type.error()));
      if (*type == "export") return exported_run(*doc);
      if (*type == "summary") summary = std::move(*doc);
      if (*type == "machine" && doc->contains("facts")) facts = doc->at("facts");
      if (*type != "summary" && *type != "machine" && *type != "sample" && *type != "progress" &&
          *type != "comparison") {
        return std::unexpected(at_line(not_readable("a `" + *type + "` document, not a run's output")));
      }
    }
    if (!summary)
      return std::unexpected(not_readable("no summary line: not the output of `pipetop run --format json`"));
    return run_results(*summary, facts ? &*facts : nullptr);
  } catch (const Json::exception& e) {
    return std::unexpected(at_line(not_readable(std::string("not a run's output: ") + e.what())));
  }
}

}  // namespace pipetop
