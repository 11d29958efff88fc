#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "kernel_test_support.h"

using namespace AscendC;

namespace {

// A double-buffered element-wise kernel in the style of CANN's AddCustom sample.
template <class T>
class AddKernel {
 public:
  void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t totalLength, uint32_t tileLength) {
    blockLength_ = totalLength / GetBlockNum();
    tileLength_ = tileLength;
    x_.SetGlobalBuffer((__gm__ T*)x + blockLength_ * GetBlockIdx(), blockLength_);
    y_.SetGlobalBuffer((__gm__ T*)y + blockLength_ * GetBlockIdx(), blockLength_);
    z_.SetGlobalBuffer((__gm__ T*)z + blockLength_ * GetBlockIdx(), blockLength_);
    pipe_.InitBuffer(inX_, 2, tileLength_ * sizeof(T));
    pipe_.InitBuffer(inY_, 2, tileLength_ * sizeof(T));
    pipe_.InitBuffer(outZ_, 2, tileLength_ * sizeof(T));
  }
  void Process() {
    for (uint32_t i = 0; i < blockLength_ / tileLength_; ++i) {
      LocalTensor<T> x = inX_.AllocTensor<T>();
      LocalTensor<T> y = inY_.AllocTensor<T>();
      DataCopy(x, x_[i * tileLength_], tileLength_);
      DataCopy(y, y_[i * tileLength_], tileLength_);
      inX_.EnQue(x);
      inY_.EnQue(y);
      LocalTensor<T> xs = inX_.DeQue<T>();
      LocalTensor<T> ys = inY_.DeQue<T>();
      LocalTensor<T> z = outZ_.AllocTensor<T>();
      Add(z, xs, ys, tileLength_);
      outZ_.EnQue<T>(z);
      inX_.FreeTensor(xs);
      inY_.FreeTensor(ys);
      LocalTensor<T> zs = outZ_.DeQue<T>();
      DataCopy(z_[i * tileLength_], zs, tileLength_);
      outZ_.FreeTensor(zs);
    }
  }

 private:
  TPipe pipe_;
  TQue<QuePosition::VECIN, 1> inX_, inY_;
  TQue<QuePosition::VECOUT, 1> outZ_;
  GlobalTensor<T> x_, y_, z_;
  uint32_t blockLength_ = 0;
  uint32_t tileLength_ = 0;
};

TEST(BinaryTest, DoubleBufferedHalfAddMatchesRoundedReference) {
  constexpr uint32_t kLength = 8 * 2048;
  const auto xs = simtest::RandomFloats(kLength, -4.0f, 4.0f, 1);
  const auto ys = simtest::RandomFloats(kLength, -4.0f, 4.0f, 2);
  simtest::GmBuffer<half> x(simtest::Convert<half>(xs)), y(simtest::Convert<half>(ys)), z(kLength);
  const auto outcome = simtest::Launch(8, [&] {
    AddKernel<half> kernel;
    kernel.Init(x.addr(), y.addr(), z.addr(), kLength, 256);
    kernel.Process();
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  const auto result = z.values();
  for (uint32_t i = 0; i < kLength; ++i) {
    const half expected = half(float(half(xs[i])) + float(half(ys[i])));
    ASSERT_EQ(result[i].bits, expected.bits) << "element " << i;
  }
}

// vor, the CCE spelling of Or on raw UB pointers, under the mask register. As AddLayerNorm uses it:
// src0RepStride 0 re-reads one repeat and src1BlkStride 0 reads one block for all eight.
TEST(BinaryTest, VorOrsRawPointersWithTheirStridesUnderTheMaskRegister) {
  std::vector<int16_t> source(128 + 16);
  for (size_t i = 0; i < source.size(); ++i) source[i] = int16_t(i < 128 ? i * 3 : 0x4000 >> (i - 128));
  const std::vector<int16_t> sentinel(512, -7);
  const auto run = simtest::RunOnUb<int16_t, int16_t>(source, sentinel, [](const auto& dst, const auto& src) {
    set_vector_mask(0, ~0ull);  // lanes 0-63 of each repeat
    vor((__ubuf__ int16_t*)dst.GetPhyAddr(), (__ubuf__ int16_t*)src.GetPhyAddr(),
        (__ubuf__ int16_t*)src[128].GetPhyAddr(), 2, 1, 1, 0, 16, 0, 0);
    ResetMask();
  });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (uint32_t i = 0; i < 512; ++i) {
    const uint32_t repeat = i / 256, lane = i % 256;
    const int16_t expected = lane < 64 ? int16_t(source[lane] | source[128 + lane % 16]) : int16_t(-7);
    ASSERT_EQ(run.dst[i], expected) << "element " << i << " (repeat " << repeat << ")";
  }
}

}  // namespace

namespace {

TEST(LocalTensorTest, PrintAndToFileShowTheTensorContents) {
  const std::string path = testing::TempDir() + "local_tensor.bin";
  testing::internal::CaptureStdout();
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 64);
    LocalTensor<int32_t> values = buf.Get<int32_t>();
    for (int32_t i = 0; i < 16; ++i) values.SetValue(i, i * 3);
    values.Print(4);
    EXPECT_EQ(values.ToFile(path.c_str()), 0);
  });
  const std::string printed = testing::internal::GetCapturedStdout();
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  EXPECT_EQ(printed, "0 3 6 9\n");
  std::FILE* file = std::fopen(path.c_str(), "rb");
  ASSERT_NE(file, nullptr);
  int32_t fromFile[16] = {};
  EXPECT_EQ(std::fread(fromFile, sizeof(int32_t), 16, file), 16u);
  std::fclose(file);
  for (int32_t i = 0; i < 16; ++i) EXPECT_EQ(fromFile[i], i * 3);
}

