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

// TBuf::Get(len) past the buffer's end hands the view out, as the NPU does (GroupNormSwishGrad asks
// for a group and touches one channel): a warning, then only an access past the end is an error.
TEST(TPipeTest, GetPastTheBufferEndWarnsAndBoundsAccessesByTheBuffer) {
  const auto inside = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 16 * sizeof(float));
    LocalTensor<float> wide = buf.Get<float>(64);
    EXPECT_EQ(wide.GetSize(), 64u);
    Duplicate(wide, 1.0f, 16);
  });
  ASSERT_EQ(inside.status, 0) << inside.Describe();
  ASSERT_EQ(inside.diagnostics.size(), 1u) << inside.Describe();
  EXPECT_EQ(inside.diagnostics[0].severity, ascendc_sim::Severity::kWarning);
  EXPECT_EQ(inside.diagnostics[0].kind, "ub-out-of-bounds");
  EXPECT_EQ(inside.diagnostics[0].api, "TBuf::Get");

  const auto past = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf, next;
    pipe.InitBuffer(buf, 16 * sizeof(float));
    pipe.InitBuffer(next, 64 * sizeof(float));
    Duplicate(buf.Get<float>(64), 1.0f, 24);
  });
  EXPECT_EQ(past.status, 1);
  ASSERT_EQ(past.diagnostics.size(), 2u) << past.Describe();
  EXPECT_EQ(past.diagnostics[1].kind, "ub-out-of-bounds");
  EXPECT_EQ(past.diagnostics[1].api, "Duplicate");
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

// A dequeued tensor can be enqueued again and keeps its values (kernels carry per-row statistics
// across loop iterations this way); enqueueing it while it is still queued is misuse.
TEST(TPipeTest, ADequeuedTensorCanBeEnqueuedAgainButNotTwice) {
  simtest::GmBuffer<float> out(8);
  const auto kept = simtest::Launch(1, [&] {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> queue;
    pipe.InitBuffer(queue, 1, 8 * sizeof(float));
    LocalTensor<float> tensor = queue.AllocTensor<float>();
    Duplicate(tensor, 5.0f, 8);
    queue.EnQue(tensor);
    for (int round = 0; round < 3; ++round) {
      LocalTensor<float> again = queue.DeQue<float>();
      Adds(again, again, 1.0f, 8);
      queue.EnQue(again);
    }
    LocalTensor<float> last = queue.DeQue<float>();
    GlobalTensor<float> outGlobal;
    outGlobal.SetGlobalBuffer((__gm__ float*)out.addr(), 8);
    PipeBarrier<PIPE_ALL>();
    DataCopy(outGlobal, last, 8);
    queue.FreeTensor(last);
  });
  ASSERT_EQ(kept.status, 0) << kept.Describe();
  EXPECT_EQ(out.values(), std::vector<float>(8, 8.0f));

  const auto twice = simtest::Launch(1, [&] {
    TPipe pipe;
    TQue<TPosition::VECIN, 2> queue;
    pipe.InitBuffer(queue, 2, 8 * sizeof(float));
    LocalTensor<float> tensor = queue.AllocTensor<float>();
    queue.EnQue(tensor);
    queue.EnQue(tensor);
  });
  EXPECT_TRUE(twice.HasKind("queue-misuse")) << twice.Describe();
}

}  // namespace
