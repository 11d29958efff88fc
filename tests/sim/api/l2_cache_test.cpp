// The L2 cache of the cost model: which GM lines are resident (least recently used leaves first),
// and what a launch's DMA reads gain when L2 serves them.
#include "l2_cache.h"

#include <gtest/gtest.h>

#include <list>
#include <random>
#include <unordered_map>

#include "kernel_test_support.h"
#include "launch_profile.h"

namespace {

using ascendc_sim::L2Cache;
constexpr uint64_t kLine = L2Cache::kLineBytes;

TEST(L2CacheTest, ASecondReadOfTheSameBytesIsResident) {
  L2Cache l2(1 << 20);
  const L2Cache::Touch first = l2.Access(10 * kLine, 3 * kLine, 1, 0);
  EXPECT_EQ(first.lines, 3u);
  EXPECT_EQ(first.resident, 0u);
  const L2Cache::Touch second = l2.Access(10 * kLine + 100, 3 * kLine, 1, 0);  // lines 10..13
  EXPECT_EQ(second.lines, 4u);
  EXPECT_EQ(second.resident, 3u);
}

TEST(L2CacheTest, TheLeastRecentlyUsedLineLeavesAFullCache) {
  L2Cache l2(4 * kLine);
  l2.Access(0, 4 * kLine, 1, 0);                      // lines 0..3
  EXPECT_EQ(l2.Access(0, kLine, 1, 0).resident, 1u);  // line 0 is now the most recent
  l2.Access(4 * kLine, kLine, 1, 0);                  // line 4 evicts line 1
  EXPECT_EQ(l2.Access(kLine, kLine, 1, 0).resident, 0u);
  EXPECT_EQ(l2.Access(0, kLine, 1, 0).resident, 1u);
}

TEST(L2CacheTest, StridedBurstsTouchOnlyTheirOwnLinesAndShareCloseOnes) {
  L2Cache l2(1 << 20);
  // 4 rows of 64 bytes, 8 lines apart: 4 lines, and the lines between them stay out.
  EXPECT_EQ(l2.Access(0, 64, 4, 8 * kLine).lines, 4u);
  EXPECT_EQ(l2.Access(kLine, kLine, 1, 0).resident, 0u);
  // 8 rows of 64 bytes, 128 bytes apart: all in lines 0 and 1, each counted once.
  const L2Cache::Touch close = l2.Access(0, 64, 8, 128);
  EXPECT_EQ(close.lines, 2u);
  EXPECT_EQ(close.resident, 2u);
}

// Random traffic over more lines than fit (the cache's table grows and lines leave), against a
// plain LRU list: the same lines are resident.
TEST(L2CacheTest, AgreesWithAPlainLeastRecentlyUsedList) {
  const uint64_t capacity = 3000;
  L2Cache l2(capacity * kLine);
  std::list<uint64_t> model;  // most recent first
  std::unordered_map<uint64_t, std::list<uint64_t>::iterator> where;
  std::mt19937_64 random(7);
  for (int access = 0; access < 300000; ++access) {
    const uint64_t line = random() % 5000 + (access % 3 == 0 ? 1000000 : 0);
    const auto found = where.find(line);
    const bool resident = found != where.end();
    if (resident) model.erase(found->second);
    model.push_front(line);
    where[line] = model.begin();
    if (model.size() > capacity) {
      where.erase(model.back());
      model.pop_back();
    }
    ASSERT_EQ(l2.Access(line * kLine, kLine, 1, 0).resident, resident ? 1u : 0u) << "access " << access;
  }
}

// Each block copies the same `bytes` of GM into UB `times` times.
ascendc_sim::LaunchProfile ProfileRereads(uint32_t blocks, uint32_t bytes, uint32_t times) {
  simtest::GmBuffer<half> source(bytes / sizeof(half));
  return simtest::Profile(blocks, [&] {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECIN> buffer;
    pipe.InitBuffer(buffer, bytes);
    AscendC::GlobalTensor<half> global;
    global.SetGlobalBuffer((__gm__ half*)source.addr());
    AscendC::LocalTensor<half> local = buffer.Get<half>();
    for (uint32_t i = 0; i < times; ++i) {
      AscendC::DataCopy(local, global, bytes / sizeof(half));
      AscendC::PipeBarrier<PIPE_ALL>();
    }
  });
}

TEST(L2CacheTest, ALaunchRereadingGmIsServedByL2AfterTheFirstRead) {
  const uint32_t bytes = 64 * 1024;
  const ascendc_sim::LaunchProfile once = ProfileRereads(1, bytes, 1);
  const ascendc_sim::LaunchProfile twice = ProfileRereads(1, bytes, 2);
  EXPECT_EQ(once.gmBytesReadFromL2, 0u);
  EXPECT_EQ(twice.gmBytesRead, 2u * bytes);
  EXPECT_EQ(twice.gmBytesReadFromL2, bytes);
  // The second read runs at the DMA engine's own rate (L2's share is larger), the first at the
  // block's share of HBM, which one block alone does not hit: both cost the same then.
  const uint64_t secondRead =
      twice.busyCycles[size_t(ascendc_sim::HwPipe::kMte2)] - once.busyCycles[size_t(ascendc_sim::HwPipe::kMte2)];
  EXPECT_LE(secondRead, once.busyCycles[size_t(ascendc_sim::HwPipe::kMte2)]);

  // 48 blocks reading one 64 KiB table: one block's read comes from HBM, every other from L2
  // (the simulator runs blocks one after another; on the chip they would share the first fill).
  const ascendc_sim::LaunchProfile shared = ProfileRereads(48, bytes, 1);
  EXPECT_EQ(shared.gmBytesRead, 48u * bytes);
  EXPECT_EQ(shared.gmBytesReadFromL2, 47u * bytes);
}

TEST(L2CacheTest, ManyCoresRereadingOneTableAreFasterThanReadingDistinctData) {
  // 48 blocks each read 1 MiB: all the same MiB (L2 serves 47 of them), or each its own MiB.
  const uint32_t bytes = 1 << 20, blocks = 48;
  simtest::GmBuffer<half> source(size_t(bytes) * blocks / sizeof(half));
  auto run = [&](bool distinct) {
    return simtest::Profile(blocks, [&] {
      AscendC::TPipe pipe;
      AscendC::TBuf<AscendC::TPosition::VECIN> buffer;
      const uint32_t tile = 64 * 1024;
      pipe.InitBuffer(buffer, tile);
      AscendC::GlobalTensor<half> global;
      const uint64_t offset = distinct ? uint64_t(AscendC::GetBlockIdx()) * bytes : 0;
      global.SetGlobalBuffer((__gm__ half*)(source.addr() + offset));
      AscendC::LocalTensor<half> local = buffer.Get<half>();
      for (uint32_t done = 0; done < bytes; done += tile) {
        AscendC::DataCopy(local, global[done / sizeof(half)], tile / sizeof(half));
        AscendC::PipeBarrier<PIPE_ALL>();
      }
    });
  };
  const ascendc_sim::LaunchProfile same = run(false), distinct = run(true);
  EXPECT_EQ(distinct.gmBytesReadFromL2, 0u);
  EXPECT_EQ(same.gmBytesReadFromL2, uint64_t(bytes) * (blocks - 1));
  // 48 cores ask for more than HBM's 768 bytes per cycle; L2 gives each its engine's full rate.
  EXPECT_LT(double(same.cycles), 0.8 * double(distinct.cycles));
}

}  // namespace
