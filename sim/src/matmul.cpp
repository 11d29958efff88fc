// The cube's side of a Matmul request (ascendc_sim/adv_api/matmul.h): bounds, numerics and cost.
#include <vector>

#include "ascendc_sim/adv_api/matmul_request.h"
#include "cube_numerics.h"
#include "diagnostics.h"
#include "element.h"
#include "global_memory.h"
#include "instruction_record.h"
#include "launch_cost.h"
#include "launch_state.h"

namespace ascendc_sim {
namespace {

constexpr uint64_t kSystemWorkspaceBytes = uint64_t(16) << 20;  // PlatformAscendC::GetLibApiWorkSpaceSize on A2
constexpr uint32_t kFractalBytes = 32;  // one fractal row: K0 = 32 bytes of the input type

// Bytes from the first to the last element of a rows x cols view with `ld` elements per stored row.
uint64_t Extent(int64_t rows, int64_t cols, int64_t ld, DType type) {
  return (uint64_t(rows - 1) * uint64_t(ld) + uint64_t(cols)) * DTypeBytes(type);
}

void CheckShape(const MatmulRequest& r, const Site& site) {
  if (r.m <= 0 || r.n <= 0 || r.k <= 0) {
    RaiseError("bad-parameter", site,
               Format("the matmul shape m=%lld, n=%lld, k=%lld is empty or negative: set it with SetSingleShape or "
                      "the tiling's singleCoreM/N/K",
                      (long long)r.m, (long long)r.n, (long long)r.k));
  }
  struct Row {
    const char* matrix;
    int64_t ld, needed;
    const char* field;
  };
  const Row rows[] = {{"A", r.lda, r.transposeA ? r.m : r.k, r.transposeA ? "M" : "Ka"},
                      {"B", r.ldb, r.transposeB ? r.k : r.n, r.transposeB ? "Kb" : "N"},
                      {"C", r.ldc, r.n, "N"}};
  for (const Row& row : rows) {
    if (row.ld < row.needed) {
      RaiseError("bad-parameter", site,
                 Format("%s's stored rows hold %lld elements (the org shape's %s) but the matmul reads %lld per row: "
                        "set the full matrix shape with SetOrgShape or the tiling's M/N/Ka/Kb",
                        row.matrix, (long long)row.ld, row.field, (long long)row.needed));
    }
  }
}

// Loads a rows x cols operand into float (or int64 for int8), element (i, j) at i * cols + j.
template <class Acc>
std::vector<Acc> LoadOperand(const GlobalRef& ref, DType type, int64_t rows, int64_t cols, int64_t ld, bool transposed) {
  std::vector<Acc> values(size_t(rows * cols));
  WithType(type, [&]<class T>() {
    for (int64_t i = 0; i < rows; ++i) {
      for (int64_t j = 0; j < cols; ++j) {
        const int64_t stored = transposed ? j * ld + i : i * ld + j;
        values[size_t(i * cols + j)] = Acc(Load<T>(ref.address + stored * int64_t(sizeof(T))));
      }
    }
  });
  return values;
}

// The L0C value of each C element: bias, then the K0-deep fractal products of each cube step summed
// and added, in float for floating inputs (the one rounding per step the accumulator makes), exactly
// in int64 for int8.
template <class Acc>
std::vector<Acc> Accumulate(const MatmulRequest& r) {
  const std::vector<Acc> a = LoadOperand<Acc>(r.a, r.aType, r.m, r.k, r.lda, r.transposeA);
  // B as [n, k], so each C element's products read both operands in order (the same sums).
  const std::vector<Acc> bt = LoadOperand<Acc>(r.b, r.bType, r.n, r.k, r.ldb, !r.transposeB);
  std::vector<Acc> bias(size_t(r.n), Acc(0));
  if (r.hasBias) bias = LoadOperand<Acc>(r.bias, r.biasType, 1, r.n, r.n, false);
  const int64_t k0 = kFractalBytes / DTypeBytes(r.aType);
  std::vector<Acc> c(size_t(r.m * r.n));
  for (int64_t i = 0; i < r.m; ++i) {
    for (int64_t j = 0; j < r.n; ++j) {
      c[size_t(i * r.n + j)] = AccumulateSteps(bias[size_t(j)], r.k, k0, [&](int64_t kk) {
        using Step = std::conditional_t<std::is_same_v<Acc, float>, double, int64_t>;
        return Step(a[size_t(i * r.k + kk)]) * Step(bt[size_t(j * r.k + kk)]);
      });
    }
  }
  return c;
}

// Writes C through the fixpipe: one rounding to C's type, combined with what GM holds under atomics.
template <class Acc>
void WriteC(const MatmulRequest& r, const std::vector<Acc>& c) {
  WithType(r.cType, [&]<class T>() {
    for (int64_t i = 0; i < r.m; ++i) {
      for (int64_t j = 0; j < r.n; ++j) {
        uint8_t* to = r.c.address + (i * r.ldc + j) * int64_t(sizeof(T));
        const auto value = Wide<T>(c[size_t(i * r.n + j)]);
        const Wide<T> old = r.atomic == 0 ? value : Load<T>(to);
        switch (r.atomic) {
          case 1: Store<T>(to, old + value); break;
          case 2: Store<T>(to, value > old ? value : old); break;
          case 3: Store<T>(to, value < old ? value : old); break;
          default: Store<T>(to, value); break;
        }
      }
    }
  });
}

}  // namespace

namespace rt {

void Matmul(const MatmulRequest& request, Site site) {
  CheckShape(request, site);
  if (request.atomic > 3) RaiseError("bad-parameter", site, Format("enAtomic %u is not 0 (none), 1 (add), 2 (max) or 3 (min)", request.atomic));
  const int64_t aRows = request.transposeA ? request.k : request.m, aCols = request.transposeA ? request.m : request.k;
  const int64_t bRows = request.transposeB ? request.n : request.k, bCols = request.transposeB ? request.k : request.n;
  const uint64_t aBytes = Extent(aRows, aCols, request.lda, request.aType);
  const uint64_t bBytes = Extent(bRows, bCols, request.ldb, request.bType);
  const uint64_t biasBytes = request.hasBias ? uint64_t(request.n) * DTypeBytes(request.biasType) : 0;
  const uint64_t cBytes = Extent(request.m, request.n, request.ldc, request.cType);
  CheckGlobalBounds(request.a, aBytes, Access::kRead, site);
  CheckGlobalBounds(request.b, bBytes, Access::kRead, site);
  if (request.hasBias) CheckGlobalBounds(request.bias, biasBytes, Access::kRead, site);
  CheckGlobalBounds(request.c, cBytes, Access::kWrite, site);

  const MemAccess reads[] = {GlobalAccess(request.a.address, aBytes, false), GlobalAccess(request.b.address, bBytes, false),
                             GlobalAccess(request.bias.address, biasBytes, false)};
  const uint64_t k0 = kFractalBytes / DTypeBytes(request.aType);
  // fp32 steps take longer, as in Mmad (instruction_record.h).
  const uint64_t perStep = request.aType == DType::kFloat ? CurrentLaunchCost().Costs().cubeFp32CyclesPerStep : 1;
  const uint64_t fractalSteps = uint64_t((request.m + 15) / 16) * uint64_t((request.n + 15) / 16) *
                                ((uint64_t(request.k) + k0 - 1) / k0) * perStep;
  RecordMatmul(reads, request.hasBias ? 3 : 2,
               uint64_t(request.m * request.k) * DTypeBytes(request.aType) +
                   uint64_t(request.k * request.n) * DTypeBytes(request.bType) + biasBytes,
               fractalSteps, GlobalAccess(request.c.address, cBytes, true),
               uint64_t(request.m * request.n) * DTypeBytes(request.cType), site);
  if (CurrentLaunchCost().TimingOnly()) return;
  if (request.aType == DType::kInt8) {
    WriteC(request, Accumulate<int64_t>(request));
  } else {
    WriteC(request, Accumulate<float>(request));
  }
}

void MatmulCheckWorkspace(const uint8_t* workspace, Site site) {
  CurrentBlock();  // exits with a message when called outside a launch
  const GlobalRef ref = GmResolve(workspace);
  const uint64_t available = ref.regionBegin == nullptr || workspace == nullptr ? 0 : uint64_t(ref.regionEnd - ref.address);
  if (available < kSystemWorkspaceBytes) {
    RaiseError("bad-parameter", site,
               Format("REGIST_MATMUL_OBJ's system workspace holds %llu bytes; the vector and cube cores exchange "
                      "Matmul requests there and need GetLibApiWorkSpaceSize() = %llu bytes: pass "
                      "GetSysWorkSpacePtr() and add GetLibApiWorkSpaceSize() to the host's workspace size",
                      (unsigned long long)available, (unsigned long long)kSystemWorkspaceBytes));
  }
}

void MatmulUsageError(const char* what, Site site) { RaiseError("bad-parameter", site, what); }

void MatmulTransposeNotDeclared(const char* matrix, Site site) {
  RaiseError("bad-parameter", site,
             Format("transposes %s, but %s's MatmulType says ISTRANS false, so the hardware computes wrong values: "
                    "declare it MatmulType<pos, format, T, true>",
                    matrix, matrix));
}

}  // namespace rt
}  // namespace ascendc_sim
