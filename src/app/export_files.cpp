#include "pipetop/app/export_files.hpp"

#include <algorithm>
#include <array>
#include <cstdio>

#include "pipetop/app/print_error.hpp"
#include "pipetop/core/report/export.hpp"
#include "pipetop/system/machine_probe.hpp"
#include "pipetop/system/machine_reader.hpp"

namespace pipetop {
namespace {

constexpr std::array<const char*, 4> kSuffixes{".cmd", ".csv", ".json", ".svg"};

}  // namespace

Result<void> check_export_prefix(const std::string& prefix, Overwrite overwrite, std::size_t profiled_results) {
  std::vector<std::string> suffixes(kSuffixes.begin(), kSuffixes.end());
  for (std::string& folded : folded_suffixes(profiled_results)) suffixes.push_back(std::move(folded));
  return check_export_files(prefix, overwrite, suffixes);
}

Result<void> check_export_files(const std::string& prefix, Overwrite overwrite,
                                const std::vector<std::string>& suffixes) {
  if (prefix.empty()) return {};
  if (prefix.back() == '/') {
    std::string written;
    for (const std::string& suffix : suffixes) written += (written.empty() ? "" : ", ") + prefix + "run" + suffix;
    return std::unexpected(usage_error("--export " + prefix + ": a prefix names the files, not only their directory",
                                       "add a name: --export " + prefix + "run writes " + written));
  }
  if (std::ranges::any_of(prefix, [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; })) {
    return std::unexpected(usage_error("--export: the prefix holds a control character (a newline?)",
                                       "file names a shell or a script would mangle; choose another prefix"));
  }
  for (const std::string& suffix : suffixes) {
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
                                   const SystemFiles& files, Overwrite overwrite, const std::string& svg) {
  MachineFacts facts = read_machine_facts(files);
  probe_machine(facts);
  const std::array<std::string, 4> texts{export_commands(trials), export_csv(trials),
                                         snapshot_json(facts, trials) + "\n", svg};
  for (std::size_t i = 0; i < kSuffixes.size(); ++i) {
    if (texts[i].empty()) continue;  // no picture
    if (Result<void> written = write_new_file(prefix + kSuffixes[i], texts[i], overwrite); !written) {
      return std::unexpected(written.error());
    }
  }
  const std::vector<ExportFile> folded = export_folded(trials);
  for (const ExportFile& file : folded) {
    if (Result<void> written = write_new_file(prefix + file.suffix, file.text, overwrite); !written) {
      return std::unexpected(written.error());
    }
  }
  const std::string written = prefix + (svg.empty() ? ".{cmd,csv,json}" : ".{cmd,csv,json,svg}");
  if (folded.empty()) return written;
  return written + " and " + std::to_string(folded.size()) + " folded stack files (" + prefix + folded.front().suffix +
         "...)";
}

int export_and_report(const std::string& prefix, const std::vector<Trial>& trials, const SystemFiles& files,
                      Overwrite overwrite, const std::string& svg) {
  const Result<std::string> written = export_results(prefix, trials, files, overwrite, svg);
  if (!written) return print_error(written.error());
  std::fprintf(stderr, "pipetop: exported %s\n", written->c_str());
  return 0;
}

}  // namespace pipetop
