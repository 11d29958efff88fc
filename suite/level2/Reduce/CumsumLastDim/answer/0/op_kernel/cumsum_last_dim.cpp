// CumsumLastDim: y[i, k] = x[i, 0] + ... + x[i, k], the running sum kept in float32.
//
// Rows are split over the cores; each core moves tiles of R whole rows through double-buffered
// queues. DataCopyPad puts every row on a 32-byte boundary (stride W) and fills the rest of its last
// block with zeros. A scan has no vector instruction, so the lanes of the vector unit run many scans
// side by side: row r of the tile is cut into S pieces of L elements, lane r * S + s walks piece s,
// and step p gathers element p of every piece (one Gather through a table of piece start offsets)
// and adds it to the previous step. The steps are stored lane-major: scan[p][lane]. For S > 1, each
// piece then needs the sum of the pieces before it in its row; those few offsets are added up by the
// scalar unit and broadcast over all steps with one strided Add. A second Gather, through a table
// built once per core, puts the lane-major result back in row order, and the tile is cast once to
// the output type.
#include "kernel_operator.h"
using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t MAX_REPEAT = 255;
constexpr uint32_t FLOAT_BLOCK = 8;

template <typename T>
class KernelCumsumLastDim {
public:
    __aicore__ inline KernelCumsumLastDim() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const CumsumLastDimTilingData& tiling)
    {
        const uint32_t block = GetBlockIdx();
        rowLength_ = tiling.rowLength;
        rowStride_ = tiling.rowStride;
        tileRows_ = tiling.tileRows;
        segments_ = tiling.segments;
        segLength_ = tiling.segLength;
        laneStride_ = tiling.laneStride;
        scanLength_ = tiling.scanLength;
        buildChunk_ = tiling.buildChunk;
        rows_ = tiling.rowsPerCore + (block < tiling.tailCores ? 1 : 0);
        const uint64_t firstRow =
            static_cast<uint64_t>(block) * tiling.rowsPerCore + (block < tiling.tailCores ? block : tiling.tailCores);
        xGm_.SetGlobalBuffer((__gm__ T*)x + firstRow * rowLength_, static_cast<uint64_t>(rows_) * rowLength_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + firstRow * rowLength_, static_cast<uint64_t>(rows_) * rowLength_);

        const uint32_t tileElements = tileRows_ * rowStride_;
        pipe_.InitBuffer(inQueue_, BUFFER_NUM, tileElements * sizeof(T));
        pipe_.InitBuffer(outQueue_, BUFFER_NUM, tileElements * sizeof(T));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(floatBuf_, tileElements * sizeof(float));
        }
        pipe_.InitBuffer(scanBuf_, scanLength_ * sizeof(float));
        pipe_.InitBuffer(tableBuf_, tileElements * sizeof(uint32_t));
        pipe_.InitBuffer(stepBuf_, laneStride_ * sizeof(float));
        pipe_.InitBuffer(laneBuf_, laneStride_ * sizeof(uint32_t));
        pipe_.InitBuffer(offsetBuf_, laneStride_ * sizeof(float));
    }

    __aicore__ inline void Process()
    {
        if (rows_ == 0) {
            return;
        }
        BuildLaneTable();
        BuildRowTable();
        // Lanes past the tile's are read by the row-order Gather only for padding positions; make
        // them defined once.
        Duplicate(scanBuf_.Get<float>(), 0.0f, scanLength_);
        for (uint32_t done = 0; done < rows_; done += tileRows_) {
            const uint32_t count = rows_ - done < tileRows_ ? rows_ - done : tileRows_;
            CopyIn(done, count);
            Compute(count);
            CopyOut(done, count);
        }
    }

