// Kernels built in two variants run one cube core (AIC) and one or two vector cores (AIV) per
// block; their identities, the cross-core flags of every mode, SyncAll across core types, the
// declared kernel types, and the deadlocks and misuse the NPU would hang on or reject.
#include <gtest/gtest.h>

#include <vector>

#include "kernel_test_support.h"

namespace {

using simtest::GmBuffer;

// Each core writes what it sees into its own row of 6 values.
struct IdentityRows {
  GmBuffer<int64_t> rows{std::vector<int64_t>(64 * 6, -1)};
  void Record(int64_t row) const {
    AscendC::GlobalTensor<int64_t> out;
    out.SetGlobalBuffer((__gm__ int64_t*)rows.addr() + row * 6, 6);
    out.SetValue(0, AscendC::GetBlockIdx());
    out.SetValue(1, AscendC::GetBlockNum());
    out.SetValue(2, AscendC::GetSubBlockIdx());
    out.SetValue(3, AscendC::GetSubBlockNum());
    out.SetValue(4, AscendC::GetTaskRatio());
    out.SetValue(5, ascendc_sim::rt::OnCubeCore());
  }
  std::vector<int64_t> Row(int64_t row) const {
    const std::vector<int64_t> all = rows.values();
    return std::vector<int64_t>(all.begin() + row * 6, all.begin() + row * 6 + 6);
  }
};

TEST(MixedLaunchTest, EachBlockRunsOneCubeAndTwoVectorCoresByDefault) {
  IdentityRows seen;
  const auto outcome = simtest::LaunchMixed(
      3, [&] { seen.Record(AscendC::GetBlockIdx()); }, [&] { seen.Record(8 + AscendC::GetBlockIdx()); });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  for (int64_t block = 0; block < 3; ++block) EXPECT_EQ(seen.Row(block), (std::vector<int64_t>{block, 3, 0, 2, 1, 1}));
  // The vector cores are numbered across blocks: block b has vector cores 2b and 2b + 1.
  for (int64_t vector = 0; vector < 6; ++vector)
    EXPECT_EQ(seen.Row(8 + vector), (std::vector<int64_t>{vector, 3, vector % 2, 2, 2, 0}));
  EXPECT_EQ(seen.Row(3)[0], -1);
  EXPECT_EQ(seen.Row(14)[0], -1);
}

TEST(MixedLaunchTest, DeclaredKernelTypesChooseTheCoresOfEachBlock) {
  IdentityRows seen;
  auto declareOneToOne = [&](int64_t base) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_1);
    seen.Record(base + AscendC::GetBlockIdx());
  };
  auto outcome = simtest::LaunchMixed(
      2, [&] { declareOneToOne(0); }, [&] { declareOneToOne(8); });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  EXPECT_EQ(seen.Row(1), (std::vector<int64_t>{1, 2, 0, 1, 1, 1}));
  EXPECT_EQ(seen.Row(9), (std::vector<int64_t>{1, 2, 0, 1, 1, 0}));
  EXPECT_EQ(seen.Row(10)[0], -1);  // one vector core per block

  IdentityRows cubeOnly;
  auto declareCubeOnly = [&](int64_t base) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
    cubeOnly.Record(base + AscendC::GetBlockIdx());
  };
  outcome = simtest::LaunchMixed(
      2, [&] { declareCubeOnly(0); }, [&] { declareCubeOnly(8); });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  EXPECT_EQ(cubeOnly.Row(1)[5], 1);
  EXPECT_EQ(cubeOnly.Row(8)[0], -1);  // no vector core ran

  IdentityRows vectorOnly;
  auto declareVectorOnly = [&](int64_t base) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    vectorOnly.Record(base + AscendC::GetBlockIdx());
  };
  outcome = simtest::LaunchMixed(
      2, [&] { declareVectorOnly(0); }, [&] { declareVectorOnly(8); });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  EXPECT_EQ(vectorOnly.Row(0)[0], -1);  // the cube core that declared it was dropped
  EXPECT_EQ(vectorOnly.Row(9), (std::vector<int64_t>{1, 2, 0, 1, 1, 0}));
}

