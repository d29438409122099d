#pragma once
// `pipetop` with no command: the live dashboard. Every option can be changed with a key while it
// runs; a change restarts the workers with the new configuration (or says why it cannot).

#include <string>

#include "pipetop/app/dashboard_loop.hpp"
#include "pipetop/app/profile_options.hpp"
#include "pipetop/core/config/pipe_ends.hpp"
#include "pipetop/core/config/run_config.hpp"
#include "pipetop/system/system_files.hpp"

namespace pipetop {

struct DashboardCommand {
  RunConfig config;
  ViewOptions view;
  std::string record_path;                            // --record: every event to this file, for `pipetop replay`
  ProfileRequest profile{true, kDashboardProfileHz};  // the profile panel's profiles (--no-profile: off)
  EndsRequest ends;  // --stdin, --stdout, --pass, -- COMMAND (stdin a pipe: it is measured)
  int pairs = 0;     // --pairs: 0 one pair; N pairs at once, placed by topology, shown summed
};

// Runs until q, Ctrl-C, SIGTERM or SIGHUP; restores the terminal and reaps the workers on every way
// out. Returns 0, or 2/3 when the starting configuration is refused, the baseline cannot be read or
// the recording cannot be written (printed after the terminal is restored), 3 when stdout is not a
// terminal. With the user's program at one end (stdin or stdout carry its data, or -- COMMAND) the
// keys come from /dev/tty and the screen is drawn there; without one (setsid, CI) it is a usage error
// (2) pointing to pipetop run. q and Ctrl-C end the command pipetop started, and let go of the pipe.
[[nodiscard]] int run_dashboard(const DashboardCommand& command, const SystemFiles& files);

}  // namespace pipetop
