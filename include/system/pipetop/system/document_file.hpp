#pragma once
// The files a user names for pipetop to read — recordings, --baseline, --compare, tour --tuned: a
// regular file or a pipe (`<(pipetop run --format json)`), read whole but never more than
// kMaxDocumentFileBytes, never blocking in open (a FIFO no one writes to is refused at once, as empty),
// and never deaf: the reading asks `stop` between chunks and while a pipe is quiet.

#include <cstdint>
#include <string>

#include "pipetop/core/base/error.hpp"
#include "pipetop/core/base/size.hpp"
#include "pipetop/core/base/stop_asked.hpp"

namespace pipetop {

// About two hours of a dashboard's recording; a larger regular file is refused before it is read.
inline constexpr std::uint64_t kMaxDocumentFileBytes = 512 * kMiB;

// The content of `path`. Every failure is a usage error naming the file (ExitCode::usage): it cannot be
// opened (errno in words), it is a directory, a device or anything but a regular file or a pipe, it
// is larger than `max_bytes`, or it cannot be read. When `stop` returns true the reading ends with a
// runtime error "reading PATH stopped"; the caller knows why it asked.
[[nodiscard]] Result<std::string> read_document_file(const std::string& path, const StopAsked& stop,
                                                     std::uint64_t max_bytes = kMaxDocumentFileBytes);

}  // namespace pipetop
