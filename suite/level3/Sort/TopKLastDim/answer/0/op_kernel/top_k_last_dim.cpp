// TopKLastDim: the k largest (or smallest) values of each row and their indices, sorted, with the
// A2 sort instructions. Rows are spread over the vector cores. A row is read in chunks; each chunk
// is padded to a multiple of 32 with a sentinel that sorts last, Sort32 turns it into runs of 32
// (score, index) pairs, and MrgSort rounds merge up to 4 runs at a time, together with the row's
// best run so far, until one run is left: the new best. Only the first k pairs of a run can reach
// the top k, so every merge takes at most k pairs of each run. Smallest-first is largest-first on
// negated values. GatherMask then separates the scores (every even float, or every 4th half) and
// the indices (every odd uint32) of the best run's first k pairs.
#include "kernel_operator.h"
using namespace AscendC;

namespace {
constexpr uint32_t SORT_RUN = 32;     // values per Sort32 repeat
constexpr uint32_t PAIR_BYTES = 8;    // a (score, index) pair
constexpr uint32_t PAIR_ALIGN = 4;    // MrgSort's destination starts on 32 bytes: 4 pairs
constexpr uint32_t MERGE_WAYS = 4;    // runs per MrgSort
constexpr uint32_t PAIR_BUFFERS = 3;  // a merge round reads at most two, so one is always free
constexpr uint32_t NO_BUFFER = PAIR_BUFFERS;
constexpr uint32_t MAX_RUNS = 2048 / SORT_RUN + 1;  // a chunk's Sort32 runs and the best run
constexpr uint32_t BLOCK_BYTES = 32;
constexpr uint8_t PATTERN_EVEN = 1;  // GatherMask's built-in patterns
constexpr uint8_t PATTERN_ODD = 2;
constexpr uint8_t PATTERN_EVERY_4TH = 3;

__aicore__ inline uint32_t CeilDiv(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
__aicore__ inline uint32_t RoundUp(uint32_t a, uint32_t b) { return CeilDiv(a, b) * b; }
__aicore__ inline uint32_t Min(uint32_t a, uint32_t b) { return a < b ? a : b; }

// A sorted run: `length` pairs from pair `offset` of merge buffer `buffer`.
struct Run {
  uint32_t buffer;
  uint32_t offset;
  uint32_t length;
};
}  // namespace

template <typename T>
class TopKLastDimKernel {
  static constexpr uint32_t PER_PAIR = PAIR_BYTES / sizeof(T);    // elements of T per pair
  static constexpr uint32_t PER_BLOCK = BLOCK_BYTES / sizeof(T);  // elements of T per 32 bytes

 public:
  __aicore__ inline TopKLastDimKernel() {}

  __aicore__ inline void Init(GM_ADDR x, GM_ADDR values, GM_ADDR indices, const TopKLastDimTilingData& tiling) {
    length_ = tiling.length;
    k_ = tiling.k;
    largest_ = tiling.largest != 0;
    chunk_ = tiling.chunk;
    capacity_ = tiling.pairCapacity;
    const uint32_t block = GetBlockIdx();
    rows_ = tiling.rowsPerCore + (block < tiling.bigCores ? 1 : 0);
    const uint64_t firstRow = static_cast<uint64_t>(block) * tiling.rowsPerCore + Min(block, tiling.bigCores);
    xGm_.SetGlobalBuffer((__gm__ T*)x + firstRow * length_, static_cast<uint64_t>(rows_) * length_);
    valuesGm_.SetGlobalBuffer((__gm__ T*)values + firstRow * k_, static_cast<uint64_t>(rows_) * k_);
    indicesGm_.SetGlobalBuffer((__gm__ int64_t*)indices + firstRow * k_, static_cast<uint64_t>(rows_) * k_);

    pipe_.InitBuffer(inQueue_, 2, chunk_ * sizeof(T));
    pipe_.InitBuffer(chunkIndexBuf_, chunk_ * sizeof(int32_t));
    pipe_.InitBuffer(pairBuf_, PAIR_BUFFERS * capacity_ * PAIR_BYTES);
    pipe_.InitBuffer(valueQueue_, 2, RoundUp(k_ * sizeof(T), BLOCK_BYTES));
    pipe_.InitBuffer(indexQueue_, 2, k_ * sizeof(int64_t));
    pipe_.InitBuffer(rowIndexBuf_, RoundUp(k_ * sizeof(uint32_t), BLOCK_BYTES));
    // The padding sorts after every real value: -inf, or +inf before the negation.
    const float infinity = 1.0f / 0.0f;
    pad_ = static_cast<T>(largest_ ? -infinity : infinity);
    minusOne_ = static_cast<T>(-1.0f);
  }