TEST(LocalTensorTest, PipeResetFreesOnlyItsOwnBuffers) {
  const auto outcome = simtest::Launch(1, [&] {
    TPipe first;
    TBuf<TPosition::VECCALC> kept;
    first.InitBuffer(kept, 64);
    TPipe second;
    TBuf<TPosition::VECCALC> reset;
    second.InitBuffer(reset, 64);
    LocalTensor<float> keptTensor = kept.Get<float>();
    second.Reset();
    Duplicate(keptTensor, 1.0f, 16);  // still valid: it belongs to the first pipe
    LocalTensor<float> stale = reset.Get<float>();  // the second pipe's TBuf is gone: a warning
    Duplicate(stale, 1.0f, 16);                      // and any use of the view an error
  });
  EXPECT_EQ(outcome.status, 1);
  ASSERT_EQ(outcome.diagnostics.size(), 2u) << outcome.Describe();
  EXPECT_EQ(outcome.diagnostics[0].kind, "queue-misuse");
  EXPECT_EQ(outcome.diagnostics[0].api, "TBuf::Get");
  EXPECT_EQ(outcome.diagnostics[0].severity, ascendc_sim::Severity::kWarning);
  EXPECT_EQ(outcome.diagnostics[1].kind, "queue-misuse");
  EXPECT_EQ(outcome.diagnostics[1].api, "Duplicate");
  EXPECT_EQ(outcome.diagnostics[1].severity, ascendc_sim::Severity::kError);
}

// A kernel may take a view of a TBuf it initialises only for some dtypes and never use it
// (TanhMath's float path): the NPU does not mind, so the run goes on with a warning.
TEST(LocalTensorTest, AnUnusedViewOfAnUninitialisedTBufIsOnlyAWarning) {
  simtest::GmBuffer<float> out(8);
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> used, neverInitialised;
    pipe.InitBuffer(used, 32);
    LocalTensor<float> unused = neverInitialised.Get<float>();
    (void)unused;
    LocalTensor<float> values = used.Get<float>();
    Duplicate(values, 2.0f, 8);
    GlobalTensor<float> gm;
    gm.SetGlobalBuffer((__gm__ float*)out.addr(), 8);
    PipeBarrier<PIPE_ALL>();
    DataCopy(gm, values, 8);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  ASSERT_EQ(outcome.diagnostics.size(), 1u) << outcome.Describe();
  EXPECT_EQ(outcome.diagnostics[0].severity, ascendc_sim::Severity::kWarning);
  EXPECT_EQ(out.values(), std::vector<float>(8, 2.0f));
}

}  // namespace