// KERNEL_TYPE_AICORE, VECTORCORE, MIX_AICORE and MIX_VECTOR_CORE are the Atlas inference series';
// CANN's A2 build ignores them, so the kernel keeps the cores its code gives it, with a warning.
TEST(MixedLaunchTest, InferenceSeriesKernelTypesAreIgnoredWithAWarning) {
  for (const uint8_t type : {KERNEL_TYPE_AICORE, KERNEL_TYPE_VECTORCORE, KERNEL_TYPE_MIX_AICORE,
                             KERNEL_TYPE_MIX_VECTOR_CORE}) {
    SCOPED_TRACE(int(type));
    IdentityRows mixed;
    auto declare = [&](int64_t base) {
      switch (type) {
        case KERNEL_TYPE_AICORE: KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AICORE); break;
        case KERNEL_TYPE_VECTORCORE: KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_VECTORCORE); break;
        case KERNEL_TYPE_MIX_AICORE: KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AICORE); break;
        default: KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_VECTOR_CORE); break;
      }
      mixed.Record(base + AscendC::GetBlockIdx());
    };
    auto outcome = simtest::LaunchMixed(2, [&] { declare(0); }, [&] { declare(8); });
    ASSERT_EQ(outcome.status, 0) << outcome.Describe();
    EXPECT_EQ(mixed.Row(1), (std::vector<int64_t>{1, 2, 0, 2, 1, 1}));    // the cube core of block 1
    EXPECT_EQ(mixed.Row(11), (std::vector<int64_t>{3, 2, 1, 2, 2, 0}));   // both vector cores stay
    ASSERT_EQ(outcome.diagnostics.size(), 1u) << outcome.Describe();
    EXPECT_EQ(outcome.diagnostics[0].kind, "unsupported");
    EXPECT_NE(outcome.diagnostics[0].message.find("Atlas A2 build ignores it"), std::string::npos);

    IdentityRows vectorOnly;
    outcome = simtest::Launch(2, [&] {
      KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_VECTOR_CORE);
      vectorOnly.Record(AscendC::GetBlockIdx());
    });
    ASSERT_EQ(outcome.status, 0) << outcome.Describe();
    EXPECT_EQ(vectorOnly.Row(1), (std::vector<int64_t>{1, 2, 0, 1, 1, 0}));
    EXPECT_EQ(vectorOnly.Row(2)[0], -1);
  }
}

// Mode 2 both ways: each vector core publishes a value, the cube core waits for both, adds them and
// publishes the sum, which both vector cores then read.
// ICPU_RUN_KF runs the one CPU-debug build on the cores SetKernelMode names; g_coreType is the
// running core's type there.
TEST(MixedLaunchTest, CpuDebugLaunchesRunOnTheCoresOfTheKernelMode) {
  auto runInMode = [](KernelMode mode, IdentityRows& seen) {
    AscendC::SetKernelMode(mode);
    auto body = [&] { seen.Record((ASCEND_IS_AIC ? 0 : 8) + AscendC::GetBlockIdx()); };
    ascendc_sim::TakeDiagnostics();
    return ascendc_sim::RunDebugKernel("debug_kernel", 2, body,
                                       ascendc_sim::MakeSite("test", std::source_location::current()));
  };
  IdentityRows cube;
  ASSERT_EQ(runInMode(KernelMode::AIC_MODE, cube), 0);
  EXPECT_EQ(cube.Row(1), (std::vector<int64_t>{1, 2, 0, 0, 1, 1}));
  EXPECT_EQ(cube.Row(8)[0], -1);  // no vector core ran

  IdentityRows mix;
  ASSERT_EQ(runInMode(KernelMode::MIX_MODE, mix), 0);
  EXPECT_EQ(mix.Row(1), (std::vector<int64_t>{1, 2, 0, 2, 1, 1}));
  EXPECT_EQ(mix.Row(8 + 3), (std::vector<int64_t>{3, 2, 1, 2, 2, 0}));

  IdentityRows oneToOne;
  ASSERT_EQ(runInMode(KernelMode::MIX_AIC_1_1, oneToOne), 0);
  EXPECT_EQ(oneToOne.Row(8 + 1), (std::vector<int64_t>{1, 2, 0, 1, 1, 0}));
  EXPECT_EQ(oneToOne.Row(8 + 2)[0], -1);

  IdentityRows vector;
  ASSERT_EQ(runInMode(KernelMode::AIV_MODE, vector), 0);
  EXPECT_EQ(vector.Row(0)[0], -1);  // no cube core ran
  EXPECT_EQ(vector.Row(8 + 1), (std::vector<int64_t>{1, 2, 0, 1, 1, 0}));
}

