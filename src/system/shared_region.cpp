#include "pipetop/system/shared_region.hpp"

#include <sys/mman.h>

#include <cerrno>
#include <new>
#include <utility>

#include "pipetop/core/base/size.hpp"

namespace pipetop {

Result<SharedRegion> SharedRegion::create() {
  void* memory = mmap(nullptr, sizeof(ControlBlock), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED) {
    return std::unexpected(runtime_error("mmap(MAP_SHARED|MAP_ANONYMOUS, " + format_size(sizeof(ControlBlock)) +
                                         "): " + errno_text(errno)));
  }
  // Default-initialised, not value-initialised: the rings' slots stay the untouched zero pages of the
  // fresh mapping, so a session start costs only the pages its samples reach.
  return SharedRegion(new (memory) ControlBlock);
}

SharedRegion::SharedRegion(SharedRegion&& other) noexcept : control_(std::exchange(other.control_, nullptr)) {}

SharedRegion::~SharedRegion() {
  if (control_ == nullptr) return;
  control_->~ControlBlock();
  munmap(control_, sizeof(ControlBlock));
}

}  // namespace pipetop
