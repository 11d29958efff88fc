// Standard-struct tiling of the ScaleCustom test op, shared by op_host and kernel.
#pragma once
#include <cstdint>

struct ScaleCustomTilingData {
  uint32_t totalLength;
  float alpha;
  int32_t bias;
};