  __aicore__ inline void Process() {
    for (uint32_t row = 0; row < rows_; ++row) {
      Run best = {NO_BUFFER, 0, 0};
      for (uint32_t start = 0; start < length_; start += chunk_) {
        const uint32_t count = Min(chunk_, length_ - start);
        CopyIn(row, start, count);
        SortChunk(start, count, best);
      }
      Extract(best);
      CopyOut(row);
    }
  }

 private:
  __aicore__ inline LocalTensor<T> Pairs(uint32_t buffer, uint32_t offset) {
    return pairBuf_.Get<T>()[(buffer * capacity_ + offset) * PER_PAIR];
  }

  __aicore__ inline void CopyIn(uint32_t row, uint32_t start, uint32_t count) {
    const uint32_t aligned = RoundUp(count, PER_BLOCK);
    const uint32_t padded = RoundUp(count, SORT_RUN);
    LocalTensor<T> in = inQueue_.AllocTensor<T>();
    if (padded > aligned) {
      Duplicate(in[aligned], pad_, static_cast<int32_t>(padded - aligned));
    }
    // The copy pads its last 32-byte block itself, the rest up to 32 values is filled above.
    DataCopyPadExtParams<T> padding(true, 0, static_cast<uint8_t>(aligned - count), pad_);
    DataCopyPad(in, xGm_[static_cast<uint64_t>(row) * length_ + start],
                DataCopyExtParams(1, count * sizeof(T), 0, 0, 0), padding);
    inQueue_.EnQue(in);
  }

  __aicore__ inline void SortChunk(uint32_t start, uint32_t count, Run& best) {
    const uint32_t padded = RoundUp(count, SORT_RUN);
    LocalTensor<T> in = inQueue_.DeQue<T>();
    if (!largest_) {
      Muls(in, in, minusOne_, static_cast<int32_t>(padded));
    }
    LocalTensor<int32_t> chunkIndex = chunkIndexBuf_.Get<int32_t>();
    CreateVecIndex(chunkIndex, static_cast<int32_t>(start), padded);
    const uint32_t sortBuffer = best.buffer == 0 ? 1 : 0;
    Sort32(Pairs(sortBuffer, 0), in, chunkIndex.ReinterpretCast<uint32_t>(), static_cast<int32_t>(padded / SORT_RUN));
    inQueue_.FreeTensor(in);
    PipeBarrier<PIPE_V>();  // the merges read what Sort32 wrote

    Run runs[MAX_RUNS];
    uint32_t runCount = padded / SORT_RUN;
    for (uint32_t i = 0; i < runCount; ++i) {
      runs[i] = {sortBuffer, i * SORT_RUN, SORT_RUN};
    }
    if (best.buffer != NO_BUFFER) {
      runs[runCount++] = best;
    }
    while (runCount > 1) {
      runCount = MergeRound(runs, runCount);
    }
    best = runs[0];
  }

