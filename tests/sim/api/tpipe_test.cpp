#include <gtest/gtest.h>

#include "kernel_test_support.h"

using namespace AscendC;

namespace {

// A zero-length InitBuffer is accepted, as on hardware (kernels size buffers for features a launch
// may not use); it takes no room, and its empty tensor has nothing to access.
TEST(TPipeTest, ZeroLengthBuffersTakeNoRoom) {
  simtest::GmBuffer<float> out(8);
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> empty, used;
    TQue<TPosition::VECIN, 1> emptyQueue;
    pipe.InitBuffer(empty, 0);
    pipe.InitBuffer(emptyQueue, 2, 0);
    pipe.InitBuffer(used, 8 * sizeof(float));
    LocalTensor<float> emptyTensor = empty.Get<float>();
    LocalTensor<float> usedTensor = used.Get<float>();
    EXPECT_EQ(emptyTensor.GetSize(), 0u);
    EXPECT_EQ(usedTensor.GetPhyAddr(), emptyTensor.GetPhyAddr());
    LocalTensor<float> queued = emptyQueue.AllocTensor<float>();
    EXPECT_EQ(queued.GetSize(), 0u);
    emptyQueue.FreeTensor(queued);
    Duplicate(usedTensor, 3.0f, 8);
    GlobalTensor<float> outGlobal;
    outGlobal.SetGlobalBuffer((__gm__ float*)out.addr(), 8);
    PipeBarrier<PIPE_ALL>();
    DataCopy(outGlobal, usedTensor, 8);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  EXPECT_EQ(out.values(), std::vector<float>(8, 3.0f));
}

TEST(TPipeTest, AccessToAZeroLengthBufferIsOutOfBounds) {
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> empty;
    pipe.InitBuffer(empty, 0);
    Duplicate(empty.Get<float>(), 1.0f, 8);
  });
  EXPECT_TRUE(outcome.HasKind("ub-out-of-bounds")) << outcome.Describe();
}

// The untyped DeQue() dequeues the oldest buffer and returns its handle (its on-chip address); the
// kernel keeps using the tensor it enqueued, and the state machine moves on as with DeQue<T>().
TEST(TPipeTest, UntypedDeQueDequeuesTheBuffer) {
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> queue;
    pipe.InitBuffer(queue, 1, 8 * sizeof(float));
    LocalTensor<float> tensor = queue.AllocTensor<float>();
    queue.EnQue(tensor);
    const TBufHandle handle = queue.DeQue();
    EXPECT_EQ(uint64_t(handle), tensor.GetPhyAddr());
    EXPECT_FALSE(queue.HasTensorInQue());
    queue.FreeTensor(tensor);
    queue.DeQue();
  });
  EXPECT_TRUE(outcome.HasKind("queue-misuse")) << "the second DeQue finds the queue empty: " << outcome.Describe();
}

// A queue may take a TQueConfig as its third template argument; bufferNumber and bufferLen, when
// nonzero, restate InitBuffer's num and len. CANN's CPU-debug build asserts they agree.
constexpr TQueConfig kTwoBuffersOf256Bytes = {.bufferLen = 256, .bufferNumber = 2};
constexpr TQueConfig kNumberOnly = {.bufferNumber = 2};

TEST(TPipeTest, QueueWithTQueConfigRunsAsAnyQueue) {
  static_assert(TQue<TPosition::VECIN, 1, &kTwoBuffersOf256Bytes>::kConfig == &kTwoBuffersOf256Bytes);
  static_assert(TQue<TPosition::VECIN, 1>::kConfig == nullptr);
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1, &kTwoBuffersOf256Bytes> queue;
    TQue<TPosition::VECOUT, 1, &kNumberOnly> placed;
    pipe.InitBuffer(queue, 2, 256);
    pipe.InitBuffer(placed, Std::make_tuple(1024u, 64u), Std::make_tuple(2048u, 64u));
    LocalTensor<float> first = queue.AllocTensor<float>();
    LocalTensor<float> second = queue.AllocTensor<float>();
    EXPECT_EQ(first.GetSize(), 64u);
    EXPECT_EQ(second.GetPhyAddr() - first.GetPhyAddr(), 256u);
    queue.FreeTensor(first);
    queue.FreeTensor(second);
  });
  EXPECT_EQ(outcome.status, 0) << outcome.Describe();
}

TEST(TPipeTest, InitBufferDisagreeingWithTQueConfigIsABadParameter) {
  const auto wrongNumber = simtest::Launch(1, [&] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1, &kTwoBuffersOf256Bytes> queue;
    pipe.InitBuffer(queue, 1, 256);
  });
  EXPECT_TRUE(wrongNumber.HasKind("bad-parameter")) << wrongNumber.Describe();
  const auto wrongLength = simtest::Launch(1, [&] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1, &kTwoBuffersOf256Bytes> queue;
    pipe.InitBuffer(queue, 2, 512);
  });
  EXPECT_TRUE(wrongLength.HasKind("bad-parameter")) << wrongLength.Describe();
  const auto wrongPlacement = simtest::Launch(1, [&] {
    TPipe pipe;
    TQue<TPosition::VECOUT, 1, &kNumberOnly> queue;
    pipe.InitBuffer(queue, Std::make_tuple(0u, 64u));
  });
  EXPECT_TRUE(wrongPlacement.HasKind("bad-parameter")) << wrongPlacement.Describe();
}

