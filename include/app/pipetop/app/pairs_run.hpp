#pragma once
// `pipetop run --pairs N`: N writer/reader pairs at once, each on its own pipe, placed by topology
// (place_pairs_as_asked), driven in one loop and reported together (PairsReport).

#include "pipetop/app/run_command.hpp"
#include "pipetop/app/signals.hpp"
#include "pipetop/system/output_stream.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

// Places `command.pairs` pairs, says on stderr what it does instead when they do not fit as asked
// (fewer pairs pinned, and the command that runs them all unpinned), runs them and reports on `out`;
// returns the exit code as run_headless does for one pair (the first pair's that is not 0). No
// worker outlives this call.
[[nodiscard]] int run_pairs_headless(const RunCommand& command, const SystemFiles& files, const SignalWatch& signals,
                                     OutputStream& out);

}  // namespace pipetop
