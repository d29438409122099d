// pipetop's memory loop as a program, for bench/ceiling: the very function check and run measure with.
//
//   ceiling_loop memcpy|read|write BYTES CPU SECONDS    prints GiB/s (CPU -1: unpinned)

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "pipetop/core/base/size.hpp"
#include "pipetop/system/memory_loop.hpp"

int main(int argc, char** argv) {
  using namespace pipetop;
  if (argc != 5) {
    std::fprintf(stderr, "usage: ceiling_loop memcpy|read|write BYTES CPU SECONDS\n");
    return 2;
  }
  const std::string name = argv[1];
  std::optional<MemoryLoop> loop;
  for (const MemoryLoop l : {MemoryLoop::copy, MemoryLoop::read, MemoryLoop::write}) {
    if (to_string(l) == name) loop = l;
  }
  const Result<std::uint64_t> bytes = parse_size(argv[2]);
  const int cpu = std::atoi(argv[3]);
  const double seconds = std::atof(argv[4]);
  if (!loop || !bytes || seconds <= 0) {
    std::fprintf(stderr, "ceiling_loop: bad arguments (a loop of memcpy, read, write; a size; a CPU; seconds)\n");
    return 2;
  }
  const Result<double> gib = measure_memory_loop(*loop, *bytes, cpu < 0 ? std::nullopt : std::optional(cpu),
                                                 static_cast<std::int64_t>(seconds * 1e9));
  if (!gib) {
    std::fprintf(stderr, "ceiling_loop: %s\n", gib.error().message.c_str());
    return 1;
  }
  std::printf("%.4f\n", *gib);
  return 0;
}
