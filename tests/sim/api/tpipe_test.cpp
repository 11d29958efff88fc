#include <gtest/gtest.h>

#include <source_location>
#include <string>
#include <vector>

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

// CANN's InitBuffer rounds lengths up to 32 bytes in every memory, not to the memory's operand
// alignment (512 bytes in L0A): the layout an access past a buffer runs into.
TEST(TPipeTest, BuffersFollowEachOtherIn32ByteStepsInEveryMemory) {
  uint64_t l0aStep = 0, ubStep = 0;
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::A2> firstL0a, secondL0a;
    TBuf<TPosition::VECCALC> firstUb, secondUb;
    pipe.InitBuffer(firstL0a, 100);
    pipe.InitBuffer(secondL0a, 100);
    pipe.InitBuffer(firstUb, 100);
    pipe.InitBuffer(secondUb, 100);
    l0aStep = secondL0a.Get<half>().GetPhyAddr() - firstL0a.Get<half>().GetPhyAddr();
    ubStep = secondUb.Get<half>().GetPhyAddr() - firstUb.Get<half>().GetPhyAddr();
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  EXPECT_EQ(l0aStep, 128u);
  EXPECT_EQ(ubStep, 128u);
}

// An access that runs past its buffer but stays in the UB reads or writes the bytes that follow,
// as on the NPU: a ub-out-of-bounds warning, once per kernel line.
const ascendc_sim::Diagnostic* FindKind(const simtest::LaunchOutcome& outcome, const std::string& kind) {
  for (const auto& diagnostic : outcome.diagnostics) {
    if (diagnostic.kind == kind) return &diagnostic;
  }
  return nullptr;
}

// CrossEntropyLossGrad's tiling leaves a scratch buffer 0 bytes long and writes 10 floats into it:
// they land in the buffer placed next, whose reads then see written bytes.
TEST(TPipeTest, AWriteThroughAZeroLengthBufferLandsInTheNextBuffer) {
  std::vector<float> landed(10);
  uint32_t writeLine = 0, nextLine = 0;
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> empty, next;
    pipe.InitBuffer(empty, 0);
    nextLine = std::source_location::current().line() + 1;
    pipe.InitBuffer(next, 16 * sizeof(float));
    writeLine = std::source_location::current().line() + 1;
    Duplicate(empty.Get<float>(), 1.5f, 10);
    PipeBarrier<PIPE_ALL>();
    for (uint32_t i = 0; i < 10; ++i) landed[i] = next.Get<float>().GetValue(i);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  EXPECT_EQ(landed, std::vector<float>(10, 1.5f));
  ASSERT_EQ(outcome.diagnostics.size(), 1u) << outcome.Describe();
  const ascendc_sim::Diagnostic& warning = outcome.diagnostics[0];
  EXPECT_EQ(warning.severity, ascendc_sim::Severity::kWarning);
  EXPECT_EQ(warning.kind, "ub-out-of-bounds");
  EXPECT_EQ(warning.api, "Duplicate");
  EXPECT_EQ(warning.line, writeLine);
  EXPECT_NE(warning.message.find("accesses bytes [0, 40) of a 0-byte VECCALC buffer"), std::string::npos)
      << warning.message;
  EXPECT_NE(warning.message.find("reaches UB bytes [0, 40) past the buffer's end"), std::string::npos)
      << warning.message;
  ASSERT_EQ(warning.notes.size(), 1u) << outcome.Describe();
  EXPECT_EQ(warning.notes[0], "UB bytes [0, 40) belong to the buffer InitBuffer at " + warning.file + ":" +
                                  std::to_string(nextLine) + " placed at [0, 64), which is a TBuf");
}

TEST(TPipeTest, AReadPastTheBufferEndReturnsTheNextBuffersBytes) {
  std::vector<float> sums(16);
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> first, next, out;
    pipe.InitBuffer(first, 8 * sizeof(float));
    pipe.InitBuffer(next, 8 * sizeof(float));
    pipe.InitBuffer(out, 16 * sizeof(float));
    Duplicate(first.Get<float>(), 1.0f, 8);
    Duplicate(next.Get<float>(), 2.0f, 8);
    Adds(out.Get<float>(), first.Get<float>(), 0.5f, 16);
    PipeBarrier<PIPE_ALL>();
    for (uint32_t i = 0; i < 16; ++i) sums[i] = out.Get<float>().GetValue(i);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  for (uint32_t i = 0; i < 16; ++i) EXPECT_EQ(sums[i], i < 8 ? 1.5f : 2.5f) << "element " << i;
  ASSERT_EQ(outcome.diagnostics.size(), 1u) << outcome.Describe();
  EXPECT_EQ(outcome.diagnostics[0].kind, "ub-out-of-bounds");
  EXPECT_EQ(outcome.diagnostics[0].severity, ascendc_sim::Severity::kWarning);
  EXPECT_NE(outcome.diagnostics[0].message.find("accesses bytes [0, 64) of a 32-byte VECCALC buffer"),
            std::string::npos)
      << outcome.Describe();
}

