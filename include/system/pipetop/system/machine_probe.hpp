#pragma once
// What only trying can tell about a machine, added to what its files say (machine_reader.hpp): which
// counters open, whether vmsplice and splice work, systemd-detect-virt's answer.

#include "pipetop/core/machine/machine_facts.hpp"

namespace pipetop {

// Opens the default counters on this process (explained with `facts`' perf context), moves a page
// through a real pipe with vmsplice and splice, and asks systemd-detect-virt when it is installed.
// Never fails: each probe's outcome is a fact.
void probe_machine(MachineFacts& facts);

}  // namespace pipetop