// EnQue only sets the buffer's event on the NPU, so a dequeued tensor can be enqueued again and the
// next DeQue hands it out (GeGluV2 does this); CANN's CPU-debug queue rejects it, hence the warning.
TEST(TPipeTest, EnQueOfADequeuedTensorHandsItOnWithAWarning) {
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TQue<TPosition::VECOUT, 1> queue;
    pipe.InitBuffer(queue, 1, 8 * sizeof(float));
    LocalTensor<float> produced = queue.AllocTensor<float>();
    Duplicate(produced, 2.0f, 8);
    queue.EnQue(produced);
    LocalTensor<float> first = queue.DeQue<float>();
    queue.EnQue(first);
    EXPECT_FALSE(queue.VacantInQue());
    LocalTensor<float> second = queue.DeQue<float>();
    EXPECT_EQ(second.GetPhyAddr(), produced.GetPhyAddr());
    EXPECT_EQ(second.GetValue(7), 2.0f);
    queue.FreeTensor(second);
  });
  EXPECT_EQ(outcome.status, 0) << outcome.Describe();
  ASSERT_EQ(outcome.diagnostics.size(), 1u) << outcome.Describe();
  EXPECT_EQ(outcome.diagnostics[0].kind, "queue-misuse");
  EXPECT_EQ(outcome.diagnostics[0].severity, ascendc_sim::Severity::kWarning);
}

// PopStackBuffer hands out the UB past the pipe's buffers, up to the 64 bytes A2 reserves at its
// end; the tensor works like a TBuf's until the pipe resets.
TEST(TPipeTest, PopStackBufferIsTheUbPastThePipesBuffers) {
  simtest::GmBuffer<float> out(8);
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> used;
    pipe.InitBuffer(used, 1000);  // rounded up to 1024 bytes
    LocalTensor<float> stack;
    EXPECT_TRUE((PopStackBuffer<float, TPosition::LCM>(stack)));
    EXPECT_EQ(stack.GetPhyAddr() - used.Get<float>().GetPhyAddr(), 1024u);
    EXPECT_EQ(stack.GetSize(), (196608u - 64u - 1024u) / sizeof(float));
    Duplicate(stack, 4.0f, 8);
    GlobalTensor<float> global;
    global.SetGlobalBuffer((__gm__ float*)out.addr(), 8);
    PipeBarrier<PIPE_ALL>();
    DataCopy(global, stack, 8);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  EXPECT_EQ(out.values(), std::vector<float>(8, 4.0f));
}

// Repeated pops share one view; an InitBuffer after them moves the stack's start past the new buffer.
TEST(TPipeTest, PopStackBufferFollowsThePipesAllocations) {
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    LocalTensor<float> first, again, later;
    PopStackBuffer<float, TPosition::LCM>(first);
    PopStackBuffer<float, TPosition::LCM>(again);
    EXPECT_EQ(again.GetPhyAddr(), first.GetPhyAddr());
    TBuf<TPosition::VECCALC> added;
    pipe.InitBuffer(added, 256);
    PopStackBuffer<float, TPosition::LCM>(later);
    EXPECT_EQ(later.GetPhyAddr() - first.GetPhyAddr(), 256u);
    EXPECT_EQ(added.Get<float>().GetPhyAddr(), first.GetPhyAddr());
  });
  EXPECT_EQ(outcome.status, 0) << outcome.Describe();
}

TEST(TPipeTest, PopStackBufferIsStaleAfterResetAndNeedsRoomAndAPipe) {
  const auto afterReset = simtest::Launch(1, [&] {
    TPipe pipe;
    LocalTensor<half> stack;
    PopStackBuffer<half, TPosition::LCM>(stack);
    pipe.Reset();
    Duplicate(stack, half(1.0f), 16);
  });
  EXPECT_TRUE(afterReset.HasKind("queue-misuse")) << afterReset.Describe();
  const auto full = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> everything;
    pipe.InitBuffer(everything, 196608 - 64);
    LocalTensor<half> stack;
    PopStackBuffer<half, TPosition::LCM>(stack);
  });
  EXPECT_TRUE(full.HasKind("ub-overflow")) << full.Describe();
  const auto noPipe = simtest::Launch(1, [&] {
    LocalTensor<half> stack;
    PopStackBuffer<half, TPosition::LCM>(stack);
  });
  EXPECT_TRUE(noPipe.HasKind("queue-misuse")) << noPipe.Describe();
}

}  // namespace
