#pragma once
// Session events as JSON objects, one per line of a recording: {"type": "sample", ...}. Each event type
// has one codec (its type word, how it is written, how it is read back) in session_event_json.cpp, and
// the dispatch over SessionEvent's alternatives is generated from them: an event type added to
// session_event.hpp without a codec does not compile, and with one it is recorded and replayed.

#include <optional>
#include <string_view>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/figures/session_event.hpp"
#include "pipetop/core/report/json_reader.hpp"
#include "pipetop/core/report/json_writer.hpp"

namespace pipetop {

// Writes `event` as one JSON object: "schema_version" and "type" first, then its fields.
void write_event_json(JsonWriter& json, const SessionEvent& event);

// The event an object written by write_event_json describes. nullopt for an object whose "type" is not
// an event type (a recording's header or summary, or an event type of a later version); a usage error
// naming the type and the member when an event's member is missing or of the wrong type.
[[nodiscard]] Result<std::optional<SessionEvent>> read_event_json(const Json& object);

// The "type" word of each event type, in SessionEvent's order ("segment", "sample", ...).
[[nodiscard]] std::vector<std::string_view> event_type_words();

}  // namespace pipetop
