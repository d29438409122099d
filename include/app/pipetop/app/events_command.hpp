#pragma once
// `pipetop events`: what can be counted here. Every event is found usable or not by actually opening
// it on this process, and an unusable one says why.

#include <string>

#include "pipetop/core/report/report.hpp"
#include "pipetop/system/output_stream.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

struct EventsCommand {
  bool all = false;    // every event of the detected PMUs, not only the default set
  std::string filter;  // case-insensitive substring of the name
  bool user_only = false;
  OutputFormat format = OutputFormat::text;  // text or json
};

// Writes the table (or a JSON document) on `out`; returns the exit code (0; 3 when libpfm4 cannot
// initialise).
[[nodiscard]] int list_events(const EventsCommand& command, const SystemFiles& files, OutputStream& out);

}  // namespace pipetop