  // Merges the runs in groups of 2 to 4 (ceil(n / 4) groups of nearly equal size, so none is left
  // alone: MrgSort takes at least two) into a buffer no run lies in; returns the new run count.
  __aicore__ inline uint32_t MergeRound(Run* runs, uint32_t runCount) {
    bool used[PAIR_BUFFERS] = {false, false, false};
    for (uint32_t i = 0; i < runCount; ++i) {
      used[runs[i].buffer] = true;
    }
    uint32_t dst = 0;
    while (used[dst]) {
      ++dst;
    }
    const uint32_t groups = CeilDiv(runCount, MERGE_WAYS);
    const uint32_t base = runCount / groups;
    const uint32_t extra = runCount % groups;
    uint32_t out = 0;
    uint32_t next = 0;
    for (uint32_t group = 0; group < groups; ++group) {
      const uint32_t size = base + (group < extra ? 1 : 0);
      uint16_t lengths[MERGE_WAYS] = {0, 0, 0, 0};
      LocalTensor<T> sources[MERGE_WAYS];
      uint32_t total = 0;
      for (uint32_t i = 0; i < MERGE_WAYS; ++i) {
        const Run& run = runs[next + (i < size ? i : 0)];  // unused slots repeat the first run
        sources[i] = Pairs(run.buffer, run.offset);
        if (i < size) {
          lengths[i] = static_cast<uint16_t>(Min(run.length, k_));
          total += lengths[i];
        }
      }
      MrgSort(Pairs(dst, out), MrgSortSrcList<T>(sources[0], sources[1], sources[2], sources[3]),
              MrgSort4Info(lengths, false, static_cast<uint16_t>((1u << size) - 1), 1));
      runs[group] = {dst, out, total};  // group <= next: no run still to be read is overwritten
      out = RoundUp(out + total, PAIR_ALIGN);
      next += size;
    }
    PipeBarrier<PIPE_V>();  // the next round reads what this one wrote
    return groups;
  }

  __aicore__ inline void Extract(const Run& best) {
    LocalTensor<T> pairs = Pairs(best.buffer, best.offset);
    uint64_t kept = 0;
    LocalTensor<T> values = valueQueue_.AllocTensor<T>();
    // Counter mode: one repeat over exactly the first k pairs.
    GatherMask(values, pairs, sizeof(T) == 2 ? PATTERN_EVERY_4TH : PATTERN_EVEN, true, k_ * PER_PAIR,
               GatherMaskParams(1, 1, 8, 0), kept);
    if (!largest_) {
      Muls(values, values, minusOne_, static_cast<int32_t>(k_));
    }
    valueQueue_.EnQue(values);

    LocalTensor<uint32_t> rowIndex = rowIndexBuf_.Get<uint32_t>();
    GatherMask(rowIndex, pairs.template ReinterpretCast<uint32_t>(), PATTERN_ODD, true, k_ * 2,
               GatherMaskParams(1, 1, 8, 0), kept);
    LocalTensor<int64_t> indices = indexQueue_.AllocTensor<int64_t>();
    Cast(indices, rowIndex.ReinterpretCast<int32_t>(), RoundMode::CAST_NONE, k_);
    indexQueue_.EnQue(indices);
  }

  __aicore__ inline void CopyOut(uint32_t row) {
    LocalTensor<T> values = valueQueue_.DeQue<T>();
    DataCopyPad(valuesGm_[static_cast<uint64_t>(row) * k_], values, DataCopyExtParams(1, k_ * sizeof(T), 0, 0, 0));
    valueQueue_.FreeTensor(values);
    LocalTensor<int64_t> indices = indexQueue_.DeQue<int64_t>();
    DataCopyPad(indicesGm_[static_cast<uint64_t>(row) * k_], indices,
                DataCopyExtParams(1, k_ * sizeof(int64_t), 0, 0, 0));
    indexQueue_.FreeTensor(indices);
  }

  TPipe pipe_;
  TQue<QuePosition::VECIN, 1> inQueue_;
  TQue<QuePosition::VECOUT, 1> valueQueue_, indexQueue_;
  TBuf<TPosition::VECCALC> chunkIndexBuf_, pairBuf_, rowIndexBuf_;
  GlobalTensor<T> xGm_, valuesGm_;
  GlobalTensor<int64_t> indicesGm_;
  uint32_t length_ = 0, k_ = 0, chunk_ = 0, capacity_ = 0, rows_ = 0;
  bool largest_ = true;
  T pad_;
  T minusOne_;
};

extern "C" __global__ __aicore__ void top_k_last_dim(GM_ADDR x, GM_ADDR values, GM_ADDR indices, GM_ADDR workspace,
                                                     GM_ADDR tiling) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
  GET_TILING_DATA(tilingData, tiling);
  TopKLastDimKernel<DTYPE_X> op;
  op.Init(x, values, indices, tilingData);
  op.Process();
}
