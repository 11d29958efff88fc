// Host-side Matmul tiling (CANN namespace matmul_tiling, reached through tiling/tiling_api.h):
// optiling::TCubeTiling, the tiling-data class op_host code nests in its own (the kernel reads it
// as kernel_tiling.h's TCubeTiling), and the tiling builders. GetTiling is the simulator's own
// plan, deterministic and within the SoC's L1/L0 sizes (sim/src/host/matmul_tiling.cpp says how);
// CANN's search may choose other base blocks, which changes speed, never the result.
#pragma once
#include <cstdint>

#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(TCubeTiling)
TILING_DATA_FIELD_DEF(int32_t, usedCoreNum);
TILING_DATA_FIELD_DEF(int32_t, M);
TILING_DATA_FIELD_DEF(int32_t, N);
TILING_DATA_FIELD_DEF(int32_t, Ka);
TILING_DATA_FIELD_DEF(int32_t, Kb);
TILING_DATA_FIELD_DEF(int32_t, singleCoreM);
TILING_DATA_FIELD_DEF(int32_t, singleCoreN);
TILING_DATA_FIELD_DEF(int32_t, singleCoreK);
TILING_DATA_FIELD_DEF(int32_t, baseM);
TILING_DATA_FIELD_DEF(int32_t, baseN);
TILING_DATA_FIELD_DEF(int32_t, baseK);
TILING_DATA_FIELD_DEF(int32_t, depthA1);
TILING_DATA_FIELD_DEF(int32_t, depthB1);
TILING_DATA_FIELD_DEF(int32_t, stepM);
TILING_DATA_FIELD_DEF(int32_t, stepN);
TILING_DATA_FIELD_DEF(int32_t, isBias);
TILING_DATA_FIELD_DEF(int32_t, transLength);
TILING_DATA_FIELD_DEF(int32_t, iterateOrder);
TILING_DATA_FIELD_DEF(int32_t, shareMode);
TILING_DATA_FIELD_DEF(int32_t, shareL1Size);
TILING_DATA_FIELD_DEF(int32_t, shareL0CSize);
TILING_DATA_FIELD_DEF(int32_t, shareUbSize);
TILING_DATA_FIELD_DEF(int32_t, batchM);
TILING_DATA_FIELD_DEF(int32_t, batchN);
TILING_DATA_FIELD_DEF(int32_t, singleBatchM);
TILING_DATA_FIELD_DEF(int32_t, singleBatchN);
TILING_DATA_FIELD_DEF(int32_t, stepKa);
TILING_DATA_FIELD_DEF(int32_t, stepKb);
TILING_DATA_FIELD_DEF(int32_t, depthAL1CacheUB);
TILING_DATA_FIELD_DEF(int32_t, depthBL1CacheUB);
TILING_DATA_FIELD_DEF(int32_t, dbL0A);
TILING_DATA_FIELD_DEF(int32_t, dbL0B);
TILING_DATA_FIELD_DEF(int32_t, dbL0C);
TILING_DATA_FIELD_DEF(int32_t, ALayoutInfoB);
TILING_DATA_FIELD_DEF(int32_t, ALayoutInfoS);
TILING_DATA_FIELD_DEF(int32_t, ALayoutInfoN);
TILING_DATA_FIELD_DEF(int32_t, ALayoutInfoG);
TILING_DATA_FIELD_DEF(int32_t, ALayoutInfoD);
TILING_DATA_FIELD_DEF(int32_t, BLayoutInfoB);
TILING_DATA_FIELD_DEF(int32_t, BLayoutInfoS);
TILING_DATA_FIELD_DEF(int32_t, BLayoutInfoN);
TILING_DATA_FIELD_DEF(int32_t, BLayoutInfoG);
TILING_DATA_FIELD_DEF(int32_t, BLayoutInfoD);
TILING_DATA_FIELD_DEF(int32_t, CLayoutInfoB);
TILING_DATA_FIELD_DEF(int32_t, CLayoutInfoS1);
TILING_DATA_FIELD_DEF(int32_t, CLayoutInfoN);
TILING_DATA_FIELD_DEF(int32_t, CLayoutInfoG);
TILING_DATA_FIELD_DEF(int32_t, CLayoutInfoS2);
TILING_DATA_FIELD_DEF(int32_t, BatchNum);
TILING_DATA_FIELD_DEF(int32_t, reserved);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace matmul_tiling {

// CANN's values, equal to ge::DataType's, which host code casts to this type.
enum class DataType : int32_t {
  DT_FLOAT = 0,
  DT_FLOAT16 = 1,
  DT_INT8 = 2,
  DT_INT32 = 3,
  DT_UINT8 = 4,
  DT_INT16 = 6,
  DT_UINT16 = 7,
  DT_UINT32 = 8,
  DT_INT64 = 9,
  DT_UINT64 = 10,
  DT_DOUBLE = 11,
  DT_BOOL = 12,
  DT_BF16 = 27,
  DT_UNDEFINED = 28,
  DT_INT4 = 29,
  DT_BFLOAT16 = 33,
};

enum class TPosition : int32_t { GM, A1, A2, B1, B2, C1, C2, CO1, CO2, VECIN, VECOUT, VECCALC, LCM = VECCALC, SPM, SHM = SPM, TSCM, MAX };
enum class CubeFormat : int32_t { ND = 0, NZ, ZN, ZZ, NN, ND_ALIGN, SCALAR, VECTOR };
enum class MatrixTraverse : int32_t { NOSET = 0, FIRSTM = 1, FIRSTN = 2 };
enum class MatrixMadType : int32_t { NORMAL = 0, HF32 = 1 };

struct MatTilingType {
  TPosition pos = TPosition::GM;
  CubeFormat type = CubeFormat::ND;
  DataType dataType = DataType::DT_FLOAT16;
  bool isTrans = false;
};

// Setters return 0, or -1 for a value CANN rejects; GetTiling returns 0, or -1 when the shapes and
// types set so far do not make a matmul.
class MatmulApiTilingBase {
 public:
  MatmulApiTilingBase();
  explicit MatmulApiTilingBase(const platform_ascendc::PlatformAscendC& platform);
  virtual ~MatmulApiTilingBase() = default;

  int32_t SetAType(TPosition pos, CubeFormat type, DataType dataType, bool isTrans = false);
  int32_t SetBType(TPosition pos, CubeFormat type, DataType dataType, bool isTrans = false);
  int32_t SetCType(TPosition pos, CubeFormat type, DataType dataType);
  int32_t SetBiasType(TPosition pos, CubeFormat type, DataType dataType);
  virtual int32_t SetShape(int32_t m, int32_t n, int32_t k);
  int32_t SetOrgShape(int32_t orgM, int32_t orgN, int32_t orgK);
  int32_t SetOrgShape(int32_t orgM, int32_t orgN, int32_t orgKa, int32_t orgKb);
  int32_t EnableBias(bool isBias = false);
  int32_t SetBias(bool isBias = false);
  int32_t SetFixSplit(int32_t baseM = -1, int32_t baseN = -1, int32_t baseK = -1);
  int32_t SetBufferSpace(int32_t l1Size = -1, int32_t l0CSize = -1, int32_t ubSize = -1, int32_t btSize = -1);
  int32_t SetTraverse(MatrixTraverse traverse);
  int32_t SetMadType(MatrixMadType madType);
  int32_t GetBaseM() const { return baseM_; }
  int32_t GetBaseN() const { return baseN_; }
  int32_t GetBaseK() const { return baseK_; }

  virtual int64_t GetTiling(optiling::TCubeTiling& tiling) = 0;

 protected:
  // Fills `tiling` for one core's [singleM, singleN, singleK] out of `cores`; 0 or -1.
  int64_t Plan(optiling::TCubeTiling& tiling, int32_t singleM, int32_t singleN, int32_t singleK, int32_t cores);

  MatTilingType aType_, bType_, cType_, biasType_;
  bool isBias_ = false;
  int32_t orgM_ = -1, orgN_ = -1, orgKa_ = -1, orgKb_ = -1;
  int32_t shapeM_ = -1, shapeN_ = -1, shapeK_ = -1;
  int32_t fixBaseM_ = -1, fixBaseN_ = -1, fixBaseK_ = -1;
  int32_t baseM_ = 0, baseN_ = 0, baseK_ = 0;
  uint64_t l1Bytes_ = 0, l0aBytes_ = 0, l0bBytes_ = 0, l0cBytes_ = 0, ubBytes_ = 0;
  MatrixTraverse traverse_ = MatrixTraverse::FIRSTM;
};

// One core computes the whole [M, N].
class MatmulApiTiling : public MatmulApiTilingBase {
 public:
  using MatmulApiTilingBase::MatmulApiTilingBase;
  int64_t GetTiling(optiling::TCubeTiling& tiling) override;
};

// SetDim cores split [M, N] between them; each computes [singleCoreM, singleCoreN].
class MultiCoreMatmulTiling : public MatmulApiTilingBase {
 public:
  using MatmulApiTilingBase::MatmulApiTilingBase;
  int32_t SetDim(int32_t dim);
  int32_t SetSingleShape(int32_t singleM = -1, int32_t singleN = -1, int32_t singleK = -1);
  int32_t GetSingleShape(int32_t& shapeM, int32_t& shapeN, int32_t& shapeK);
  int32_t GetCoreNum(int32_t& dim, int32_t& mDim, int32_t& nDim);
  int64_t GetTiling(optiling::TCubeTiling& tiling) override;

 private:
  int32_t dim_ = 1;
  int32_t singleM_ = -1, singleN_ = -1, singleK_ = -1;
  int32_t mDim_ = 1, nDim_ = 1;
  int32_t singleCoreM_ = 0, singleCoreN_ = 0, singleCoreK_ = 0;
};

}  // namespace matmul_tiling
