// Fixpipe: L0C -> GM (NZ -> ND with CFG_ROW_MAJOR, NZ kept with CFG_NZ) or -> L1 (always NZ on
// A2), converting on the way (quantPre) and applying ReLU, charged on the FIX pipe. Addressing
// follows the NZ2ND and NZ2NZ pseudo-code of CANN's Fixpipe documentation; quantisation its
// "随路量化" pages and their reference scripts (gen_data_s322f16.py, gen_data_s322s8.py).
#include <cmath>
#include <cstring>

#include "ascendc_sim/cube_params.h"
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

constexpr uint32_t kMaxNSize = 4095;
constexpr uint32_t kMaxMSizeNd = 8192;
constexpr uint32_t kAccumulatorBytes = 4;
constexpr uint64_t kL0cFractalBytes = kCubeBlock * kCubeBlock * kAccumulatorBytes;  // srcNdStride's unit

const char* QuantName(uint8_t mode) {
  static const char* const kNames[] = {"NoQuant",     "F322F16",      "F322BF16", "DEQF16", "VDEQF16",
                                       "QF322B8_PRE", "VQF322B8_PRE", "REQ8",     "VREQ8"};
  return mode < sizeof(kNames) / sizeof(kNames[0]) ? kNames[mode] : "?";
}

bool IsVectorQuant(uint8_t mode) { return mode == VDEQF16 || mode == VQF322B8_PRE || mode == VREQ8; }

// The quantPre modes that produce dstType from srcType (Fixpipe documentation: float -> float,
// half, bfloat16_t, int8_t, uint8_t; int32_t -> int32_t, half, int8_t, uint8_t).
bool QuantFits(uint8_t mode, DType src, DType dst) {
  const bool b8 = dst == DType::kInt8 || dst == DType::kUint8;
  if (src == DType::kFloat) {
    return (mode == NoQuant && dst == DType::kFloat) || (mode == F322F16 && dst == DType::kHalf) ||
           (mode == F322BF16 && dst == DType::kBfloat16) || ((mode == QF322B8_PRE || mode == VQF322B8_PRE) && b8);
  }
  return (mode == NoQuant && dst == DType::kInt32) || ((mode == DEQF16 || mode == VDEQF16) && dst == DType::kHalf) ||
         ((mode == REQ8 || mode == VREQ8) && b8);
}

// A quantisation parameter (QUANT_PRE, 64 bits): M1 = bits [31:13] as a float with a 10-bit
// mantissa, N = [35:32], the shift-first flag [36], a 9-bit offset [45:37], signed result [46].
struct QuantParam {
  float scale;
  uint32_t shift;
  bool shiftFirst;
  int32_t offset;
  bool signedResult;
};

QuantParam Decode(uint64_t bits) {
  QuantParam p;
  p.scale = __builtin_bit_cast(float, uint32_t(bits) & 0xffffe000u);
  p.shift = uint32_t(bits >> 32) & 0xfu;
  p.shiftFirst = (bits >> 36) & 1u;
  // A 9-bit two's-complement offset (the documentation says "9-bit integer"; its script adds the
  // raw field, which differs only for negative offsets).
  const int32_t raw = int32_t((bits >> 37) & 0x1ffu);
  p.offset = raw >= 256 ? raw - 512 : raw;
  p.signedResult = (bits >> 46) & 1u;
  return p;
}

double Clamp(double value, double low, double high) { return value < low ? low : (value > high ? high : value); }

