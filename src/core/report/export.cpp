#include "pipetop/core/report/export.hpp"

#include "pipetop/core/config/command_line.hpp"
#include "pipetop/core/report/machine_facts_json.hpp"
#include "pipetop/core/report/report.hpp"
#include "pipetop/core/report/schema_version.hpp"
#include "pipetop/core/report/seed_benchmark.hpp"

namespace pipetop {

std::string export_commands(const std::vector<Trial>& trials) {
  std::string text =
      "# Each result twice: the pipetop command, then the seed benchmark's own (github.com/bitonic/pipes-speed-test),\n"
      "# run from the directory of its write and read programs, which prints the row of the .csv file.\n";
  for (const Trial& t : trials) {
    if (const std::optional<OtherEnd>& end = t.outcome.other_end) {  // the user's program: no seed form
      text += run_command_line(t.outcome.config(), &*end) + "\n";
      text += "# the seed benchmark has no form with a " + end->words + " at one end: its two programs are its own\n";
      continue;
    }
    text += run_command_line(t.outcome.config()) + "\n";
    text +=
        seed_command_line(t.outcome.config(), t.summary.reader.bytes, t.outcome.segment.huge_pages().verified) + "\n";
  }
  return text;
}

std::string export_csv(const std::vector<Trial>& trials) {
  std::string text = std::string(kSeedCsvHeader) + "\n";
  for (const Trial& t : trials) {
    text += seed_csv_row(t.outcome.config(), t.gib_per_s(), t.summary.reader.bytes,
                         t.outcome.segment.huge_pages().verified) +
            "\n";
  }
  return text;
}

namespace {

// ".writer.folded" for the one result, ".2.writer.folded" for the second of several.
std::string folded_suffix(std::size_t index, std::size_t results, WorkerRole role) {
  const std::string prefix = results == 1 ? "." : "." + std::to_string(index + 1) + ".";
  return prefix + std::string(to_string(role)) + ".folded";
}

}  // namespace

std::vector<ExportFile> export_folded(const std::vector<Trial>& trials) {
  std::vector<ExportFile> files;
  for (std::size_t i = 0; i < trials.size(); ++i) {
    for (const WorkerRole role : {WorkerRole::writer, WorkerRole::reader}) {
      const std::optional<WorkerProfile>& profile = trials[i].outcome.segment.profile(role);
      if (!profile || profile->tally.samples() == 0) continue;
      files.push_back({folded_suffix(i, trials.size(), role), profile->tally.folded()});
    }
  }
  return files;
}

std::vector<std::string> folded_suffixes(std::size_t results) {
  std::vector<std::string> suffixes;
  for (std::size_t i = 0; i < results; ++i) {
    for (const WorkerRole role : {WorkerRole::writer, WorkerRole::reader})
      suffixes.push_back(folded_suffix(i, results, role));
  }
  return suffixes;
}

void write_machine_json(JsonWriter& json, const MachineFacts& facts) {
  json.begin_array();
  for (const Fact& fact : describe_machine(facts)) {
    json.begin_object().key("name").value(fact.name).key("value").value(fact.value);
    json.key("meaning").value(fact.meaning).end_object();
  }
  json.end_array();
}

std::string snapshot_json(const MachineFacts& facts, const std::vector<Trial>& trials) {
  JsonWriter json;
  json.begin_object().key("schema_version").value(kSchemaVersion).key("type").value("export").key("facts");
  write_facts_json(json, facts);
  json.key("machine");
  write_machine_json(json, facts);
  json.key("results").begin_array();
  for (const Trial& trial : trials) {
    json.raw(summary_json(trial.outcome));
  }
  json.end_array().end_object();
  return json.str();
}

}  // namespace pipetop
