// LoadData (L1 -> L0A/L0B, fractal by fractal, optionally transposing each b16 fractal) and
// LoadDataWithTranspose (square blocks transposed and split into fractals), charged on MTE1.
// Semantics from the LoadData (2D) and LoadDataWithTranspose documentation and their reference
// scripts (load2d.py, load_data_with_transpose.py in CANN's load_data_l12l0 sample).
#include <cstring>

#include "ascendc_sim/cube_runtime.h"
#include "cube_checks.h"
#include "cube_layout.h"
#include "diagnostics.h"
#include "element.h"
#include "instruction_record.h"
#include "launch_cost.h"
#include "local_memory.h"

namespace ascendc_sim {
namespace {

// Copies one element's bytes and its initialisation state, so Mmad later knows which of the bytes
// it reads a kernel wrote (a fractal's padding rows may never have been).
struct ElementMover {
  uint8_t* dst;
  uint8_t* dstShadow;
  const uint8_t* src;
  const uint8_t* srcShadow;
  uint32_t bytes;
  void Move(uint64_t dstOffset, uint64_t srcOffset) const {
    std::memcpy(dst + dstOffset, src + srcOffset, bytes);
    std::memcpy(dstShadow + dstOffset, srcShadow + srcOffset, bytes);
  }
};

// A square block: `rows` x `rows` elements when transposed (16 for b16 and b32, 32 for b8); the
// plain and b16 forms move one fractal per repeat.
struct Geometry {
  uint32_t fractals;     // per repeat
  uint64_t squareBytes;  // source bytes per repeat, the unit of startIndex and srcStride
};

Geometry GeometryOf(const LoadShape& s, uint32_t elementBytes) {
  if (!s.withTranspose || elementBytes == 2) return {1, kFractalBytes};
  return {2, 2 * kFractalBytes};  // b8: 32x32 bytes, b32: 16x16 elements, both two fractals
}

// One repeat of LoadDataWithTranspose from the square at `srcSquare` to the fractals at `dstSquare`
// (the second one `fracPitch` bytes after the first).
void TransposeSquare(const ElementMover& mover, uint64_t srcSquare, uint64_t dstSquare, uint64_t fracPitch) {
  const uint32_t bytes = mover.bytes;
  if (bytes == 2) {  // one 16x16 fractal: dst[r][c] = src[c][r]
    for (uint64_t r = 0; r < 16; ++r)
      for (uint64_t c = 0; c < 16; ++c) mover.Move(dstSquare + (r * 16 + c) * 2, srcSquare + (c * 16 + r) * 2);
    return;
  }
  if (bytes == 1) {  // two 16x32 fractals stacked into 32x32; transposed rows 16j.. form fractal j
    for (uint64_t r = 0; r < 32; ++r)
      for (uint64_t c = 0; c < 32; ++c)
        mover.Move(dstSquare + (r / 16) * fracPitch + (r % 16) * 32 + c, srcSquare + c * 32 + r);
    return;
  }
  // b32: two 16x8 fractals side by side make 16x16 S; T = S^T, its columns 8j.. form fractal j.
  for (uint64_t r = 0; r < 16; ++r) {
    for (uint64_t c = 0; c < 16; ++c) {
      const uint64_t srcElement = (r / 8) * 128 + c * 8 + r % 8;  // S[c][r]
      mover.Move(dstSquare + (c / 8) * fracPitch + (r * 8 + c % 8) * 4, srcSquare + srcElement * 4);
    }
  }
}

void TransposeFractal16(const ElementMover& mover, uint64_t srcFractal, uint64_t dstFractal) {
  TransposeSquare(mover, srcFractal, dstFractal, kFractalBytes);
}

}  // namespace

namespace rt {

void LoadFractals(const LocalRef& dst, const LocalRef& src, DType type, const LoadShape& s, Site site) {
  const uint32_t elementBytes = DTypeBytes(type);
  const Memory dstMemory = MemoryOf(dst.position) == Memory::kL0B ? Memory::kL0B : Memory::kL0A;
  if (s.ifTranspose && elementBytes != 2) {
    RaiseError("bad-parameter", site,
               Format("ifTranspose works on b16 (half, bfloat16_t) fractals only, not %s; use LoadDataWithTranspose",
                      DTypeName(type)));
  }
  if (s.addrMode != 0) {
    RaiseError("bad-parameter", site,
               "addrMode 1 (decreasing source addresses) applies to GM -> L1 loads only; L1 -> L0 loads take 0");
  }
  const Geometry geometry = GeometryOf(s, elementBytes);
  const uint64_t repeats = s.repeatTimes;
  const uint64_t fracPitch = (uint64_t(s.dstFracGap) + 1) * kFractalBytes;
  const uint64_t dstPitch = (uint64_t(s.dstGap) + 1) * kFractalBytes;
  const uint64_t srcExtent = repeats == 0 ? 0 : (s.startIndex + (repeats - 1) * s.srcStride + 1) * geometry.squareBytes;
  const uint64_t dstExtent =
      repeats == 0 ? 0 : (repeats - 1) * dstPitch + (geometry.fractals - 1) * fracPitch + kFractalBytes;
  CheckCubeOperand(dst, dstMemory, "the destination", "A2 or B2", dstExtent, site);
  CheckCubeOperand(src, Memory::kL1, "the source", "A1/B1/C1", srcExtent, site);
  if (repeats == 0) return;  // documented as a NOP
  RecordCubeLoad(OnChipAccess(src.address, srcExtent, false), OnChipAccess(dst.address, dstExtent, true),
                 repeats * geometry.fractals * kFractalBytes, site);
  if (CurrentLaunchCost().TimingOnly()) return;
  BlockState& block = CurrentBlock();
  const ElementMover mover{dst.address, block.Shadow(dst.address), src.address, block.Shadow(src.address),
                           elementBytes};
  for (uint64_t i = 0; i < repeats; ++i) {
    const uint64_t srcSquare = (s.startIndex + i * s.srcStride) * geometry.squareBytes;
    const uint64_t dstSquare = i * dstPitch;
    if (s.withTranspose) {
      TransposeSquare(mover, srcSquare, dstSquare, fracPitch);
    } else if (s.ifTranspose) {
      TransposeFractal16(mover, srcSquare, dstSquare);
    } else {
      std::memcpy(dst.address + dstSquare, src.address + srcSquare, kFractalBytes);
      std::memcpy(mover.dstShadow + dstSquare, mover.srcShadow + srcSquare, kFractalBytes);
    }
  }
}

}  // namespace rt
}  // namespace ascendc_sim