// One L0C value through quantPre and ReLU into the bytes of dstType at `to`.
void Convert(uint8_t mode, DType srcType, DType dstType, const uint8_t* from, uint64_t paramBits, bool relu,
             uint8_t* to) {
  constexpr double kHalfMax = 65504.0;
  if (mode == NoQuant || mode == F322F16 || mode == F322BF16) {
    WithType(srcType, [&]<class S>() {
      Wide<S> value = Load<S>(from);
      if (relu && value < 0) value = 0;
      WithType(dstType, [&]<class D>() { Store<D>(to, Wide<D>(value)); });
    });
    return;
  }
  const QuantParam p = Decode(paramBits);
  // Negative values take M2: the same scale, or 0 under ReLU.
  double value;
  if (srcType == DType::kInt32) {
    int64_t raw = LoadRaw<int32_t>(from);
    if (p.shiftFirst) raw = int64_t(Clamp(double(raw >> p.shift), -32768.0, 32767.0));
    value = double(float(raw));
  } else {
    value = LoadRaw<float>(from);
  }
  value = double(float(value * (value >= 0 ? p.scale : (relu ? 0.0f : p.scale))));
  if (mode == DEQF16 || mode == VDEQF16) {
    Store<half>(to, float(Clamp(value, -kHalfMax, kHalfMax)));
    return;
  }
  const double rounded = Clamp(std::nearbyint(value), -256.0, 255.0) + p.offset;
  if (p.signedResult) {
    StoreRaw<int8_t>(to, int8_t(Clamp(rounded, -128.0, 127.0)));
  } else {
    StoreRaw<uint8_t>(to, uint8_t(Clamp(rounded, 0.0, 255.0)));
  }
}

struct Layout {
  bool nz;
  bool split;  // channelSplit: 8-wide NZ blocks of float
  uint32_t dstBytes;
  uint64_t srcStride;  // L0C rows between column blocks
  uint64_t dstStride;  // ND: elements per row; NZ: 32-byte blocks between column blocks
  // Byte offsets of element (i, j) of one matrix.
  uint64_t Src(uint64_t i, uint64_t j) const { return NzIndex(i, j, kCubeBlock, srcStride) * kAccumulatorBytes; }
  uint64_t Dst(uint64_t i, uint64_t j) const {
    if (!nz) return (i * dstStride + j) * dstBytes;
    const uint64_t width = split ? 8 : kCubeBlock;
    return (j / width) * dstStride * kC0Bytes + (i * width + j % width) * dstBytes;
  }
};

void CheckFixpipe(const FixpipeShape& s, DType srcType, DType dstType, bool toGm, bool nz, const LocalRef* quantTable,
                  const Site& site) {
  CheckCubeRange("FixpipeParamsV220.nSize", s.nSize, kMaxNSize, site);
  if (!nz) CheckCubeRange("FixpipeParamsV220.mSize (with NZ2ND)", s.mSize, kMaxMSizeNd, site);
  if (!QuantFits(s.quantPre, srcType, dstType)) {
    RaiseError("bad-parameter", site,
               Format("quantPre %s does not convert %s to %s; the fixpipe does not infer it: use NoQuant for "
                      "float/int32_t, F322F16 or F322BF16 for float to half/bfloat16_t, DEQF16/VDEQF16 for int32_t "
                      "to half, QF322B8_PRE/VQF322B8_PRE or REQ8/VREQ8 for int8_t/uint8_t",
                      QuantName(s.quantPre), DTypeName(srcType), DTypeName(dstType)));
  }
  if (IsVectorQuant(s.quantPre) && quantTable == nullptr) {
    RaiseError("bad-parameter", site,
               Format("quantPre %s takes one scale per column: pass the L1 tensor of uint64_t scales (cbufWorkspace)",
                      QuantName(s.quantPre)));
  }
  if (s.channelSplit && !(toGm && nz && srcType == DType::kFloat && dstType == DType::kFloat && s.unitFlag == 0)) {
    RaiseError("bad-parameter", site,
               "isChannelSplit needs float in and out, NZ output (CFG_NZ) to GM and no unitFlag");
  }
}

}  // namespace

