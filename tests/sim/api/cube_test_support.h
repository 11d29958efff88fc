// Helpers for the cube data path tests: staging matrices through L1 into L0A/L0B with the
// documented layouts, and a plain reference of the cube's numerics.
#pragma once
#include <cstdint>
#include <vector>

#include "kernel_test_support.h"

namespace cubetest {

constexpr uint32_t kBlock = 16;
inline uint32_t Round16(uint32_t value) { return (value + kBlock - 1) / kBlock * kBlock; }
template <class T>
constexpr uint32_t K0() {
  return 32 / sizeof(T);
}
inline uint32_t RoundUp(uint32_t value, uint32_t unit) { return (value + unit - 1) / unit * unit; }

// Device side: a pipe with one buffer in each of L1 (A1 and B1), L0A, L0B and L0C, for a test that
// stages one product. Built inside the kernel body, as a TPipe must be.
struct CubeBuffers {
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::A1> a1;
  AscendC::TBuf<AscendC::TPosition::B1> b1;
  AscendC::TBuf<AscendC::TPosition::A2> a2;
  AscendC::TBuf<AscendC::TPosition::B2> b2;
  AscendC::TBuf<AscendC::TPosition::CO1> c1;
  explicit CubeBuffers(uint32_t bytes) : CubeBuffers(bytes, bytes, bytes, bytes, bytes) {}
  CubeBuffers(uint32_t a1Bytes, uint32_t b1Bytes, uint32_t a2Bytes, uint32_t b2Bytes, uint32_t c1Bytes) {
    pipe.InitBuffer(a1, a1Bytes);
    pipe.InitBuffer(b1, b1Bytes);
    pipe.InitBuffer(a2, a2Bytes);
    pipe.InitBuffer(b2, b2Bytes);
    pipe.InitBuffer(c1, c1Bytes);
  }
};

// Device side: `buffer` as a GlobalTensor.
template <class T>
AscendC::GlobalTensor<T> Global(const simtest::GmBuffer<T>& buffer) {
  AscendC::GlobalTensor<T> tensor;
  tensor.SetGlobalBuffer((__gm__ T*)buffer.addr());
  return tensor;
}

// Element (i, j) of an NZ matrix with `c0` columns per block and `rows` rows per column block:
// column block j / c0 holds `rows` rows of c0 values each.
inline size_t NzAt(uint32_t i, uint32_t j, uint32_t c0, uint32_t rows) {
  const size_t block = j / c0;
  return block * rows * c0 + size_t(i) * c0 + j % c0;
}

// The cube's result for C[i][j]: `init` plus, per K0-deep step, that step's products summed
// exactly and added with one rounding to float (int32 wraps are not exercised).
template <class T>
std::vector<double> Reference(const std::vector<T>& a, const std::vector<T>& bT, uint32_t m, uint32_t n, uint32_t k,
                              const std::vector<double>& init) {
  std::vector<double> c(size_t(m) * n);
  for (uint32_t i = 0; i < m; ++i) {
    for (uint32_t j = 0; j < n; ++j) {
      double total = init.empty() ? 0.0 : init[size_t(i) * n + j];
      for (uint32_t step = 0; step < k; step += K0<T>()) {
        double partial = 0;
        for (uint32_t kk = step; kk < k && kk < step + K0<T>(); ++kk)
          partial += double(a[size_t(i) * k + kk]) * double(bT[size_t(j) * k + kk]);
        total = std::is_same_v<T, int8_t> ? total + partial : double(float(total + partial));
      }
      c[size_t(i) * n + j] = total;
    }
  }
  return c;
}

// Device side: A [m, k] from GM into L1 (NZ, m rounded to 16 rows) and on into L0A (Zz), one
// LoadData per 16-row block, as CANN's load_data sample does.
// `rowLength` is A's stored row length in GM (k when A is whole); `kBlocks` (default ceil(k/K0))
// is the number of fractals each row block takes in L0A.
template <class T>
void StageA(const AscendC::LocalTensor<T>& a1, const AscendC::LocalTensor<T>& a2, const AscendC::GlobalTensor<T>& aGm,
            uint32_t m, uint32_t k, uint32_t rowLength = 0, uint32_t kBlocks = 0) {
  const uint32_t m16 = Round16(m);
  if (kBlocks == 0) kBlocks = RoundUp(k, K0<T>()) / K0<T>();
  if (rowLength == 0) rowLength = k;
  AscendC::Nd2NzParams nd2nz(1, uint16_t(m), uint16_t(k), 0, uint16_t(rowLength), uint16_t(m16), 1, 0);
  AscendC::DataCopy(a1, aGm, nd2nz);
  AscendC::LoadData2DParams load;
  load.repeatTimes = uint8_t(kBlocks);
  load.srcStride = uint16_t(m16 / kBlock);
  for (uint32_t block = 0; block < m16 / kBlock; ++block) {
    AscendC::LoadData(a2[block * kBlocks * 512 / sizeof(T)], a1[block * 512 / sizeof(T)], load);
  }
}

// Device side: B given transposed, bT [n, k] in GM, into L1 as NZ (n rows); that layout is L0B's
// Zn, so one LoadData moves every fractal in order.
template <class T>
void StageBTransposed(const AscendC::LocalTensor<T>& b1, const AscendC::LocalTensor<T>& b2,
                      const AscendC::GlobalTensor<T>& bGm, uint32_t n, uint32_t k, uint32_t rowLength = 0) {
  const uint32_t n16 = Round16(n), kBlocks = RoundUp(k, K0<T>()) / K0<T>();
  if (rowLength == 0) rowLength = k;
  AscendC::Nd2NzParams nd2nz(1, uint16_t(n), uint16_t(k), 0, uint16_t(rowLength), uint16_t(n16), 1, 0);
  AscendC::DataCopy(b1, bGm, nd2nz);
  AscendC::LoadData2DParams load;
  load.repeatTimes = uint8_t(kBlocks * n16 / kBlock);
  load.srcStride = 1;
  AscendC::LoadData(b2, b1, load);
}

}  // namespace cubetest