private:
    // quotient = floor(j / divisor) for the whole floats j in `value`, exact while j < 2^22:
    // (j + 0.5) / divisor stays at least 0.5 / divisor away from every integer.
    __aicore__ inline void Floor(const LocalTensor<float>& quotient, const LocalTensor<float>& value, uint32_t divisor,
                                 uint32_t count)
    {
        Adds(quotient, value, 0.5f, count);
        Muls(quotient, quotient, 1.0f / static_cast<float>(divisor), count);
        Cast(quotient, quotient, RoundMode::CAST_FLOOR, count);
    }

    // Also remainder = j - quotient * divisor; the three tensors must be distinct.
    __aicore__ inline void DivMod(const LocalTensor<float>& quotient, const LocalTensor<float>& remainder,
                                  const LocalTensor<float>& value, uint32_t divisor, uint32_t count)
    {
        Floor(quotient, value, divisor, count);
        Muls(remainder, quotient, static_cast<float>(divisor), count);
        Sub(remainder, value, remainder, count);
    }

    // laneTable[r * S + s] = byte offset of piece s of row r in a float tile: (r * W + s * L) * 4.
    __aicore__ inline void BuildLaneTable()
    {
        LocalTensor<float> scratch = scanBuf_.Get<float>();
        LocalTensor<int32_t> table = laneBuf_.Get<int32_t>();
        for (uint32_t start = 0; start < laneStride_; start += buildChunk_) {
            const uint32_t count = laneStride_ - start < buildChunk_ ? laneStride_ - start : buildChunk_;
            LocalTensor<float> lane = scratch;
            LocalTensor<float> row = scratch[buildChunk_];
            LocalTensor<float> piece = scratch[2 * buildChunk_];
            CreateVecIndex(lane, static_cast<float>(start), count);
            DivMod(row, piece, lane, segments_, count);
            Muls(row, row, static_cast<float>(rowStride_ * sizeof(float)), count);
            Muls(piece, piece, static_cast<float>(segLength_ * sizeof(float)), count);
            Add(row, row, piece, count);
            Cast(table[start], row, RoundMode::CAST_RINT, count);
        }
    }

    // rowTable[r * W + i] = byte offset in the scan buffer of row r's element i: with i = s * L + p,
    // (p * laneStride + r * S + s) * 4. Padding positions past S * L are clamped into the buffer.
    __aicore__ inline void BuildRowTable()
    {
        LocalTensor<float> scratch = scanBuf_.Get<float>();
        LocalTensor<int32_t> table = tableBuf_.Get<int32_t>();
        const uint32_t tileElements = tileRows_ * rowStride_;
        const float lastByte = static_cast<float>((segLength_ * laneStride_ - 1) * sizeof(float));
        for (uint32_t start = 0; start < tileElements; start += buildChunk_) {
            const uint32_t count = tileElements - start < buildChunk_ ? tileElements - start : buildChunk_;
            LocalTensor<float> a = scratch;
            LocalTensor<float> b = scratch[buildChunk_];
            LocalTensor<float> c = scratch[2 * buildChunk_];
            CreateVecIndex(a, static_cast<float>(start), count);
            DivMod(b, c, a, rowStride_, count);  // b = r, c = i
            Floor(a, c, segLength_, count);      // a = s
            Muls(b, b, static_cast<float>(segments_), count);
            Add(b, b, a, count);                 // b = lane
            Muls(a, a, static_cast<float>(segLength_), count);
            Sub(c, c, a, count);                 // c = p
            Muls(c, c, static_cast<float>(laneStride_), count);
            Add(c, c, b, count);
            Muls(c, c, static_cast<float>(sizeof(float)), count);
            Mins(c, c, lastByte, count);
            Cast(table[start], c, RoundMode::CAST_RINT, count);
        }
    }

    __aicore__ inline void CopyIn(uint32_t row, uint32_t count)
    {
        LocalTensor<T> xLocal = inQueue_.AllocTensor<T>();
        DataCopyExtParams params(static_cast<uint16_t>(count), rowLength_ * sizeof(T), 0, 0, 0);
        DataCopyPadExtParams<T> pad(true, 0, static_cast<uint8_t>(rowStride_ - rowLength_), 0);
        DataCopyPad(xLocal, xGm_[static_cast<uint64_t>(row) * rowLength_], params, pad);
        inQueue_.EnQue(xLocal);
    }

    // scan[p][lane] = x[piece start + 0] + ... + x[piece start + p] for the count rows' lanes.
    __aicore__ inline void ScanPieces(const LocalTensor<float>& x, uint32_t lanes)
    {
        LocalTensor<float> scan = scanBuf_.Get<float>();
        LocalTensor<float> step = stepBuf_.Get<float>();
        LocalTensor<uint32_t> laneTable = laneBuf_.Get<uint32_t>();
        Gather(scan, x, laneTable, 0, lanes);
        for (uint32_t p = 1; p < segLength_; ++p) {
            Gather(step, x, laneTable, p * sizeof(float), lanes);
            Add(scan[p * laneStride_], scan[(p - 1) * laneStride_], step, lanes);
        }
    }

    // Adds to every piece the total of the pieces before it in its row (only when S > 1; then the
    // tile has at most 64 lanes, one repeat).
    __aicore__ inline void AddPieceOffsets(uint32_t count)
    {
        LocalTensor<float> scan = scanBuf_.Get<float>();
        LocalTensor<float> offsets = offsetBuf_.Get<float>();
        Wait<HardEvent::V_S>();  // the scalar unit reads the pieces' totals the vector unit wrote
        const uint32_t lastStep = (segLength_ - 1) * laneStride_;
        for (uint32_t r = 0; r < count; ++r) {
            float running = 0.0f;
            for (uint32_t s = 0; s < segments_; ++s) {
                const uint32_t lane = r * segments_ + s;
                const float total = scan.GetValue(lastStep + lane);
                offsets.SetValue(lane, running);
                running += total;
            }
        }
        Wait<HardEvent::S_V>();
        const uint64_t lanes = static_cast<uint64_t>(count) * segments_;
        const uint8_t stride = static_cast<uint8_t>(laneStride_ / FLOAT_BLOCK);
        for (uint32_t p = 0; p < segLength_; p += MAX_REPEAT) {
            const uint32_t repeats = segLength_ - p < MAX_REPEAT ? segLength_ - p : MAX_REPEAT;
            Add(scan[p * laneStride_], scan[p * laneStride_], offsets, lanes, static_cast<uint8_t>(repeats),
                BinaryRepeatParams(1, 1, 1, stride, stride, 0));
        }
    }

    template <HardEvent event>
    __aicore__ inline void Wait()
    {
        event_t ready = static_cast<event_t>(GetTPipePtr()->FetchEventID<event>());
        SetFlag<event>(ready);
        WaitFlag<event>(ready);
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        const uint32_t elements = count * rowStride_;
        const uint32_t lanes = count * segments_;
        LocalTensor<T> xLocal = inQueue_.DeQue<T>();
        LocalTensor<T> yLocal = outQueue_.AllocTensor<T>();
        LocalTensor<uint32_t> rowTable = tableBuf_.Get<uint32_t>();
        if constexpr (IsSameType<T, float>::value) {
            ScanPieces(xLocal, lanes);
            inQueue_.FreeTensor(xLocal);
            if (segments_ > 1) {
                AddPieceOffsets(count);
            }
            Gather(yLocal, scanBuf_.Get<float>(), rowTable, 0, elements);
        } else {
            LocalTensor<float> xFloat = floatBuf_.Get<float>();
            Cast(xFloat, xLocal, RoundMode::CAST_NONE, elements);
            inQueue_.FreeTensor(xLocal);
            ScanPieces(xFloat, lanes);
            if (segments_ > 1) {
                AddPieceOffsets(count);
            }
            Gather(xFloat, scanBuf_.Get<float>(), rowTable, 0, elements);
            Cast(yLocal, xFloat, RoundMode::CAST_RINT, elements);
        }
        outQueue_.EnQue(yLocal);
    }

    __aicore__ inline void CopyOut(uint32_t row, uint32_t count)
    {
        LocalTensor<T> yLocal = outQueue_.DeQue<T>();
        DataCopyExtParams params(static_cast<uint16_t>(count), rowLength_ * sizeof(T), 0, 0, 0);
        DataCopyPad(yGm_[static_cast<uint64_t>(row) * rowLength_], yLocal, params);
        outQueue_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
    TBuf<TPosition::VECCALC> floatBuf_, scanBuf_, tableBuf_, stepBuf_, laneBuf_, offsetBuf_;
    GlobalTensor<T> xGm_, yGm_;
    uint32_t rowLength_ = 0;
    uint32_t rowStride_ = 0;
    uint32_t tileRows_ = 0;
    uint32_t segments_ = 1;
    uint32_t segLength_ = 1;
    uint32_t laneStride_ = 8;
    uint32_t scanLength_ = 0;
    uint32_t buildChunk_ = 64;
    uint32_t rows_ = 0;
};

extern "C" __global__ __aicore__ void cumsum_last_dim(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelCumsumLastDim<DTYPE_X> op;
    op.Init(x, y, tilingData);
    op.Process();
}
