// Mmad: C (L0C, Nz) = initial value + A (L0A, Zz) x B (L0B, Zn), charged on the cube pipe (M).
// The initial value is zero (cmatrixInitVal and not isBias), the bias table row (with a bias
// tensor and cmatrixInitVal false) or what L0C holds (accumulation). Mmad documentation: m, n, k in
// [0, 4095], 0 is a NOP; m = 1 selects GEMV, where L0A holds A's row contiguously.
#include <vector>

#include "ascendc_sim/cube_runtime.h"
#include "cube_checks.h"
#include "cube_layout.h"
#include "cube_numerics.h"
#include "diagnostics.h"
#include "element.h"
#include "instruction_record.h"
#include "launch_cost.h"
#include "local_memory.h"

namespace ascendc_sim {
namespace {

constexpr uint32_t kMaxMnk = 4095;
constexpr uint32_t kAccumulatorBytes = 4;

struct Extents {
  uint64_t kBlocksA;  // fractals per row block of A
  uint64_t a, b, c;   // bytes from each operand's start
};

Extents ExtentsOf(const MmadShape& s, uint32_t elementBytes) {
  const uint64_t k0 = C0Elements(elementBytes);
  // float: L0A rows are padded to 8 values, or to 16 with kDirectionAlign (K-direction alignment).
  const uint64_t kBlocksA = elementBytes == 4 && s.kDirectionAlign ? CeilDiv(s.k, 16) * 2 : CeilDiv(s.k, k0);
  const uint64_t mBlocks = CeilDiv(s.m, kFractalRows), nBlocks = CeilDiv(s.n, kCubeBlock);
  Extents e;
  e.kBlocksA = kBlocksA;
  e.a = s.m == 1 ? uint64_t(s.k) * elementBytes : mBlocks * kBlocksA * kFractalBytes;
  e.b = CeilDiv(s.k, k0) * nBlocks * kFractalBytes;
  e.c = nBlocks * mBlocks * kCubeBlock * kCubeBlock * kAccumulatorBytes;
  return e;
}

// Reads a rows x cols operand into wide values, warning once if a valid element was never written.
template <class Acc>
std::vector<Acc> ReadOperand(const uint8_t* base, DType type, uint64_t rows, uint64_t cols, auto&& offsetOf,
                             const Site& site) {
  std::vector<Acc> values(rows * cols);
  const uint32_t bytes = DTypeBytes(type);
  const uint8_t* shadow = CurrentBlock().Shadow(base);
  bool checked = false;
  WithType(type, [&]<class T>() {
    for (uint64_t r = 0; r < rows; ++r) {
      for (uint64_t c = 0; c < cols; ++c) {
        const uint64_t offset = offsetOf(r, c) * bytes;
        if (!checked && shadow[offset] == 0) {
          CheckInitialized(base + offset, bytes, site);
          checked = true;
        }
        values[r * cols + c] = Acc(Load<T>(base + offset));
      }
    }
  });
  return values;
}

template <class Acc>
void Compute(const LocalRef& c, DType cType, const LocalRef& a, const LocalRef& b, DType abType, const LocalRef* bias,
             bool accumulate, const MmadShape& s, const Extents& e, const Site& site) {
  const uint64_t k0 = C0Elements(DTypeBytes(abType));
  const uint64_t nBlocks = CeilDiv(s.n, kCubeBlock);
  const uint64_t m16 = CeilDiv(s.m, kFractalRows) * kFractalRows;
  const std::vector<Acc> av = ReadOperand<Acc>(
      a.address, abType, s.m, s.k,
      [&](uint64_t i, uint64_t kk) { return s.m == 1 ? kk : ZzIndex(i, kk, k0, e.kBlocksA); }, site);
  const std::vector<Acc> bv = ReadOperand<Acc>(
      b.address, abType, s.k, s.n, [&](uint64_t kk, uint64_t j) { return ZnIndex(kk, j, k0, nBlocks); }, site);
  const auto cOffset = [&](uint64_t i, uint64_t j) { return NzIndex(i, j, kCubeBlock, m16); };
  std::vector<Acc> init(s.m * s.n, Acc(0));
  if (bias != nullptr) {
    const std::vector<Acc> row = ReadOperand<Acc>(
        bias->address, cType, 1, s.n, [](uint64_t, uint64_t j) { return j; }, site);
    for (uint64_t i = 0; i < s.m; ++i)
      for (uint64_t j = 0; j < s.n; ++j) init[i * s.n + j] = row[j];
  } else if (accumulate) {
    init = ReadOperand<Acc>(c.address, cType, s.m, s.n, cOffset, site);
  }
  using Step = std::conditional_t<std::is_floating_point_v<Acc>, double, int64_t>;
  WithType(cType, [&]<class T>() {
    for (uint64_t i = 0; i < s.m; ++i) {
      for (uint64_t j = 0; j < s.n; ++j) {
        const Acc total = AccumulateSteps(init[i * s.n + j], s.k, int64_t(k0), [&](int64_t kk) {
          return Step(av[i * s.k + uint64_t(kk)]) * Step(bv[uint64_t(kk) * s.n + j]);
        });
        uint8_t* to = c.address + cOffset(i, j) * kAccumulatorBytes;
        Store<T>(to, Wide<T>(total));
        MarkWritten(to, kAccumulatorBytes);
      }
    }
  });
}

}  // namespace

namespace rt {

void Mmad(const LocalRef& c, DType cType, const LocalRef& a, const LocalRef& b, DType abType, const LocalRef* bias,
          DType biasType, const MmadShape& s, Site site) {
  CheckCubeRange("MmadParams.m", s.m, kMaxMnk, site);
  CheckCubeRange("MmadParams.n", s.n, kMaxMnk, site);
  CheckCubeRange("MmadParams.k", s.k, kMaxMnk, site);
  const uint32_t elementBytes = DTypeBytes(abType);
  const bool empty = s.m == 0 || s.n == 0 || s.k == 0;
  const Extents e = empty ? Extents{} : ExtentsOf(s, elementBytes);
  CheckCubeOperand(c, Memory::kL0C, "the result (dst)", "CO1", e.c, site);
  CheckCubeOperand(a, Memory::kL0A, "the left matrix (fm)", "A2", e.a, site);
  CheckCubeOperand(b, Memory::kL0B, "the right matrix (filter)", "B2", e.b, site);
  const bool zeroInit = s.cmatrixInitVal && !s.isBias;
  if (bias != nullptr) {
    if (MemoryOf(bias->position) == Memory::kL0C) {
      RaiseError("unsupported", site, "a bias tensor in L0C (CO1) is not simulated; pass the bias table (C2) tensor");
    }
    CheckCubeOperand(*bias, Memory::kBiasTable, "the bias", "C2", empty ? 0 : uint64_t(s.n) * DTypeBytes(biasType),
                     site);
    if (zeroInit) {
      RaiseWarning("bad-parameter", site,
                   "cmatrixInitVal is true, so C starts from zero and the bias is ignored; set "
                   "mmadParams.cmatrixInitVal = false to start from the bias",
                   true);
    }
  } else if (!zeroInit && s.cmatrixSource) {
    RaiseError("unsupported", site,
               "cmatrixSource without a bias tensor is not simulated; pass the bias table (C2) tensor to Mmad");
  }
  if (empty) return;  // documented as a NOP
  const LocalRef* initBias = zeroInit ? nullptr : bias;
  const bool accumulate = !zeroInit && bias == nullptr;
  std::vector<MemAccess> accesses = {OnChipAccess(a.address, e.a, false), OnChipAccess(b.address, e.b, false),
                                     OnChipAccess(c.address, e.c, true)};
  if (initBias != nullptr) accesses.push_back(OnChipAccess(bias->address, uint64_t(s.n) * DTypeBytes(biasType), false));
  const uint64_t steps = CeilDiv(s.m, kCubeBlock) * CeilDiv(s.n, kCubeBlock) * CeilDiv(s.k, C0Elements(elementBytes));
  RecordMmad(accesses.data(), accesses.size(), steps, abType == DType::kFloat, site);
  if (CurrentLaunchCost().TimingOnly()) return;
  if (abType == DType::kInt8) {
    Compute<int64_t>(c, cType, a, b, abType, initBias, accumulate, s, e, site);
  } else {
    Compute<float>(c, cType, a, b, abType, initBias, accumulate, s, e, site);
  }
}

}  // namespace rt
}  // namespace ascendc_sim
