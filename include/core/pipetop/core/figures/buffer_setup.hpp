#pragma once
// One worker's buffers, set up and used: how long mapping and pre-faulting them took (--pages,
// --prefault) and the page faults the worker took there, apart from those it took during the transfer,
// both from getrusage(2)'s ru_minflt and ru_majflt across each phase. A prefault method moves faults
// from the transfer to the set-up (or, with none, leaves them all to the transfer).

#include <cstdint>

namespace pipetop {

struct PageFaults {
  std::uint64_t minor = 0;  // served without I/O: a page zeroed or found in memory
  std::uint64_t major = 0;  // read from storage

  friend bool operator==(const PageFaults&, const PageFaults&) = default;
};

struct BufferSetup {
  std::int64_t setup_ns = 0;  // allocating, locking and pre-faulting the buffers
  PageFaults setup;           // faults taken in that set-up
  PageFaults transfer;        // faults taken from the go to the end of the transfer

  friend bool operator==(const BufferSetup&, const BufferSetup&) = default;
};

}  // namespace pipetop
