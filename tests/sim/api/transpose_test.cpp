// TransDataTo5HD (vnchwconv) in its LocalTensor, address, TransDataTo5HDImpl and VA-register forms,
// and the 16x16 Transpose / vtranspose: known transposes, repeat strides, 8-bit halves, costs and
// the operand diagnostics.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "kernel_test_support.h"
#include "launch_profile.h"

using namespace AscendC;

namespace {

using simtest::RunOnUb;

// rows x columns values numbered row-major from 1, as T.
template <class T>
std::vector<T> Numbered(uint32_t rows, uint32_t columns) {
  std::vector<T> values(rows * columns);
  for (uint32_t i = 0; i < values.size(); ++i) values[i] = T(i % 2000 + 1);
  return values;
}

TEST(TransposeTest, TransDataTo5HDTransposesA16By16HalfMatrix) {
  const auto input = Numbered<half>(16, 16);
  const auto run = RunOnUb<half, half>(input, std::vector<half>(256), [](const auto& dst, const auto& src) {
    LocalTensor<half> dstList[16];
    LocalTensor<half> srcList[16];
    for (uint32_t i = 0; i < 16; ++i) {
      dstList[i] = dst[16 * i];
      srcList[i] = src[16 * i];
    }
    TransDataTo5HD(dstList, srcList, TransDataTo5HDParams());
  });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (uint32_t row = 0; row < 16; ++row) {
    for (uint32_t column = 0; column < 16; ++column) {
      ASSERT_EQ(float(run.dst[row * 16 + column]), float(input[column * 16 + row])) << row << "," << column;
    }
  }
}

// The 4-byte rule: destination blocks 2c and 2c+1 hold element c of sources 0-7 and 8-15, so the
// list {dst + 16c, dst + 16c + 8} turns a 16x8 float matrix into its 8x16 transpose.
TEST(TransposeTest, TransDataTo5HDImplTransposesA16By8FloatMatrix) {
  const auto input = Numbered<float>(16, 8);
  const auto run = RunOnUb<float, float>(input, std::vector<float>(128), [](const auto& dst, const auto& src) {
    __ubuf__ float* srcBase = (__ubuf__ float*)src.GetPhyAddr();
    __ubuf__ float* dstBase = (__ubuf__ float*)dst.GetPhyAddr();
    __ubuf__ float* srcList[16];
    __ubuf__ float* dstList[16];
    for (uint32_t i = 0; i < 16; ++i) srcList[i] = srcBase + 8 * i;
    for (uint32_t c = 0; c < 8; ++c) {
      dstList[2 * c] = dstBase + 16 * c;
      dstList[2 * c + 1] = dstBase + 16 * c + 8;
    }
    TransDataTo5HDImpl(dstList, srcList, TransDataTo5HDParams());
  });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (uint32_t row = 0; row < 8; ++row) {
    for (uint32_t column = 0; column < 16; ++column) {
      ASSERT_EQ(run.dst[row * 16 + column], input[column * 8 + row]) << row << "," << column;
    }
  }
}

// Repeat r reads the blocks srcRepStride blocks further on and writes dstRepStride blocks further
// on: three repeats transpose a 16x48 int16 matrix into 48x16.
TEST(TransposeTest, TransDataTo5HDAddressFormAdvancesEveryAddressByItsRepeatStride) {
  const auto input = Numbered<int16_t>(16, 48);
  const auto run =
      RunOnUb<int16_t, int16_t>(input, std::vector<int16_t>(48 * 16), [](const auto& dst, const auto& src) {
        uint64_t srcList[16];
        uint64_t dstList[16];
        for (uint32_t i = 0; i < 16; ++i) {
          srcList[i] = src[48 * i].GetPhyAddr();
          dstList[i] = dst[16 * i].GetPhyAddr();
        }
        TransDataTo5HD<int16_t>(dstList, srcList, TransDataTo5HDParams(false, false, 3, 16, 1));
      });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (uint32_t row = 0; row < 48; ++row) {
    for (uint32_t column = 0; column < 16; ++column) {
      ASSERT_EQ(run.dst[row * 16 + column], input[column * 48 + row]) << row << "," << column;
    }
  }
}

// 8-bit elements: each call moves one 16x16 quarter, the flags choosing the half of the source
// blocks read and of the destination blocks written; four calls transpose 32x32 bytes.
TEST(TransposeTest, TransDataTo5HDEightBitHalvesTransposeA32By32Matrix) {
  std::vector<uint8_t> input(32 * 32);
  for (uint32_t i = 0; i < input.size(); ++i) input[i] = uint8_t(i * 7 + 3);
  const auto run =
      RunOnUb<uint8_t, uint8_t>(input, std::vector<uint8_t>(32 * 32), [](const auto& dst, const auto& src) {
        for (uint32_t quarter = 0; quarter < 4; ++quarter) {
          const bool srcHigh = quarter % 2 == 1;  // source columns 16-31 become destination rows 16-31
          const bool dstHigh = quarter / 2 == 1;  // source rows 16-31 become destination columns 16-31
          __ubuf__ uint8_t* srcList[16];
          __ubuf__ uint8_t* dstList[16];
          for (uint32_t i = 0; i < 16; ++i) {
            srcList[i] = (__ubuf__ uint8_t*)src[32 * (i + (dstHigh ? 16 : 0))].GetPhyAddr();
            dstList[i] = (__ubuf__ uint8_t*)dst[32 * (i + (srcHigh ? 16 : 0))].GetPhyAddr();
          }
          TransDataTo5HDParams params;
          params.dstHighHalf = dstHigh;
          params.srcHighHalf = srcHigh;
          TransDataTo5HDImpl(dstList, srcList, params);
        }
      });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (uint32_t row = 0; row < 32; ++row) {
    for (uint32_t column = 0; column < 32; ++column) {
      ASSERT_EQ(run.dst[row * 32 + column], input[column * 32 + row]) << row << "," << column;
    }
  }
}

TEST(TransposeTest, EightBitLowHalfCallLeavesTheHighHalfOfEachBlockUntouched) {
  std::vector<int8_t> input(16 * 32);
  for (uint32_t i = 0; i < input.size(); ++i) input[i] = int8_t(i % 100);
  const auto run =
      RunOnUb<int8_t, int8_t>(input, std::vector<int8_t>(16 * 32, -1), [](const auto& dst, const auto& src) {
        LocalTensor<int8_t> dstList[16];
        LocalTensor<int8_t> srcList[16];
        for (uint32_t i = 0; i < 16; ++i) {
          dstList[i] = dst[32 * i];
          srcList[i] = src[32 * i];
        }
        TransDataTo5HD(dstList, srcList, TransDataTo5HDParams(false, true, 1, 0, 0));
      });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (uint32_t e = 0; e < 16; ++e) {
    for (uint32_t k = 0; k < 16; ++k) ASSERT_EQ(run.dst[32 * e + k], input[32 * k + 16 + e]) << e << "," << k;
    for (uint32_t k = 16; k < 32; ++k) ASSERT_EQ(run.dst[32 * e + k], -1) << e << "," << k;
  }
}

// The CCE form: the 16 destination addresses in VA0 and VA1, the sources in VA2 and VA3.
TEST(TransposeTest, ScatterVnchwconvReadsItsAddressesFromTwoVaRegisters) {
  const auto input = Numbered<half>(16, 32);
  const auto run = RunOnUb<half, half>(input, std::vector<half>(32 * 16), [](const auto& dst, const auto& src) {
    uint64_t dstAddresses[16];
    uint64_t srcAddresses[16];
    for (uint32_t i = 0; i < 16; ++i) {
      dstAddresses[i] = dst[16 * i].GetPhyAddr();
      srcAddresses[i] = src[32 * i].GetPhyAddr();
    }
    set_va_reg_sb(VA0, dstAddresses);
    set_va_reg_sb(VA1, dstAddresses + 8);
    set_va_reg_sb(VA2, srcAddresses);
    set_va_reg_sb(VA3, srcAddresses + 8);
    scatter_vnchwconv_b16(VA0, VA2, 2, 16, 1);
  });
  ASSERT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  for (uint32_t row = 0; row < 32; ++row) {
    for (uint32_t column = 0; column < 16; ++column) {
      ASSERT_EQ(float(run.dst[row * 16 + column]), float(input[column * 32 + row])) << row << "," << column;
    }
  }
}

TEST(TransposeTest, ScatterVnchwconvFromAnUnsetOrLastVaRegisterIsBadParameter) {
  const std::vector<half> values(256, half(1.0f));
  const auto unset = RunOnUb<half, half>(values, values, [](const auto& dst, const auto&) {
    uint64_t addresses[8];
    for (uint32_t i = 0; i < 8; ++i) addresses[i] = dst[16 * i].GetPhyAddr();
    set_va_reg_sb(VA0, addresses);
    set_va_reg_sb(VA1, addresses);
    set_va_reg_sb(VA2, addresses);
    scatter_vnchwconv_b16(VA0, VA2, 1, 0, 0);
  });
  EXPECT_TRUE(unset.outcome.HasKind("bad-parameter")) << unset.outcome.Describe();
  EXPECT_NE(unset.outcome.Describe().find("VA3"), std::string::npos) << unset.outcome.Describe();

  const auto last =
      RunOnUb<half, half>(values, values, [](const auto&, const auto&) { scatter_vnchwconv_b32(VA7, VA0, 1, 0, 0); });
  EXPECT_TRUE(last.outcome.HasKind("bad-parameter")) << last.outcome.Describe();
}

TEST(TransposeTest, VtransposeAndTransposeTranspose16By16InPlaceOrApart) {
  std::vector<uint16_t> input(256);
  for (uint32_t i = 0; i < 256; ++i) input[i] = uint16_t(i * 3 + 1);
  const auto apart =
      RunOnUb<uint16_t, uint16_t>(input, std::vector<uint16_t>(256), [](const auto& dst, const auto& src) {
        vtranspose((__ubuf__ uint16_t*)dst.GetPhyAddr(), (__ubuf__ uint16_t*)src.GetPhyAddr());
      });
  ASSERT_EQ(apart.outcome.status, 0) << apart.outcome.Describe();
  const auto inPlace =
      RunOnUb<uint16_t, uint16_t>(input, input, [](const auto& dst, const auto&) { Transpose(dst, dst); });
  ASSERT_EQ(inPlace.outcome.status, 0) << inPlace.outcome.Describe();
  for (uint32_t row = 0; row < 16; ++row) {
    for (uint32_t column = 0; column < 16; ++column) {
      ASSERT_EQ(apart.dst[row * 16 + column], input[column * 16 + row]) << row << "," << column;
      ASSERT_EQ(inPlace.dst[row * 16 + column], input[column * 16 + row]) << row << "," << column;
    }
  }
}

TEST(TransposeTest, VtransposeOverPartlyOverlappingOperandsIsBadParameter) {
  const std::vector<half> values(512, half(2.0f));
  const auto run = RunOnUb<half, half>(values, values, [](const auto& dst, const auto&) {
    vtranspose((__ubuf__ half*)dst[16].GetPhyAddr(), (__ubuf__ half*)dst.GetPhyAddr());
  });
  EXPECT_TRUE(run.outcome.HasKind("bad-parameter")) << run.outcome.Describe();
}

// The broadcast idiom of the AddLayerNorm kernels, built only from CCE intrinsics: 128 floats are
// transposed as 2-byte halves (vtranspose), replicated eight times (vor), then vnchwconv with
// register-held addresses turns each float into its own 32-byte block of eight copies.
TEST(TransposeTest, CceIntrinsicsBroadcastEachFloatToItsOwnBlock) {
  std::vector<float> input(128);
  for (uint32_t i = 0; i < input.size(); ++i) input[i] = float(i) * 1.5f - 7.0f;
  simtest::GmBuffer<float> inputGm(input), outputGm(128 * 8);
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> sourceBuf, stagingBuf, resultBuf, zeroBuf;
    pipe.InitBuffer(sourceBuf, 128 * sizeof(float));
    pipe.InitBuffer(stagingBuf, 4096);
    pipe.InitBuffer(resultBuf, 4096);
    pipe.InitBuffer(zeroBuf, 32);
    GlobalTensor<float> inputGlobal, outputGlobal;
    inputGlobal.SetGlobalBuffer((__gm__ float*)inputGm.addr(), 128);
    outputGlobal.SetGlobalBuffer((__gm__ float*)outputGm.addr(), 128 * 8);
    LocalTensor<float> source = sourceBuf.Get<float>();
    DataCopy(source, inputGlobal, 128);
    PipeBarrier<PIPE_ALL>();
    __ubuf__ int16_t* staging = (__ubuf__ int16_t*)stagingBuf.Get<int16_t>().GetPhyAddr();
    __ubuf__ int16_t* result = (__ubuf__ int16_t*)resultBuf.Get<int16_t>().GetPhyAddr();
    __ubuf__ int16_t* zero = (__ubuf__ int16_t*)zeroBuf.Get<int16_t>().GetPhyAddr();

    set_vector_mask(0, 0xffff);
    vector_dup(zero, int16_t(0), 1, 1, 0, uint8_t(8), uint8_t(0));
    copy_ubuf_to_ubuf(staging, (__ubuf__ float*)source.GetPhyAddr(), 0, 1, 16, 0, 0);
    pipe_barrier(PIPE_V);
    // Row 2m of the transpose holds the low halves of floats m, m+8, ..., m+120; row 2m+1 the high.
    vtranspose((__ubuf__ uint16_t*)result, (__ubuf__ uint16_t*)staging);
    pipe_barrier(PIPE_V);
    set_vector_mask(~0ull, ~0ull);
    // Eight copies of the transposed matrix, 512 bytes apart: rows 0-7, then rows 8-15 of each.
    vor(staging, result, zero, 8, 1, 1, 0, 16, 0, 0);
    vor(staging + 128, result + 128, zero, 8, 1, 1, 0, 16, 0, 0);
    pipe_barrier(PIPE_V);
    uint64_t dstAddresses[16];
    uint64_t srcAddresses[16];
    for (uint32_t i = 0; i < 16; ++i) {
      dstAddresses[i] = reinterpret_cast<uint64_t>(result + 128 * i);
      srcAddresses[i] = reinterpret_cast<uint64_t>(staging + 256 * (i / 2) + 16 * (i % 2));
    }
    set_va_reg_sb(VA0, dstAddresses);
    set_va_reg_sb(VA1, dstAddresses + 8);
    set_va_reg_sb(VA2, srcAddresses);
    set_va_reg_sb(VA3, srcAddresses + 8);
    // Repeat r pairs the low and high rows of float column r, so block r of result row e gets
    // eight copies of float 8e + r.
    scatter_vnchwconv_b16(VA0, VA2, 8, 1, 2);
    ResetMask();
    PipeBarrier<PIPE_ALL>();
    DataCopy(outputGlobal, resultBuf.Get<float>(), 128 * 8);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  const auto output = outputGm.values();
  for (uint32_t i = 0; i < output.size(); ++i) ASSERT_EQ(output[i], input[i / 8]) << "element " << i;
}

// Lists of `T*` at `base + stride * i`, for the diagnostics below.
template <class T>
void FillList(__ubuf__ T* (&list)[16], __ubuf__ T* base, uint32_t stride) {
  for (uint32_t i = 0; i < 16; ++i) list[i] = base + stride * i;
}

TEST(TransposeTest, MisalignedListEntryIsReportedByName) {
  const std::vector<half> values(16 * 32, half(1.0f));
  const auto run = RunOnUb<half, half>(values, values, [](const auto& dst, const auto& src) {
    __ubuf__ half* srcList[16];
    __ubuf__ half* dstList[16];
    FillList(srcList, (__ubuf__ half*)src.GetPhyAddr(), 32);
    FillList(dstList, (__ubuf__ half*)dst.GetPhyAddr(), 32);
    srcList[5] += 8;  // 16 bytes into its block
    TransDataTo5HDImpl(dstList, srcList, TransDataTo5HDParams());
  });
  EXPECT_TRUE(run.outcome.HasKind("misaligned-address")) << run.outcome.Describe();
  EXPECT_NE(run.outcome.Describe().find("srcList[5]"), std::string::npos) << run.outcome.Describe();
}

TEST(TransposeTest, RepeatsRunningPastTheBufferWarnNamingTheListEntry) {
  const std::vector<float> values(16 * 8, 1.0f);
  const auto run = RunOnUb<float, float>(values, values, [](const auto& dst, const auto& src) {
    __ubuf__ float* srcList[16];
    __ubuf__ float* dstList[16];
    FillList(srcList, (__ubuf__ float*)src.GetPhyAddr(), 8);
    FillList(dstList, (__ubuf__ float*)dst.GetPhyAddr(), 8);
    // Two repeats of 16 blocks each: the second runs past both 512-byte buffers.
    TransDataTo5HDImpl(dstList, srcList, TransDataTo5HDParams(false, false, 2, 16, 16));
  });
  EXPECT_EQ(run.outcome.status, 0) << run.outcome.Describe();
  ASSERT_FALSE(run.outcome.diagnostics.empty()) << run.outcome.Describe();
  EXPECT_EQ(run.outcome.diagnostics[0].kind, "ub-out-of-bounds");
  EXPECT_EQ(run.outcome.diagnostics[0].severity, ascendc_sim::Severity::kWarning);
  EXPECT_EQ(run.outcome.diagnostics[0].message.rfind("dstList[0] accesses bytes [0, 544)", 0), 0u)
      << run.outcome.Describe();
}

TEST(TransposeTest, AddressIntoNoLiveBufferAndRepeatsOver255AreRejected) {
  const std::vector<half> values(256, half(1.0f));
  const auto stray = RunOnUb<half, half>(values, values, [](const auto& dst, const auto& src) {
    uint64_t srcList[16];
    uint64_t dstList[16];
    for (uint32_t i = 0; i < 16; ++i) {
      srcList[i] = src[16 * i].GetPhyAddr();
      dstList[i] = dst[16 * i].GetPhyAddr();
    }
    dstList[9] = reinterpret_cast<uint64_t>(&dstList[0]);  // host stack, not on-chip memory
    TransDataTo5HD<half>(dstList, srcList, TransDataTo5HDParams());
  });
  EXPECT_TRUE(stray.outcome.HasKind("ub-out-of-bounds")) << stray.outcome.Describe();
  EXPECT_NE(stray.outcome.Describe().find("dstList[9]"), std::string::npos) << stray.outcome.Describe();

  const auto tooMany = RunOnUb<half, half>(values, values, [](const auto& dst, const auto& src) {
    LocalTensor<half> dstList[16];
    LocalTensor<half> srcList[16];
    for (uint32_t i = 0; i < 16; ++i) {
      dstList[i] = dst[16 * i];
      srcList[i] = src[16 * i];
    }
    TransDataTo5HDParams params;
    params.repeatTimes = 300;
    TransDataTo5HD(dstList, srcList, params);
  });
  EXPECT_TRUE(tooMany.outcome.HasKind("bad-parameter")) << tooMany.outcome.Describe();
}

TEST(TransposeTest, ReadingBlocksNothingWroteWarns) {
  const auto run = simtest::Launch(1, [] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buffer;
    pipe.InitBuffer(buffer, 2 * 512);
    LocalTensor<half> dst = buffer.Get<half>();
    vtranspose((__ubuf__ half*)dst.GetPhyAddr(), (__ubuf__ half*)dst[256].GetPhyAddr());
  });
  EXPECT_EQ(run.status, 0) << run.Describe();
  EXPECT_TRUE(run.HasKind("uninitialized-read")) << run.Describe();
}

