// EXPECT-COMPILES
// The cube-path call forms of NPUKernelBench's Catlass answers (level 3 GMM): parameter structs
// filled field by field, QuantMode_t named outside namespace AscendC, explicit Fixpipe template
// arguments with CFG_ROW_MAJOR / CFG_NZ, a half bias copied into the float bias table.
#include "kernel_operator.h"

namespace Catlass {
template <class Src, class Dst>
struct QuantModeOf {
  static constexpr auto VALUE = QuantMode_t::F322F16;
};

template <class Element, class Accumulator, class Out>
__aicore__ inline void TileMatmul(AscendC::LocalTensor<Element> a1, AscendC::LocalTensor<Element> b1,
                                  AscendC::LocalTensor<Element> a2, AscendC::LocalTensor<Element> b2,
                                  AscendC::LocalTensor<Accumulator> c1, AscendC::LocalTensor<half> bias1,
                                  AscendC::LocalTensor<float> biasTable, AscendC::GlobalTensor<Element> gmA,
                                  AscendC::GlobalTensor<Out> gmC) {
  AscendC::Nd2NzParams intriParams;
  intriParams.ndNum = 1;
  intriParams.nValue = 16;
  intriParams.dValue = 16;
  intriParams.srcNdMatrixStride = 0;
  intriParams.srcDValue = 16;
  intriParams.dstNzC0Stride = 16;
  intriParams.dstNzNStride = 1;
  intriParams.dstNzMatrixStride = 0;
  AscendC::DataCopy(a1, gmA, intriParams);
  AscendC::LoadData2DParams loadDataParams;
  loadDataParams.startIndex = 0;
  loadDataParams.repeatTimes = 1;
  loadDataParams.srcStride = 1;
  loadDataParams.sid = 0;
  loadDataParams.dstGap = 0;
  loadDataParams.ifTranspose = false;
  loadDataParams.addrMode = 0;
  AscendC::LoadData(a2, a1, loadDataParams);
  AscendC::LoadData2dTransposeParams transposeParams;
  transposeParams.startIndex = 0;
  transposeParams.repeatTimes = 1;
  transposeParams.srcStride = 1;
  transposeParams.dstGap = 0;
  transposeParams.dstFracGap = 0;
  AscendC::LoadDataWithTranspose(b2, b1, transposeParams);
  AscendC::DataCopyParams biasParams;
  biasParams.blockCount = 1;
  biasParams.blockLen = 1;
  AscendC::DataCopy(biasTable, bias1, biasParams);
  AscendC::MmadParams mmadParams;
  mmadParams.m = 16;
  mmadParams.n = 16;
  mmadParams.k = 16;
  mmadParams.unitFlag = 0;
  mmadParams.cmatrixInitVal = false;
  mmadParams.kDirectionAlign = true;
  AscendC::Mmad(c1, a2, b2, biasTable, mmadParams);
  AscendC::FixpipeParamsV220 fixParams;
  fixParams.nSize = 16;
  fixParams.mSize = 16;
  fixParams.srcStride = 16;
  fixParams.dstStride = 16;
  fixParams.quantPre = QuantModeOf<Accumulator, Out>::VALUE;
  fixParams.reluEn = false;
  fixParams.unitFlag = 0;
  AscendC::Fixpipe<Out, Accumulator, AscendC::CFG_ROW_MAJOR>(gmC, c1, fixParams);
  AscendC::Fixpipe<Out, Accumulator, AscendC::CFG_NZ>(gmC, c1, fixParams);
}
}  // namespace Catlass

extern "C" __global__ __aicore__ void catlass_style_custom(GM_ADDR a, GM_ADDR c) {
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::A1> l1;
  AscendC::TBuf<AscendC::TPosition::A2> l0a;
  AscendC::TBuf<AscendC::TPosition::B2> l0b;
  AscendC::TBuf<AscendC::TPosition::CO1> l0c;
  AscendC::TBuf<AscendC::TPosition::C2> bt;
  pipe.InitBuffer(l1, 4096);
  pipe.InitBuffer(l0a, 512);
  pipe.InitBuffer(l0b, 512);
  pipe.InitBuffer(l0c, 1024);
  pipe.InitBuffer(bt, 64);
  AscendC::GlobalTensor<half> gmA;
  AscendC::GlobalTensor<half> gmC;
  gmA.SetGlobalBuffer((__gm__ half*)a);
  gmC.SetGlobalBuffer((__gm__ half*)c);
  AscendC::LocalTensor<half> l1Tensor = l1.Get<half>();
  Catlass::TileMatmul<half, float, half>(l1Tensor, l1Tensor[256], l0a.Get<half>(), l0b.Get<half>(), l0c.Get<float>(),
                                         l1Tensor[512], bt.Get<float>(), gmA, gmC);
}