namespace rt {

void Fixpipe(const CopyEndpoint& dst, DType dstType, const LocalRef& src, DType srcType, const LocalRef* quantTable,
             const FixpipeShape& s, Site site) {
  if (!dst.global && MemoryOf(dst.local.position) == Memory::kUnifiedBuffer) {
    RaiseError("unsupported", site,
               "Fixpipe from L0C to UB does not exist on Atlas A2 (the cube core has no UB): write to GM or L1");
  }
  // L0C -> L1 keeps NZ on A2 whatever the config says (Fixpipe L0C->L1 documentation).
  const bool nz = s.nzOutput || !dst.global;
  CheckFixpipe(s, srcType, dstType, dst.global, nz, quantTable, site);
  const uint32_t ndNum = nz ? 1 : s.ndNum;
  if (ndNum == 0) RaiseWarning("bad-parameter", site, "FixpipeParamsV220.ndNum is 0: nothing is written");
  const bool empty = s.nSize == 0 || s.mSize == 0 || ndNum == 0;
  const Layout layout{nz, s.channelSplit, DTypeBytes(dstType), s.srcStride, s.dstStride};
  const uint64_t srcNdPitch = uint64_t(s.srcNdStride) * kL0cFractalBytes;
  const uint64_t dstNdPitch = uint64_t(s.dstNdStride) * layout.dstBytes;
  const uint64_t srcExtent =
      empty ? 0 : (ndNum - 1) * srcNdPitch + layout.Src(s.mSize - 1, s.nSize - 1) + kAccumulatorBytes;
  const uint64_t dstExtent =
      empty ? 0 : (ndNum - 1) * dstNdPitch + layout.Dst(s.mSize - 1, s.nSize - 1) + layout.dstBytes;
  CheckCubeOperand(src, Memory::kL0C, "the source", "CO1", srcExtent, site);
  if (quantTable != nullptr) {
    CheckCubeOperand(*quantTable, Memory::kL1, "the quantisation tensor (cbufWorkspace)", "A1/B1/C1",
                     uint64_t(s.nSize) * sizeof(uint64_t), site);
  }
  if (dst.global) {
    if (nz && reinterpret_cast<uintptr_t>(dst.gm.address) % kC0Bytes != 0) {
      RaiseError("misaligned-address", site,
                 Format("an NZ output's global address %p is not 32-byte aligned", static_cast<void*>(dst.gm.address)));
    }
    CheckGlobalBounds(dst.gm, dstExtent, Access::kWrite, site);
  } else {
    CheckCubeOperand(dst.local, Memory::kL1, "the destination", "A1/B1/C1 or GM", dstExtent, site);
  }
  if (empty) return;  // documented as a NOP
  uint8_t* const to = dst.global ? dst.gm.address : dst.local.address;
  const MemAccess write = dst.global ? GlobalAccess(to, dstExtent, true) : OnChipAccess(to, dstExtent, true);
  RecordFixpipe(OnChipAccess(src.address, srcExtent, false), write,
                uint64_t(ndNum) * s.mSize * s.nSize * layout.dstBytes, site);
  if (CurrentLaunchCost().TimingOnly()) return;
  const uint8_t* shadow = CurrentBlock().Shadow(src.address);
  bool checked = false;
  for (uint32_t nd = 0; nd < ndNum; ++nd) {
    for (uint64_t i = 0; i < s.mSize; ++i) {
      for (uint64_t j = 0; j < s.nSize; ++j) {
        const uint64_t from = nd * srcNdPitch + layout.Src(i, j);
        if (!checked && shadow[from] == 0) {
          CheckInitialized(src.address + from, kAccumulatorBytes, site);
          checked = true;
        }
        uint64_t paramBits = s.deqScalar;
        if (quantTable != nullptr) paramBits = LoadRaw<uint64_t>(quantTable->address + j * sizeof(uint64_t));
        uint8_t value[8];  // room for any element type WithType visits
        Convert(s.quantPre, srcType, dstType, src.address + from, paramBits, s.reluEn, value);
        uint8_t* out = to + nd * dstNdPitch + layout.Dst(i, j);
        if (dst.global) {
          WriteGlobal(out, value, layout.dstBytes);
        } else {
          std::memcpy(out, value, layout.dstBytes);
          MarkWritten(out, layout.dstBytes);
        }
      }
    }
  }
}

}  // namespace rt
}  // namespace ascendc_sim