// Each repeat moves 512 bytes, charged as two passes of the vector unit.
TEST(TransposeTest, EveryRepeatCostsTwoVectorPasses) {
  auto vectorBusy = [](uint32_t repeats) {
    ascendc_sim::TakeLaunchProfiles();
    const auto outcome = simtest::Launch(1, [repeats] {
      TPipe pipe;
      TBuf<TPosition::VECCALC> a, b;
      pipe.InitBuffer(a, 16 * 4 * 32);
      pipe.InitBuffer(b, 16 * 4 * 32);
      LocalTensor<half> at = a.Get<half>(), bt = b.Get<half>();
      Duplicate(bt, half(1.0f), 16 * 4 * 16);
      LocalTensor<half> dstList[16];
      LocalTensor<half> srcList[16];
      for (uint32_t i = 0; i < 16; ++i) {
        dstList[i] = at[64 * i];
        srcList[i] = bt[64 * i];
      }
      TransDataTo5HD(dstList, srcList, TransDataTo5HDParams(false, false, repeats, 1, 1));
    });
    EXPECT_EQ(outcome.status, 0) << outcome.Describe();
    const auto profiles = ascendc_sim::TakeLaunchProfiles();
    return profiles.empty() ? 0 : profiles.front().busyCycles[size_t(ascendc_sim::HwPipe::kVector)];
  };
  EXPECT_EQ(vectorBusy(4) - vectorBusy(1), 3u * 2u);
}

}  // namespace
