#include "pipetop/app/export_files.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <fstream>

#include "pipetop/app/print_error.hpp"
#include "pipetop/core/export.hpp"
#include "pipetop/system/machine_probe.hpp"
#include "pipetop/system/machine_reader.hpp"

namespace pipetop {
namespace {

Result<void> write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::trunc);
  out << text;
  out.close();
  if (!out) return std::unexpected(runtime_error("write(" + path + "): " + errno_text(errno)));
  return {};
}

}  // namespace

Result<std::string> export_results(const std::string& prefix, const std::vector<Trial>& trials,
                                   const SystemFiles& files) {
  MachineFacts facts = read_machine_facts(files);
  probe_machine(facts);
  for (const auto& [suffix, text] : {std::pair<const char*, std::string>{".cmd", export_commands(trials)},
                                     {".csv", export_csv(trials)},
                                     {".json", snapshot_json(facts, trials) + "\n"}}) {
    if (Result<void> written = write_file(prefix + suffix, text); !written) return std::unexpected(written.error());
  }
  const std::vector<ExportFile> folded = export_folded(trials);
  for (const ExportFile& file : folded) {
    if (Result<void> written = write_file(prefix + file.suffix, file.text); !written) {
      return std::unexpected(written.error());
    }
  }
  if (folded.empty()) return prefix + ".{cmd,csv,json}";
  return prefix + ".{cmd,csv,json} and " + std::to_string(folded.size()) + " folded stack files (" + prefix +
         folded.front().suffix + "...)";
}

int export_and_report(const std::string& prefix, const std::vector<Trial>& trials, const SystemFiles& files) {
  const Result<std::string> written = export_results(prefix, trials, files);
  if (!written) return print_error(written.error());
  std::fprintf(stderr, "pipetop: exported %s\n", written->c_str());
  return 0;
}

}  // namespace pipetop