TEST(MixedLaunchTest, ModeTwoFlagsHandDataBetweenTheCubeCoreAndItsVectorCores) {
  GmBuffer<int32_t> values(std::vector<int32_t>(4 * 4, 0));
  auto gm = [&](int64_t index) {
    AscendC::GlobalTensor<int32_t> tensor;
    tensor.SetGlobalBuffer((__gm__ int32_t*)values.addr() + index, 1);
    return tensor;
  };
  const auto outcome = simtest::LaunchMixed(
      4,
      [&] {
        const int64_t block = AscendC::GetBlockIdx();
        AscendC::CrossCoreWaitFlag(3);
        gm(block * 4 + 2).SetValue(0, gm(block * 4).GetValue(0) + gm(block * 4 + 1).GetValue(0));
        AscendC::CrossCoreSetFlag<2, PIPE_FIX>(4);
      },
      [&] {
        const int64_t block = AscendC::GetBlockIdx() / 2, sub = AscendC::GetSubBlockIdx();
        gm(block * 4 + sub).SetValue(0, int32_t(10 * block + sub + 1));
        AscendC::CrossCoreSetFlag<2, PIPE_MTE3>(3);
        AscendC::CrossCoreWaitFlag(4);
        if (sub == 1) gm(block * 4 + 3).SetValue(0, gm(block * 4 + 2).GetValue(0) * 100);
      });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  for (int32_t block = 0; block < 4; ++block) {
    const int32_t sum = (10 * block + 1) + (10 * block + 2);
    EXPECT_EQ(values.values()[block * 4 + 2], sum);
    EXPECT_EQ(values.values()[block * 4 + 3], sum * 100);
  }
}

// Mode 0 makes a barrier of all cores of one kind, mode 1 of the two vector cores of a block.
TEST(MixedLaunchTest, ModeZeroAndModeOneSynchroniseCoresOfOneKind) {
  GmBuffer<int32_t> marks(std::vector<int32_t>(16, 0));
  GmBuffer<int32_t> seen(std::vector<int32_t>(16, -1));
  const auto outcome = simtest::LaunchMixed(
      3, [&] {},
      [&] {
        AscendC::GlobalTensor<int32_t> mark, out;
        mark.SetGlobalBuffer((__gm__ int32_t*)marks.addr(), 16);
        out.SetGlobalBuffer((__gm__ int32_t*)seen.addr(), 16);
        const int64_t me = AscendC::GetBlockIdx();
        mark.SetValue(me, 1);
        AscendC::CrossCoreSetFlag<1, PIPE_MTE3>(1);
        AscendC::CrossCoreWaitFlag(1);
        const int64_t partner = me ^ 1;  // the other vector core of this block has marked
        int32_t count = mark.GetValue(partner) * 100;
        AscendC::CrossCoreSetFlag<0, PIPE_MTE3>(2);
        AscendC::CrossCoreWaitFlag(2);
        for (int i = 0; i < 6; ++i) count += mark.GetValue(i);  // all six have marked
        out.SetValue(me, count);
      });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  for (int i = 0; i < 6; ++i) EXPECT_EQ(seen.values()[i], 106) << "vector core " << i;
}

// Cores take turns at each GM read. A core resumed after one that completes a barrier, passes it
// and waits at the next one has let the waiting cores go on: the round made progress.
TEST(MixedLaunchTest, ACoreThatReleasesOthersAfterAGmReadIsNoDeadlock) {
  GmBuffer<half> source(std::vector<half>(16, half(1.0f)));
  const auto outcome = simtest::Launch(2, [&] {
    if (AscendC::GetBlockIdx() == 1) {
      AscendC::TPipe pipe;
      AscendC::TBuf<AscendC::TPosition::VECIN> buffer;
      pipe.InitBuffer(buffer, 32);
      AscendC::GlobalTensor<half> global;
      global.SetGlobalBuffer((__gm__ half*)source.addr(), 16);
      AscendC::DataCopy(buffer.Get<half>(), global, 16);  // block 1 yields here
    }
    AscendC::CrossCoreSetFlag<0, PIPE_MTE3>(8);
    AscendC::CrossCoreWaitFlag(8);
    AscendC::CrossCoreSetFlag<0, PIPE_MTE3>(9);
    AscendC::CrossCoreWaitFlag(9);
  });
  EXPECT_EQ(outcome.status, 0) << outcome.Describe();
}

