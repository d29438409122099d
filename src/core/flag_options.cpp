#include "pipetop/core/flag_options.hpp"

namespace pipetop {

const FlagOption& flag_option(bool RunConfig::*member) {
  for (const FlagOption& flag : kFlagOptions) {
    if (flag.member == member) return flag;
  }
  return kFlagOptions[0];  // unreachable: the table test checks every flag has a row
}

RunConfig without_transfer_flags(RunConfig base) {
  for (const FlagOption& flag : kFlagOptions) {
    if (flag.kind == FlagKind::transfer) base.*flag.member = false;
  }
  base.pipe_bytes.reset();
  return base;
}

}  // namespace pipetop
