// TransDataTo5HD (vnchwconv) and Transpose (vtranspose). Their operands are lists of 32-byte
// blocks rather than a lane walk, so each listed block is checked, recorded and moved here.
#include "ascendc_sim/vec_transpose.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "diagnostics.h"
#include "instruction_record.h"
#include "launch_state.h"
#include "local_memory.h"
#include "vector_engine.h"

namespace ascendc_sim {
namespace {

constexpr uint32_t kBlockBytes = 32;
constexpr uint32_t kHalfBlockBytes = kBlockBytes / 2;
constexpr uint32_t kAddressRegisterCount = 8;
constexpr uint32_t kAddressesPerRegister = 8;
constexpr uint32_t kMatrixSide = 16;  // vtranspose's 16x16 matrix of 2-byte elements
constexpr uint32_t kMatrixBytes = kMatrixSide * kMatrixSide * 2;
// One repeat of either instruction moves 512 bytes: two passes of the 256-byte vector unit (assumed).
constexpr uint64_t kPassesPerMatrix = 2;

using Block = uint8_t[kBlockBytes];

// How diagnostics name entry i of an address list: "dstList[3]", or for the VA-register form the
// register and slot, "VA1[3]".
struct ListNaming {
  const char* list;  // null for VA registers
  uint32_t firstRegister;
  std::string Entry(uint32_t i) const {
    return list != nullptr ? Format("%s[%u]", list, i)
                           : Format("VA%u[%u]", firstRegister + i / kAddressesPerRegister, i % kAddressesPerRegister);
  }
};

// Checks one listed address: a live buffer, 32-byte aligned, every repeat's block inside the memory.
void CheckListEntry(const LocalRef& ref, uint32_t repeats, uint16_t repStride, const ListNaming& naming, uint32_t i,
                    const Site& site) {
  const uint64_t extent = uint64_t(repeats - 1) * repStride * kBlockBytes + kBlockBytes;
  CheckTensor(ref, ref.address, extent, false, site, naming.Entry(i).c_str());
  Memory memory = Memory::kUnifiedBuffer;
  uint64_t offset = 0;
  CurrentBlock().Locate(ref.address, 0, memory, offset);
  if (offset % kBlockBytes != 0) {
    RaiseError("misaligned-address", site,
               Format("%s is at UB offset %llu, not 32-byte aligned; every address of the list names a whole 32-byte "
                      "block",
                      naming.Entry(i).c_str(), static_cast<unsigned long long>(offset)));
  }
}

// The byte ranges an instruction touches, merged where they meet, for the hazard checker.
std::vector<MemAccess> Coalesce(std::vector<MemAccess> accesses) {
  std::sort(accesses.begin(), accesses.end(), [](const MemAccess& a, const MemAccess& b) {
    if (a.write != b.write) return a.write < b.write;
    if (a.space != b.space) return a.space < b.space;
    return a.begin < b.begin;
  });
  std::vector<MemAccess> merged;
  for (const MemAccess& access : accesses) {
    if (!merged.empty() && merged.back().write == access.write && merged.back().space == access.space &&
        access.begin <= merged.back().end) {
      merged.back().end = std::max(merged.back().end, access.end);
    } else {
      merged.push_back(access);
    }
  }
  return merged;
}

// One repeat of vnchwconv on the 16 source blocks. 2-byte elements: block e of the result holds
// element e of every source block. 4-byte elements: blocks 2c and 2c+1 hold element c of sources
// 0-7 and 8-15. 1-byte elements: block e's selected half holds byte e of each source block's
// selected half.
void TransposeMatrix(uint32_t elementBytes, bool dstHighHalf, bool srcHighHalf, const Block* in, Block* out) {
  if (elementBytes == 1) {
    const uint32_t dstHalf = dstHighHalf ? kHalfBlockBytes : 0;
    const uint32_t srcHalf = srcHighHalf ? kHalfBlockBytes : 0;
    for (uint32_t e = 0; e < kTransposeListSize; ++e) {
      for (uint32_t k = 0; k < kTransposeListSize; ++k) out[e][dstHalf + k] = in[k][srcHalf + e];
    }
    return;
  }
  const uint32_t perBlock = kBlockBytes / elementBytes;
  for (uint32_t e = 0; e < kTransposeListSize; ++e) {
    const uint32_t column = e * perBlock / kTransposeListSize;  // e for 2 bytes, e / 2 for 4 bytes
    const uint32_t firstSource = e % (kTransposeListSize / perBlock) * perBlock;
    for (uint32_t k = 0; k < perBlock; ++k) {
      std::memcpy(&out[e][k * elementBytes], &in[firstSource + k][column * elementBytes], elementBytes);
    }
  }
}

void TransposeNamedBlocks(uint32_t elementBytes, const LocalRef* dst, const LocalRef* src,
                          const BlockTransposeShape& shape, const ListNaming& dstNaming, const ListNaming& srcNaming,
                          const Site& site) {
  if (shape.repeatTimes > kMaxRepeatTimes) {
    RaiseError("bad-parameter", site,
               Format("repeatTimes %u is over the limit of %u; split the transpose into several calls",
                      shape.repeatTimes, kMaxRepeatTimes));
  }
  if (shape.repeatTimes == 0) return;
  for (uint32_t i = 0; i < kTransposeListSize; ++i) {
    CheckListEntry(dst[i], shape.repeatTimes, shape.dstRepStride, dstNaming, i, site);
    CheckListEntry(src[i], shape.repeatTimes, shape.srcRepStride, srcNaming, i, site);
  }
  // 8-bit types read and write one half of each block.
  const bool halfBlocks = elementBytes == 1;
  const uint32_t movedBytes = halfBlocks ? kHalfBlockBytes : kBlockBytes;
  const uint32_t srcOffset = halfBlocks && shape.srcHighHalf ? kHalfBlockBytes : 0;
  const uint32_t dstOffset = halfBlocks && shape.dstHighHalf ? kHalfBlockBytes : 0;
  std::vector<MemAccess> accesses;
  accesses.reserve(size_t(shape.repeatTimes) * kTransposeListSize * 2);
  for (uint32_t repeat = 0; repeat < shape.repeatTimes; ++repeat) {
    for (uint32_t i = 0; i < kTransposeListSize; ++i) {
      const uint64_t srcStep = uint64_t(repeat) * shape.srcRepStride * kBlockBytes;
      const uint64_t dstStep = uint64_t(repeat) * shape.dstRepStride * kBlockBytes;
      accesses.push_back(OnChipAccess(src[i].address + srcStep + srcOffset, movedBytes, false));
      accesses.push_back(OnChipAccess(dst[i].address + dstStep + dstOffset, movedBytes, true));
    }
  }
  const std::vector<MemAccess> merged = Coalesce(std::move(accesses));
  RecordVector(VecCost::kSimple, elementBytes, shape.repeatTimes * kPassesPerMatrix, merged.data(), merged.size(),
               site);
  if (SkipsDataWork()) return;
  for (uint32_t repeat = 0; repeat < shape.repeatTimes; ++repeat) {
    // The whole repeat is read before it is written, so the lists may name the same blocks.
    Block in[kTransposeListSize];
    Block out[kTransposeListSize];
    for (uint32_t i = 0; i < kTransposeListSize; ++i) {
      const uint8_t* block = src[i].address + uint64_t(repeat) * shape.srcRepStride * kBlockBytes;
      CheckInitialized(block + srcOffset, movedBytes, site);
      std::memcpy(in[i], block, kBlockBytes);
    }
    TransposeMatrix(elementBytes, shape.dstHighHalf, shape.srcHighHalf, in, out);
    for (uint32_t i = 0; i < kTransposeListSize; ++i) {
      uint8_t* block = dst[i].address + uint64_t(repeat) * shape.dstRepStride * kBlockBytes;
      std::memcpy(block + dstOffset, out[i] + dstOffset, movedBytes);
      MarkWritten(block + dstOffset, movedBytes);
    }
  }
}

void ResolveList(const uint64_t* addresses, const ListNaming& naming, LocalRef* refs, const Site& site) {
  for (uint32_t i = 0; i < kTransposeListSize; ++i) {
    refs[i] = rt::LocalAt(reinterpret_cast<const void*>(addresses[i]), naming.Entry(i).c_str(), site);
  }
}

}  // namespace

namespace rt {

void TransposeBlocks(uint32_t elementBytes, const LocalRef* dst, const LocalRef* src, const BlockTransposeShape& shape,
                     Site site) {
  TransposeNamedBlocks(elementBytes, dst, src, shape, {"dstList", 0}, {"srcList", 0}, site);
}

void TransposeBlocksAt(uint32_t elementBytes, const uint64_t* dst, const uint64_t* src,
                       const BlockTransposeShape& shape, Site site) {
  const ListNaming dstNaming{"dstList", 0};
  const ListNaming srcNaming{"srcList", 0};
  LocalRef dstRefs[kTransposeListSize];
  LocalRef srcRefs[kTransposeListSize];
  ResolveList(dst, dstNaming, dstRefs, site);
  ResolveList(src, srcNaming, srcRefs, site);
  TransposeNamedBlocks(elementBytes, dstRefs, srcRefs, shape, dstNaming, srcNaming, site);
}

void SetAddressRegister(uint32_t index, const uint64_t* addresses, Site site) {
  if (index >= kAddressRegisterCount) {
    RaiseError("bad-parameter", site, Format("VA register %u does not exist; A2 has VA0 to VA7", index));
  }
  if (addresses == nullptr) RaiseError("bad-parameter", site, "the address array is a null pointer");
  BlockState& block = CurrentBlock();
  std::copy(addresses, addresses + kAddressesPerRegister, block.addressRegisters[index]);
  block.addressRegistersSet |= uint8_t(1u << index);
}

void TransposeBlocksFromRegisters(uint32_t elementBytes, uint32_t dstRegister, uint32_t srcRegister,
                                  const BlockTransposeShape& shape, Site site) {
  const BlockState& block = CurrentBlock();
  uint64_t lists[2][kTransposeListSize];
  const uint32_t registers[2] = {dstRegister, srcRegister};
  for (uint32_t side = 0; side < 2; ++side) {
    const uint32_t first = registers[side];
    if (first + 1 >= kAddressRegisterCount) {
      RaiseError("bad-parameter", site,
                 Format("%s register VA%u: the 16 addresses are read from VA%u and the next register, so it must be "
                        "VA0 to VA6",
                        side == 0 ? "dst" : "src", first, first));
    }
    for (uint32_t r = first; r <= first + 1; ++r) {
      if (((block.addressRegistersSet >> r) & 1u) == 0) {
        RaiseError("bad-parameter", site, Format("reads VA%u, which no set_va_reg_sb in this block has set", r));
      }
      std::copy(block.addressRegisters[r], block.addressRegisters[r] + kAddressesPerRegister,
                lists[side] + (r - first) * kAddressesPerRegister);
    }
  }
  const ListNaming dstNaming{nullptr, dstRegister};
  const ListNaming srcNaming{nullptr, srcRegister};
  LocalRef dstRefs[kTransposeListSize];
  LocalRef srcRefs[kTransposeListSize];
  ResolveList(lists[0], dstNaming, dstRefs, site);
  ResolveList(lists[1], srcNaming, srcRefs, site);
  TransposeNamedBlocks(elementBytes, dstRefs, srcRefs, shape, dstNaming, srcNaming, site);
}

void Transpose16x16(const LocalRef& dst, const LocalRef& src, Site site) {
  CheckTensor(src, src.address, kMatrixBytes, true, site);
  CheckTensor(dst, dst.address, kMatrixBytes, true, site);
  if (dst.address != src.address && dst.address < src.address + kMatrixBytes &&
      src.address < dst.address + kMatrixBytes) {
    RaiseError("bad-parameter", site,
               "dst and src overlap partly; the 16x16 transpose allows the very same 512 bytes or disjoint ones");
  }
  const MemAccess accesses[] = {OnChipAccess(src.address, kMatrixBytes, false),
                                OnChipAccess(dst.address, kMatrixBytes, true)};
  RecordVector(VecCost::kSimple, 2, kPassesPerMatrix, accesses, 2, site);
  if (SkipsDataWork()) return;
  CheckInitialized(src.address, kMatrixBytes, site);
  uint8_t in[kMatrixBytes];
  std::memcpy(in, src.address, kMatrixBytes);
  for (uint32_t row = 0; row < kMatrixSide; ++row) {
    for (uint32_t column = 0; column < kMatrixSide; ++column) {
      std::memcpy(dst.address + (row * kMatrixSide + column) * 2, in + (column * kMatrixSide + row) * 2, 2);
    }
  }
  MarkWritten(dst.address, kMatrixBytes);
}

}  // namespace rt
}  // namespace ascendc_sim
