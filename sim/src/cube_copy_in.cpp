// The cube's copies into its buffers: GM -> L1 with ND -> NZ conversion (DataCopy with
// Nd2NzParams) and L1 -> bias table (DataCopy to C2), charged on MTE2 and MTE1.
#include <algorithm>
#include <cstring>

#include "ascendc_sim/cube_runtime.h"
#include "cube_checks.h"
#include "cube_layout.h"
#include "diagnostics.h"
#include "element.h"
#include "global_memory.h"
#include "instruction_record.h"
#include "launch_cost.h"
#include "local_memory.h"

namespace ascendc_sim {
namespace {

// Nd2NzParams ranges (DataCopy GM->L1 ND2NZ documentation, table 4).
constexpr uint32_t kMaxNdNum = 4095;
constexpr uint32_t kMaxNValue = 16384;
constexpr uint32_t kMaxDstStride = 16384;
// DataCopyParams on the L1 -> bias table path: blockLen and dstGap count 64 bytes on A2, srcGap
// 32-byte blocks (DataCopy L1ToBiasTable documentation).
constexpr uint32_t kBiasTableUnit = 64;
constexpr uint32_t kMaxBlockCount = 4095;

void CheckNd2Nz(const Nd2NzShape& s, const Site& site) {
  CheckCubeRange("Nd2NzParams.ndNum", s.ndNum, kMaxNdNum, site);
  CheckCubeRange("Nd2NzParams.nValue", s.nValue, kMaxNValue, site);
  CheckCubeRange("Nd2NzParams.dstNzC0Stride", s.dstNzC0Stride, kMaxDstStride, site);
  CheckCubeRange("Nd2NzParams.dstNzNStride", s.dstNzNStride, kMaxDstStride, site);
  CheckCubeRange("Nd2NzParams.dstNzMatrixStride", s.dstNzMatrixStride, kMaxDstStride, site);
  // A stride of 0 is documented as out of range, but it moves nothing when only one row or one C0
  // block uses it, and answers that pass on a 910B set it so (Catlass's CopyGmToL1 for long rows).
  struct Stride {
    const char* name;
    uint32_t value;
    bool used;
  };
  const Stride strides[] = {
      {"srcDValue", s.srcDValue, s.nValue > 1},
      {"dstNzNStride", s.dstNzNStride, s.nValue > 1},
  };
  for (const Stride& stride : strides) {
    if (stride.used && stride.value == 0) {
      RaiseError("bad-parameter", site, Format("Nd2NzParams.%s is 0; its range starts at 1", stride.name));
    }
  }
}

}  // namespace

namespace rt {

void CopyNd2Nz(const LocalRef& dst, const GlobalRef& src, uint32_t elementBytes, const Nd2NzShape& s, Site site) {
  CheckNd2Nz(s, site);
  const uint64_t rowBytes = uint64_t(s.dValue) * elementBytes;
  const uint64_t blocksPerRow = CeilDiv(rowBytes, kC0Bytes);
  if (blocksPerRow > 1 && s.dstNzC0Stride == 0 && s.ndNum > 0 && s.nValue > 0) {
    RaiseError("bad-parameter", site,
               "Nd2NzParams.dstNzC0Stride is 0 for rows of several C0 blocks; its range starts at 1");
  }
  const Memory memory = MemoryOf(dst.position) == Memory::kUnifiedBuffer ? Memory::kUnifiedBuffer : Memory::kL1;
  if (s.ndNum == 0 || s.nValue == 0 || s.dValue == 0) {
    CheckCubeOperand(dst, memory, "the destination", "A1/B1/C1 or VECIN", 0, site);
    return;  // documented as a NOP
  }
  const uint64_t srcExtent =
      (uint64_t(s.ndNum - 1) * s.srcNdMatrixStride + uint64_t(s.nValue - 1) * s.srcDValue) * elementBytes + rowBytes;
  const uint64_t dstExtent =
      uint64_t(s.ndNum - 1) * s.dstNzMatrixStride * elementBytes +
      (uint64_t(s.nValue - 1) * s.dstNzNStride + (blocksPerRow - 1) * s.dstNzC0Stride + 1) * kC0Bytes;
  CheckCubeOperand(dst, memory, "the destination", "A1/B1/C1 or VECIN", dstExtent, site);
  // The GM source needs only 1-byte alignment (DataCopy GM->L1 ND2NZ documentation).
  CheckGlobalBounds(src, srcExtent, Access::kRead, site);
  CopyEndpoint to, from;
  to.local = dst;
  from.global = true;
  from.gm = src;
  RecordCopy(to, from, uint64_t(s.ndNum) * s.nValue * rowBytes, s.ndNum * s.nValue, srcExtent, dstExtent, site);
  if (CurrentLaunchCost().TimingOnly()) return;
  for (uint32_t nd = 0; nd < s.ndNum; ++nd) {
    for (uint32_t row = 0; row < s.nValue; ++row) {
      const uint8_t* from =
          src.address + (uint64_t(nd) * s.srcNdMatrixStride + uint64_t(row) * s.srcDValue) * elementBytes;
      uint8_t* rowStart =
          dst.address + uint64_t(nd) * s.dstNzMatrixStride * elementBytes + uint64_t(row) * s.dstNzNStride * kC0Bytes;
      for (uint64_t block = 0; block < blocksPerRow; ++block) {
        uint8_t* to = rowStart + block * s.dstNzC0Stride * kC0Bytes;
        const uint64_t bytes = std::min<uint64_t>(kC0Bytes, rowBytes - block * kC0Bytes);
        std::memcpy(to, from + block * kC0Bytes, bytes);
        std::memset(to + bytes, 0, kC0Bytes - bytes);  // a row's tail is padded with zeros to 32 bytes
        MarkWritten(to, kC0Bytes);
      }
    }
  }
}

void CopyToBiasTable(const LocalRef& dst, DType dstType, const LocalRef& src, DType srcType, const CopyShape& shape,
                     Site site) {
  CheckCubeRange("blockCount", shape.blockCount, kMaxBlockCount, site);
  const uint32_t srcBytes = DTypeBytes(srcType), dstBytes = DTypeBytes(dstType);
  // blockLen counts 64 bytes of the source: Catlass's bias copy (CopyL1ToBT, half to float) sets
  // n / 32 for n half values, and passes on a 910B.
  const uint64_t srcBlock = uint64_t(shape.blockLen) * kBiasTableUnit;
  const uint64_t elements = srcBlock / srcBytes;
  const uint64_t dstBlock = elements * dstBytes;
  const uint64_t srcPitch = srcBlock + uint64_t(shape.srcStride) * kC0Bytes;
  const uint64_t dstPitch = dstBlock + uint64_t(shape.dstStride) * kBiasTableUnit;
  const uint64_t count = shape.blockCount == 0 || shape.blockLen == 0 ? 0 : shape.blockCount;
  const uint64_t srcExtent = count == 0 ? 0 : (count - 1) * srcPitch + srcBlock;
  const uint64_t dstExtent = count == 0 ? 0 : (count - 1) * dstPitch + dstBlock;
  CheckCubeOperand(dst, Memory::kBiasTable, "the destination", "C2", dstExtent, site);
  CheckCubeOperand(src, Memory::kL1, "the source", "A1/B1/C1", srcExtent, site);
  if (count == 0) return;  // documented as a NOP
  CopyEndpoint to, from;
  to.local = dst;
  from.local = src;
  RecordCopy(to, from, count * srcBlock, uint32_t(count), srcExtent, dstExtent, site);
  if (CurrentLaunchCost().TimingOnly()) return;
  for (uint64_t block = 0; block < count; ++block) {
    const uint8_t* from = src.address + block * srcPitch;
    uint8_t* to = dst.address + block * dstPitch;
    CheckInitialized(from, srcBlock, site);
    WithType(srcType, [&]<class S>() {
      WithType(dstType, [&]<class D>() {
        for (uint64_t i = 0; i < elements; ++i) Store<D>(to + i * dstBytes, Wide<D>(Load<S>(from + i * srcBytes)));
      });
    });
    MarkWritten(to, dstBlock);
  }
}

}  // namespace rt
}  // namespace ascendc_sim
