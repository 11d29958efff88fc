#include <gtest/gtest.h>

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

}  // namespace
