#pragma once
// Long work a user may want to stop — a large file loading, a set-up of many workers — asks now and
// then whether to go on: true stops it (a signal arrived, `q` was pressed).

#include <functional>

namespace pipetop {

using StopAsked = std::function<bool()>;

}  // namespace pipetop