// The initialisation shadow follows the bytes: the neighbour's bytes nothing wrote are reported.
TEST(TPipeTest, AReadPastTheBufferEndOfBytesNothingWroteIsAnUninitializedRead) {
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> first, next, out;
    pipe.InitBuffer(first, 8 * sizeof(float));
    pipe.InitBuffer(next, 8 * sizeof(float));
    pipe.InitBuffer(out, 16 * sizeof(float));
    Duplicate(first.Get<float>(), 1.0f, 8);
    Adds(out.Get<float>(), first.Get<float>(), 0.5f, 16);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  ASSERT_EQ(outcome.diagnostics.size(), 2u) << outcome.Describe();
  EXPECT_NE(FindKind(outcome, "ub-out-of-bounds"), nullptr) << outcome.Describe();
  const ascendc_sim::Diagnostic* unwritten = FindKind(outcome, "uninitialized-read");
  ASSERT_NE(unwritten, nullptr) << outcome.Describe();
  EXPECT_NE(unwritten->message.find("first at byte 32 of a 64-byte read"), std::string::npos) << outcome.Describe();
}

TEST(TPipeTest, ScalarAccessesAndCopiesPastTheBufferEndUseTheFollowingBytes) {
  simtest::GmBuffer<float> source(std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15});
  std::vector<float> next(8);
  float readBack = 0.0f;
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> first, following;
    pipe.InitBuffer(first, 8 * sizeof(float));
    pipe.InitBuffer(following, 8 * sizeof(float));
    GlobalTensor<float> sourceGm;
    sourceGm.SetGlobalBuffer((__gm__ float*)source.addr(), 16);
    DataCopy(first.Get<float>(), sourceGm, 16);
    PipeBarrier<PIPE_ALL>();
    first.Get<float>().SetValue(9, -1.0f);
    readBack = first.Get<float>().GetValue(9);
    for (uint32_t i = 0; i < 8; ++i) next[i] = following.Get<float>().GetValue(i);
  });
  ASSERT_EQ(outcome.status, 0) << outcome.Describe();
  EXPECT_EQ(next, (std::vector<float>{8, -1, 10, 11, 12, 13, 14, 15}));
  EXPECT_EQ(readBack, -1.0f);
  ASSERT_EQ(outcome.diagnostics.size(), 3u) << outcome.Describe();
  EXPECT_EQ(outcome.diagnostics[0].api, "DataCopy");
  EXPECT_EQ(outcome.diagnostics[1].api, "LocalTensor::SetValue");
  EXPECT_EQ(outcome.diagnostics[2].api, "LocalTensor::GetValue");
  for (const auto& diagnostic : outcome.diagnostics) {
    EXPECT_EQ(diagnostic.kind, "ub-out-of-bounds");
    EXPECT_EQ(diagnostic.severity, ascendc_sim::Severity::kWarning);
  }
}

// Past the end of the UB itself the NPU faults.
TEST(TPipeTest, AnAccessPastTheEndOfTheUbIsAnError) {
  const auto outcome = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> fill, last;
    pipe.InitBuffer(fill, 196608 - 256);
    pipe.InitBuffer(last, 256);
    Duplicate(last.Get<float>(), 1.0f, 128);
  });
  EXPECT_EQ(outcome.status, 1);
  ASSERT_EQ(outcome.diagnostics.size(), 1u) << outcome.Describe();
  EXPECT_EQ(outcome.diagnostics[0].severity, ascendc_sim::Severity::kError);
  EXPECT_EQ(outcome.diagnostics[0].kind, "ub-overflow");
  EXPECT_NE(
      outcome.diagnostics[0].message.find("accesses UB bytes [196352, 196864), past the end of the 196608-byte UB"),
      std::string::npos)
      << outcome.Describe();
}

// TBuf::Get(len) past the buffer's end hands the view out, as the NPU does (GroupNormSwishGrad asks
// for a group and touches one channel): a warning, and an access past the end reaches the bytes
// that follow.
TEST(TPipeTest, GetPastTheBufferEndWarnsAndItsAccessesReachTheNextBuffer) {
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

  std::vector<float> next(16);
  const auto past = simtest::Launch(1, [&] {
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf, following;
    pipe.InitBuffer(buf, 16 * sizeof(float));
    pipe.InitBuffer(following, 16 * sizeof(float));
    Duplicate(following.Get<float>(), 0.0f, 16);
    LocalTensor<float> wide = buf.Get<float>(64);
    Duplicate(wide, 1.0f, 24);
    PipeBarrier<PIPE_ALL>();
    for (uint32_t i = 0; i < 16; ++i) next[i] = following.Get<float>().GetValue(i);
  });
  ASSERT_EQ(past.status, 0) << past.Describe();
  for (uint32_t i = 0; i < 16; ++i) EXPECT_EQ(next[i], i < 8 ? 1.0f : 0.0f) << "element " << i;
  ASSERT_EQ(past.diagnostics.size(), 2u) << past.Describe();
  EXPECT_EQ(past.diagnostics[1].kind, "ub-out-of-bounds");
  EXPECT_EQ(past.diagnostics[1].severity, ascendc_sim::Severity::kWarning);
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
