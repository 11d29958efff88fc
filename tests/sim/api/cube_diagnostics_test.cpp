// Diagnostics of the cube path: operands at the wrong position, misaligned starts, accesses past
// the end of a memory, parameters out of range or not matching the dtypes, reads of L0 bytes that
// nothing wrote, Fixpipe to UB, and a missing MTE2 -> MTE1 flag under strict synchronisation.
#include <gtest/gtest.h>

#include "cube_test_support.h"
#include "launch_profile.h"

using namespace AscendC;

namespace {

// The buffers of one cube core, each 16 KiB: L1 (A1), L0A, L0B, L0C and a UB scratch.
struct CubeBuffers {
  TPipe pipe;
  TBuf<TPosition::A1> l1;
  TBuf<TPosition::A2> l0a;
  TBuf<TPosition::B2> l0b;
  TBuf<TPosition::CO1> l0c;
  TBuf<TPosition::VECCALC> ub;
  CubeBuffers() {
    pipe.InitBuffer(l1, 16384);
    pipe.InitBuffer(l0a, 16384);
    pipe.InitBuffer(l0b, 16384);
    pipe.InitBuffer(l0c, 16384);
    pipe.InitBuffer(ub, 16384);
  }
};

template <class Body>
simtest::LaunchOutcome RunCube(Body body) {
  return simtest::LaunchOnCube(1, [&] {
    CubeBuffers buffers;
    body(buffers);
  });
}

void ExpectError(const simtest::LaunchOutcome& outcome, const char* kind, const char* text) {
  EXPECT_NE(outcome.status, 0) << outcome.Describe();
  EXPECT_TRUE(outcome.HasKind(kind)) << outcome.Describe();
  EXPECT_NE(outcome.Describe().find(text), std::string::npos) << outcome.Describe();
}

const LoadData2DParams kOneFractal(0, 1, 1, 0, 0, false, 0);

TEST(CubeDiagnostics, LoadDataIntoL1IsTheWrongPosition) {
  ExpectError(RunCube([](CubeBuffers& b) { LoadData(b.l1.Get<half>(), b.l1.Get<half>()[256], kOneFractal); }),
              "wrong-position", "the destination must be in L0A");
}

TEST(CubeDiagnostics, MmadOperandsMustBeInL0cL0aAndL0b) {
  ExpectError(RunCube([](CubeBuffers& b) {
                Mmad(b.ub.Get<float>(), b.l0a.Get<half>(), b.l0b.Get<half>(), MmadParams(16, 16, 16, 0, false, true));
              }),
              "wrong-position", "the result (dst) must be in L0C");
  ExpectError(RunCube([](CubeBuffers& b) {
                Mmad(b.l0c.Get<float>(), b.l0b.Get<half>(), b.l0b.Get<half>(), MmadParams(16, 16, 16, 0, false, true));
              }),
              "wrong-position", "the left matrix (fm) must be in L0A");
}

TEST(CubeDiagnostics, L0aStartsMustBe512ByteAligned) {
  ExpectError(RunCube([](CubeBuffers& b) {
                LoadData(b.l0a.Get<half>()[128], b.l1.Get<half>(), kOneFractal);  // 256 bytes in
              }),
              "misaligned-address", "L0A address 0x100 is not 512-byte aligned");
}

TEST(CubeDiagnostics, LoadingPastTheEndOfL0bFaults) {
  // The L0B buffer starts at 0; 130 fractals reach byte 66560 of the 65536-byte L0B.
  ExpectError(RunCube([](CubeBuffers& b) {
                LoadData(b.l0b.Get<half>(), b.l1.Get<half>(), LoadData2DParams(0, 130, 0, 0, 0, false, 0));
              }),
              "ub-overflow", "past the end of the 65536-byte L0B");
}

TEST(CubeDiagnostics, MmadShapeOverTheLimitIsABadParameter) {
  ExpectError(RunCube([](CubeBuffers& b) {
                Mmad(b.l0c.Get<float>(), b.l0a.Get<half>(), b.l0b.Get<half>(),
                     MmadParams(16, 4096, 16, 0, false, true));
              }),
              "bad-parameter", "MmadParams.n 4096 is over the hardware limit of 4095");
}

TEST(CubeDiagnostics, IfTransposeOnFloatIsABadParameter) {
  ExpectError(RunCube([](CubeBuffers& b) {
                LoadData(b.l0b.Get<float>(), b.l1.Get<float>(), LoadData2DParams(0, 1, 1, 0, 0, true, 0));
              }),
              "bad-parameter", "ifTranspose works on b16");
}

TEST(CubeDiagnostics, QuantModeMustMatchTheTypes) {
  simtest::GmBuffer<half> gm(256);
  ExpectError(RunCube([&](CubeBuffers& b) {
                auto out = cubetest::Global(gm);
                Fixpipe(out, b.l0c.Get<float>(), FixpipeParamsV220(16, 16, 16, 16, false));  // NoQuant into half
              }),
              "bad-parameter", "quantPre NoQuant does not convert float to half");
}

TEST(CubeDiagnostics, FixpipeToUbDoesNotExistOnA2) {
  ExpectError(RunCube([](CubeBuffers& b) {
                Fixpipe(b.ub.Get<float>(), b.l0c.Get<float>(), FixpipeParamsV220(16, 16, 16, 16, false));
              }),
              "unsupported", "Fixpipe from L0C to UB does not exist on Atlas A2");
}

TEST(CubeDiagnostics, MmadOnL0bNothingWroteWarnsOfAnUninitialisedRead) {
  const simtest::LaunchOutcome outcome = RunCube([](CubeBuffers& b) {
    LocalTensor<half> l1 = b.l1.Get<half>();
    for (uint32_t i = 0; i < 256; ++i) l1.SetValue(i, half(1.0f));
    LoadData(b.l0a.Get<half>(), l1, kOneFractal);
    Mmad(b.l0c.Get<float>(), b.l0a.Get<half>(), b.l0b.Get<half>(), MmadParams(16, 16, 16, 0, false, true));
  });
  EXPECT_EQ(outcome.status, 0) << outcome.Describe();
  EXPECT_TRUE(outcome.HasKind("uninitialized-read")) << outcome.Describe();
}

// Nd2Nz (MTE2) then LoadData (MTE1) of the same L1 bytes, with or without the MTE2 -> MTE1 flag.
simtest::LaunchOutcome NdToL0a(bool withFlag) {
  simtest::GmBuffer<half> gm(std::vector<half>(256, half(2.0f)));
  ascendc_sim::SetSyncMode(ascendc_sim::SyncMode::kStrict);
  const simtest::LaunchOutcome outcome = RunCube([&](CubeBuffers& b) {
    auto global = cubetest::Global(gm);
    DataCopy(b.l1.Get<half>(), global, Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 0));
    if (withFlag) {
      SetFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
      WaitFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
    }
    LoadData(b.l0a.Get<half>(), b.l1.Get<half>(), kOneFractal);
  });
  ascendc_sim::SetSyncMode(ascendc_sim::SyncMode::kAuto);
  return outcome;
}

TEST(CubeDiagnostics, MissingMte2ToMte1FlagIsASyncHazardWhenStrict) {
  ExpectError(NdToL0a(false), "sync-hazard", "LoadData (pipe MTE1) reads what DataCopy (pipe MTE2)");
  const simtest::LaunchOutcome synced = NdToL0a(true);
  EXPECT_EQ(synced.status, 0) << synced.Describe();
}

}  // namespace
