#pragma once
// Recordings: a session written as JSON Lines so that it can be drawn again anywhere. The first line is
// a header — {"schema_version", "type": "recording", "command", "machine" (the dashboard's machine
// line), "facts" (the typed machine facts)} —, then every SessionEvent as it happened, one per line
// (session_event_json.hpp), and last a summary: every configuration with its statistics, fastest first,
// and for `run` its report's summary object. Every line begins with schema_version;
// schemas/recording.schema.json describes them. `pipetop run --format json` output reads back the same
// way: its samples and the configuration its summary names become one segment.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/base/stop_asked.hpp"
#include "pipetop/core/figures/run_outcome.hpp"
#include "pipetop/core/figures/session_event.hpp"
#include "pipetop/core/machine/machine_facts.hpp"
#include "pipetop/core/screen/leaderboard.hpp"

namespace pipetop {

// The header line, newline included; `command` is what recorded it ("dashboard", "run", "tour").
[[nodiscard]] std::string recording_header(const MachineFacts& facts, std::string_view command);

// One event's line, newline included.
[[nodiscard]] std::string recording_event(const SessionEvent& event);

// The summary line, newline included: the rows (leaderboard order) and, for a run, its outcome.
[[nodiscard]] std::string recording_summary(const std::vector<LeaderboardRow>& rows, const RunOutcome* run);

enum class RecordingSource { recording, run_json };

struct Recording {
  RecordingSource source = RecordingSource::recording;
  std::string command;  // what recorded it; "run" for run --format json output
  std::string machine;  // the machine line; "" when the file does not say
  std::vector<SessionEvent> events;
  // From the summary line, when there is one: the headline figure of a run and its configuration (a
  // run --format json --quiet output has only these).
  std::optional<double> summary_gib_per_s;
  std::optional<RunConfig> summary_config;
};

// The latest time an event may carry: 2^62 ns, 146 years of a monotonic clock. Beyond it the history's
// sums of times would overflow, so a recording saying more is refused.
inline constexpr std::int64_t kMaxRecordedNs = std::int64_t{1} << 62;

// Reads a recording or `run --format json` output. A last line cut short (the recorder was killed
// mid-write) is left out. Errors (usage): an empty file, text that is neither, a schema_version newer
// than this pipetop reads, run output without its summary line, an event's time outside 0 to
// kMaxRecordedNs, and any malformed line — each naming the line. `stop`, when given, is asked every
// thousand lines; when it returns true, a runtime error "reading stopped".
[[nodiscard]] Result<Recording> read_recording(std::string_view text, const StopAsked& stop = {});

}  // namespace pipetop
