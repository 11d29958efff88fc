// The cube's fractal layouts (shared reference §5): where element (row, column) of a matrix lives
// in L1, L0A, L0B and L0C. A fractal is 16 rows of one 32-byte C0 block (512 bytes: 16x16 b16,
// 16x8 b32, 16x32 b8); an L0C fractal is 16x16 of 4-byte accumulators (1024 bytes).
//   NZ (L1 after Nd2Nz, L0C): fractals run down the rows first (column blocks of `rows16` rows),
//      each fractal row major.
//   Zz (L0A): fractals run along the columns first (row blocks), each fractal row major.
//   Zn (L0B, a K x N matrix): fractals run along N first (K blocks), each fractal column major,
//      i.e. each of its 16 rows of 32 bytes holds K0 values of one column.
#pragma once
#include <cstdint>

namespace ascendc_sim {

inline constexpr uint32_t kC0Bytes = 32;
inline constexpr uint32_t kFractalRows = 16;
inline constexpr uint32_t kFractalBytes = kC0Bytes * kFractalRows;
inline constexpr uint32_t kCubeBlock = 16;  // M and N edge of one cube step and of an L0C fractal

// Elements of `elementBytes` in one C0 block: K0 for cube inputs.
constexpr uint32_t C0Elements(uint32_t elementBytes) { return kC0Bytes / elementBytes; }
constexpr uint64_t CeilDiv(uint64_t value, uint64_t divisor) { return (value + divisor - 1) / divisor; }

// Element offset of (row, column) in NZ with `c0` columns per block and `rowStride` rows (the
// padded row count, or a column-block stride) between column blocks.
constexpr uint64_t NzIndex(uint64_t row, uint64_t column, uint64_t c0, uint64_t rowStride) {
  return (column / c0) * rowStride * c0 + row * c0 + column % c0;
}

// Element offset of A(row, k) in L0A (Zz) with `kBlocks` fractals per row block.
constexpr uint64_t ZzIndex(uint64_t row, uint64_t k, uint64_t k0, uint64_t kBlocks) {
  return ((row / kFractalRows) * kBlocks + k / k0) * kFractalRows * k0 + (row % kFractalRows) * k0 + k % k0;
}

// Element offset of B(k, column) in L0B (Zn) with `nBlocks` fractals per K block.
constexpr uint64_t ZnIndex(uint64_t k, uint64_t column, uint64_t k0, uint64_t nBlocks) {
  return ((k / k0) * nBlocks + column / kCubeBlock) * kCubeBlock * k0 + (column % kCubeBlock) * k0 + k % k0;
}

}  // namespace ascendc_sim
