#pragma once
#include <cstdint>

// How the elements are spread: `blocks` cores, `perBlock` elements each (the last takes the rest),
// in tiles of `tile` elements.
struct ClipTiling {
  int64_t total;
  int64_t perBlock;
  int64_t tile;
  uint32_t blocks;
};

ClipTiling PlanClip(int64_t total);
void LaunchClip(uint8_t* x, uint8_t* y, const ClipTiling& tiling, float ceiling, void* stream);