TEST(MixedLaunchTest, SyncAllWithCubeCoresWaitsForEveryCore) {
  GmBuffer<int32_t> marks(std::vector<int32_t>(16, 0));
  GmBuffer<int32_t> seen(std::vector<int32_t>(16, -1));
  auto body = [&](int64_t slot) {
    AscendC::GlobalTensor<int32_t> mark, out;
    mark.SetGlobalBuffer((__gm__ int32_t*)marks.addr(), 16);
    out.SetGlobalBuffer((__gm__ int32_t*)seen.addr(), 16);
    mark.SetValue(slot, 1);
    AscendC::SyncAll<false>();
    int32_t count = 0;
    for (int i = 0; i < 6; ++i) count += mark.GetValue(i);
    out.SetValue(slot, count);
  };
  const auto outcome = simtest::LaunchMixed(
      2, [&] { body(AscendC::GetBlockIdx()); }, [&] { body(2 + AscendC::GetBlockIdx()); });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  for (int i = 0; i < 6; ++i) EXPECT_EQ(seen.values()[i], 6) << "core " << i;
}

TEST(MixedLaunchTest, AWaitNoCoreWillSatisfyIsADeadlockNamingEveryWaitingCore) {
  const auto outcome = simtest::LaunchMixed(
      2, [&] { AscendC::CrossCoreWaitFlag(5); },
      [&] {
        if (AscendC::GetSubBlockIdx() == 0) AscendC::CrossCoreSetFlag<2, PIPE_MTE3>(5);  // its partner never sets
      });
  EXPECT_NE(outcome.status, 0);
  ASSERT_TRUE(outcome.HasKind("deadlock")) << outcome.Describe();
  const ascendc_sim::Diagnostic& deadlock = outcome.diagnostics.front();
  EXPECT_NE(deadlock.message.find("2 of 6 cores wait in CrossCoreWaitFlag(5)"), std::string::npos) << deadlock.message;
  EXPECT_EQ(deadlock.core, "AIC of block 0");
  ASSERT_GE(deadlock.notes.size(), 2u);
  EXPECT_NE(deadlock.notes[0].find("AIV 0 of block 0"), std::string::npos) << deadlock.notes[0];
}

TEST(MixedLaunchTest, FlagMisuseIsReported) {
  // A counter holds 16 sets ahead of its waits.
  auto outcome = simtest::LaunchMixed(
      1,
      [&] {
        for (int i = 0; i < 17; ++i) AscendC::CrossCoreSetFlag<2, PIPE_FIX>(0);
      },
      [&] {});
  EXPECT_TRUE(outcome.HasKind("bad-parameter")) << outcome.Describe();
  EXPECT_NE(outcome.Describe().find("17th"), std::string::npos) << outcome.Describe();

  outcome = simtest::LaunchMixed(
      1, [&] { AscendC::CrossCoreSetFlag<1, PIPE_FIX>(0); }, [&] {});
  EXPECT_TRUE(outcome.HasKind("bad-parameter")) << outcome.Describe();

  outcome = simtest::LaunchMixed(
      1, [&] {}, [&] { AscendC::CrossCoreSetFlag<2, PIPE_MTE3>(11); });
  EXPECT_TRUE(outcome.HasKind("bad-parameter")) << outcome.Describe();

  outcome = simtest::LaunchMixed(
      1, [&] { AscendC::SyncAll(); }, [&] {});
  EXPECT_TRUE(outcome.HasKind("bad-parameter")) << outcome.Describe();

  // A vector-only kernel has no cube core to signal.
  outcome = simtest::Launch(2, [&] { AscendC::CrossCoreSetFlag<2, PIPE_MTE3>(1); });
  EXPECT_TRUE(outcome.HasKind("bad-parameter")) << outcome.Describe();
}

}  // namespace
