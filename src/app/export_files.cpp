#include "pipetop/app/export_files.hpp"

#include <array>
#include <cstdio>

#include "pipetop/app/print_error.hpp"
#include "pipetop/core/export.hpp"
#include "pipetop/system/machine_probe.hpp"
#include "pipetop/system/machine_reader.hpp"

namespace pipetop {
namespace {

constexpr std::array<const char*, 3> kSuffixes{".cmd", ".csv", ".json"};

}  // namespace

Result<void> check_export_prefix(const std::string& prefix, Overwrite overwrite) {
  if (prefix.empty()) return {};
  for (const char* suffix : kSuffixes) {
    const std::string path = prefix + suffix;
    Result<AtPath> at = check_creatable(path);
    if (!at) {
      at.error().message = "--export: " + at.error().message;
      return std::unexpected(at.error());
    }
    if (*at == AtPath::directory) return std::unexpected(usage_error("--export: " + path + " is a directory"));
    if (*at == AtPath::file && overwrite == Overwrite::refuse) {
      return std::unexpected(usage_error("--export: " + path + " exists",
                                         "--force replaces it (a link is replaced, not followed); or choose another "
                                         "prefix"));
    }
  }
  return {};
}

Result<std::string> export_results(const std::string& prefix, const std::vector<Trial>& trials,
                                   const SystemFiles& files, Overwrite overwrite) {
  MachineFacts facts = read_machine_facts(files);
  probe_machine(facts);
  const std::array<std::string, 3> texts{export_commands(trials), export_csv(trials),
                                         snapshot_json(facts, trials) + "\n"};
  for (std::size_t i = 0; i < kSuffixes.size(); ++i) {
    if (Result<void> written = write_new_file(prefix + kSuffixes[i], texts[i], overwrite); !written) {
      return std::unexpected(written.error());
    }
  }
  return prefix + ".{cmd,csv,json}";
}

int export_and_report(const std::string& prefix, const std::vector<Trial>& trials, const SystemFiles& files,
                      Overwrite overwrite) {
  const Result<std::string> written = export_results(prefix, trials, files, overwrite);
  if (!written) return print_error(written.error());
  std::fprintf(stderr, "pipetop: exported %s\n", written->c_str());
  return 0;
}

}  // namespace pipetop
