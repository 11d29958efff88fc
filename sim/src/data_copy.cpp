// DataCopy and DataCopyPad: the A2 data movers' block semantics, truncation and padding.
#include <cstring>

#include "diagnostics.h"
#include "element.h"
#include "global_memory.h"
#include "instruction_record.h"
#include "launch_cost.h"
#include "launch_state.h"
#include "local_memory.h"

namespace ascendc_sim {
namespace {

constexpr uint32_t kBlockBytes = 32;
constexpr uint32_t kMaxBlockCount = 4095;

uint32_t RoundUpToBlock(uint64_t bytes) { return uint32_t((bytes + kBlockBytes - 1) / kBlockBytes * kBlockBytes); }

// Byte addresses of each block on both sides, in the units each copy kind uses.
struct BlockLayout {
  uint64_t srcPitch;  // from the start of one block to the next
  uint64_t dstPitch;
  uint64_t readBytes;   // bytes read per block
  uint64_t writeBytes;  // bytes written per block (UB side is padded to whole blocks)
};

BlockLayout Layout(const CopyEndpoint& dst, const CopyEndpoint& src, CopyKind kind, const CopyShape& shape,
                   const CopyPadding& padding, uint32_t elementBytes) {
  if (kind == CopyKind::kBlocks) {
    const uint64_t bytes = uint64_t(shape.blockLen) * kBlockBytes;
    return {bytes + uint64_t(shape.srcStride) * kBlockBytes, bytes + uint64_t(shape.dstStride) * kBlockBytes, bytes, bytes};
  }
  if (kind == CopyKind::kCount) return {0, 0, shape.blockLen, shape.blockLen};
  // DataCopyPad: the GM side is in bytes, the UB side in whole 32-byte blocks.
  const uint64_t padded = uint64_t(padding.left + padding.right) * elementBytes + shape.blockLen;
  const uint64_t srcPitch = src.global ? shape.blockLen + uint64_t(shape.srcStride)
                                       : RoundUpToBlock(shape.blockLen) + uint64_t(shape.srcStride) * kBlockBytes;
  const uint64_t dstPitch = dst.global ? shape.blockLen + uint64_t(shape.dstStride)
                                       : RoundUpToBlock(padded) + uint64_t(shape.dstStride) * kBlockBytes;
  return {srcPitch, dstPitch, shape.blockLen, dst.global ? shape.blockLen : RoundUpToBlock(padded)};
}

void CheckSide(const CopyEndpoint& side, uint64_t offset, uint64_t bytes, bool write, uint32_t elementBytes,
               bool alignedGm, const Site& site) {
  if (side.global) {
    GlobalRef ref = side.gm;
    ref.address += offset;
    if (alignedGm && offset == 0 && reinterpret_cast<uintptr_t>(ref.address) % elementBytes != 0) {
      RaiseError("misaligned-address", site,
                 Format("global address %p is not aligned to the %u-byte element size", static_cast<void*>(ref.address),
                        elementBytes));
    }
    CheckGlobalBounds(ref, bytes, write ? Access::kWrite : Access::kRead, site);
    return;
  }
  CheckTensor(side.local, side.local.address + offset, bytes, offset == 0, site);
}

void FillBytes(uint8_t* destination, uint64_t bytes, uint64_t valueBits, uint32_t elementBytes) {
  for (uint64_t i = 0; i + elementBytes <= bytes; i += elementBytes) std::memcpy(destination + i, &valueBits, elementBytes);
}

}  // namespace

void WriteGlobal(uint8_t* to, const uint8_t* from, uint64_t bytes) {
  const BlockState& block = CurrentBlock();
  if (block.atomicOp == rt::AtomicOp::kNone) {
    std::memmove(to, from, bytes);
    return;
  }
  WithType(block.atomicType, [&]<class T>() {
    for (uint64_t i = 0; i + sizeof(T) <= bytes; i += sizeof(T)) {
      const Wide<T> old = Load<T>(to + i);
      const Wide<T> add = Load<T>(from + i);
      switch (block.atomicOp) {
        case rt::AtomicOp::kAdd: Store<T>(to + i, old + add); break;
        case rt::AtomicOp::kMax: Store<T>(to + i, add > old ? add : old); break;
        case rt::AtomicOp::kMin: Store<T>(to + i, add < old ? add : old); break;
        case rt::AtomicOp::kNone: break;
      }
    }
  });
}

namespace rt {

void SetAtomic(AtomicOp op, DType type) {
  CurrentBlock().atomicOp = op;
  CurrentBlock().atomicType = type;
}

void SetAtomicType(DType type) { CurrentBlock().atomicType = type; }

void SetPadValue(uint64_t valueBits, uint32_t) {
  CurrentBlock().padValueBits = valueBits;
  CurrentBlock().padValueSet = true;
}

void DataCopy(const CopyEndpoint& dst, const CopyEndpoint& src, uint32_t elementBytes, CopyKind kind,
              const CopyShape& requested, const CopyPadding& padding, Site site) {
  CopyShape shape = requested;
  if (kind == CopyKind::kCount && shape.blockLen % kBlockBytes != 0 && !(dst.global && src.global)) {
    const uint32_t truncated = shape.blockLen / kBlockBytes * kBlockBytes;
    RaiseWarning("unaligned-copy", site,
                 Format("copies %u bytes (%u elements), not a multiple of 32 bytes; the hardware copies only the "
                        "first %u bytes. Use DataCopyPad for the tail",
                        shape.blockLen, shape.blockLen / elementBytes, truncated),
                 true);
    shape.blockLen = truncated;
  }
  if (kind != CopyKind::kCount && shape.blockCount > kMaxBlockCount) {
    RaiseError("bad-parameter", site, Format("blockCount %u is over the limit of %u", shape.blockCount, kMaxBlockCount));
  }
  if (kind == CopyKind::kPad && shape.blockLen % elementBytes != 0) {
    RaiseError("bad-parameter", site,
               Format("DataCopyPad blockLen %u bytes is not a multiple of the %u-byte element", shape.blockLen, elementBytes));
  }
  if (kind == CopyKind::kPad && (padding.left * elementBytes > kBlockBytes || padding.right * elementBytes > kBlockBytes)) {
    RaiseError("bad-parameter", site, "DataCopyPad left/right padding must each be at most 32 bytes");
  }
  if (shape.blockCount == 0 || shape.blockLen == 0) return;
  const BlockLayout layout = Layout(dst, src, kind, shape, padding, elementBytes);
  BlockState& block = CurrentBlock();
  const uint64_t leftBytes = kind == CopyKind::kPad && !dst.global ? uint64_t(padding.left) * elementBytes : 0;
  for (uint32_t i = 0; i < shape.blockCount; ++i) {
    CheckSide(src, i * layout.srcPitch, layout.readBytes, false, elementBytes, kind != CopyKind::kPad, site);
    CheckSide(dst, i * layout.dstPitch, layout.writeBytes, true, elementBytes, kind != CopyKind::kPad, site);
  }
  const uint64_t lastBlock = shape.blockCount - 1;
  RecordCopy(dst, src, uint64_t(shape.blockCount) * layout.readBytes, shape.blockCount,
             lastBlock * layout.srcPitch + layout.readBytes, lastBlock * layout.dstPitch + layout.writeBytes, site);
  if (CurrentLaunchCost().TimingOnly()) return;
  for (uint32_t i = 0; i < shape.blockCount; ++i) {
    const uint64_t srcOffset = i * layout.srcPitch;
    const uint64_t dstOffset = i * layout.dstPitch;
    const uint8_t* from = (src.global ? src.gm.address : src.local.address) + srcOffset;
    uint8_t* to = (dst.global ? dst.gm.address : dst.local.address) + dstOffset;
    if (!src.global) CheckInitialized(from, layout.readBytes, site);
    if (dst.global) {
      WriteGlobal(to, from, layout.readBytes);
    } else {
      std::memmove(to + leftBytes, from, layout.readBytes);
    }
    if (kind == CopyKind::kPad && !dst.global) {
      // Padding and the dummy fill up to the next 32-byte boundary (reference §2).
      const uint64_t rightStart = leftBytes + layout.readBytes;
      const uint64_t padBytes = uint64_t(padding.right) * elementBytes;
      const uint64_t padValue = padding.isPad ? padding.valueBits : block.padValueBits;
      FillBytes(to, leftBytes, padValue, elementBytes);
      FillBytes(to + rightStart, padBytes, padValue, elementBytes);
      // With no padding the hardware repeats the block's first element up to the boundary, whatever
      // isPad says (kernels rely on it: Isamin's cross-core reduce keeps its FLT_MAX sentinels).
      uint64_t dummy = padValue;
      if (padding.left == 0 && padding.right == 0) std::memcpy(&dummy, to, elementBytes);
      FillBytes(to + rightStart + padBytes, layout.writeBytes - rightStart - padBytes, dummy, elementBytes);
    }
    if (!dst.global) MarkWritten(to, layout.writeBytes);
  }
}

}  // namespace rt
}  // namespace ascendc_sim
