#include "pipetop/core/config/flag_options.hpp"

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
  base.pages = PageKind::small;  // the page kind and the prefault method beyond the flags, too
  base.prefault = Prefault::touch;
  return base;
}

}  // namespace pipetop
