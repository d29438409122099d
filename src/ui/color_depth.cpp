#include "pipetop/ui/color_depth.hpp"

namespace pipetop {

bool no_color_requested(const char* value) {
  return value != nullptr && value[0] != '\0';
}

ColorDepth color_depth(int colors) {
  if (colors >= 256) return ColorDepth::full;
  return colors >= 8 ? ColorDepth::basic : ColorDepth::none;
}

}  // namespace pipetop
