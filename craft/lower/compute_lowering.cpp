#include "craft/lower/compute_lowering.h"

#include <map>
#include <stdexcept>

#include "craft/lower/call_text.h"
#include "craft/lower/dtypes.h"
#include "craft/lower/trigonometry.h"

namespace akgen::craft::lower {
namespace {

const std::map<Primitive, std::string>& VectorCalls() {
  static const std::map<Primitive, std::string> calls{
      {Primitive::Add, "Add"},       {Primitive::Sub, "Sub"},     {Primitive::Mul, "Mul"},
      {Primitive::Div, "Div"},       {Primitive::Max, "Max"},     {Primitive::Min, "Min"},
      {Primitive::Adds, "Adds"},     {Primitive::Muls, "Muls"},   {Primitive::Maxs, "Maxs"},
      {Primitive::Mins, "Mins"},     {Primitive::LeakyRelu, "LeakyRelu"},
      {Primitive::Exp, "Exp"},       {Primitive::Ln, "Ln"},       {Primitive::Abs, "Abs"},
      {Primitive::Sqrt, "Sqrt"},     {Primitive::Rsqrt, "Rsqrt"}, {Primitive::Reciprocal, "Reciprocal"},
      {Primitive::Relu, "Relu"},     {Primitive::SumRows, "ReduceSum"}, {Primitive::MaxRows, "ReduceMax"},
      {Primitive::MinRows, "ReduceMin"}, {Primitive::SumAll, "ReduceSum"}, {Primitive::MaxAll, "ReduceMax"},
  };
  return calls;
}

const char* CompareMode(Primitive primitive) {
  switch (primitive) {
    case Primitive::CmpLt: return "CMPMODE::LT";
    case Primitive::CmpLe: return "CMPMODE::LE";
    case Primitive::CmpGt: return "CMPMODE::GT";
    case Primitive::CmpGe: return "CMPMODE::GE";
    case Primitive::CmpEq: return "CMPMODE::EQ";
    default: return "CMPMODE::NE";
  }
}

const char* RoundMode(CastRounding rounding) {
  switch (rounding) {
    case CastRounding::Rint: return "RoundMode::CAST_RINT";
    case CastRounding::Trunc: return "RoundMode::CAST_TRUNC";
    case CastRounding::None: break;
  }
  return "RoundMode::CAST_NONE";
}

// Abramowitz & Stegun 7.1.26: erf(x) = 1 - (a1 t + ... + a5 t^5) exp(-x^2), t = 1 / (1 + p x), x >= 0;
// absolute error below 1.5e-7.
constexpr const char* kErfP = "0.3275911f";
constexpr const char* kErfA[] = {"0.254829592f", "-0.284496736f", "1.421413741f", "-1.453152027f", "1.061405429f"};


// The kernel helper of cumsum_rows/cumprod_rows of 16 rows or more. It starts with a function, not a
// constexpr line, so it is emitted after AlignUpTo, which it calls (KernelNames::HelperDefinitions).
const char* kScanRowsByLanes = R"(// After the first `count` offsets, copies - 1 more runs of them, run i shifted by i * shift (built
// by doubling).
__aicore__ inline void RepeatShifted(const LocalTensor<int32_t>& offsets, int64_t count, int64_t copies, int32_t shift) {
    for (int64_t built = 1; built < copies; built *= 2) {
        const int64_t copied = built < copies - built ? built : copies - built;
        Adds(offsets[built * count], offsets, static_cast<int32_t>(built) * shift, static_cast<int32_t>(copied * count));
    }
}

// offsets[k] = min(k, last) * step for k < count, then copies - 1 more runs of `count`, run i
// shifted by i * shift: the byte offsets of a Gather that transposes.
__aicore__ inline void TransposeOffsets(const LocalTensor<int32_t>& offsets, int64_t count, int64_t last, int32_t step,
                                        int64_t copies, int32_t shift) {
    CreateVecIndex(offsets, static_cast<int32_t>(0), static_cast<uint32_t>(count));
    Mins(offsets, offsets, static_cast<int32_t>(last), static_cast<int32_t>(count));
    Muls(offsets, offsets, step, static_cast<int32_t>(count));
    RepeatShifted(offsets, count, copies, shift);
}

// Each of `rows` rows' running sum (kSum) or product over its `cols` columns, left to right, a
// lane per row: Gather turns the rows into columns of `width` lanes (the lanes past the rows read
// the last row), one Add (Mul) per column takes in the column before it, and a second Gather turns
// the lanes back into rows (padding columns read the last column). Each row's steps are the scalar
// scan's, in its order and rounding. `lanes` and `offsets` hold 2 * rows * srcStride elements
// each: width <= 2 * rows from 16 rows on.
template <typename T, bool kSum>
__aicore__ inline void ScanRowsByLanes(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& lanes,
                                       const LocalTensor<int32_t>& offsets, int64_t rows, int64_t cols,
                                       int64_t srcStride, int64_t dstStride) {
    const int64_t width = AlignUpTo(rows, 16);  // whole 32-byte blocks of lanes for f16 and f32
    const int32_t size = static_cast<int32_t>(sizeof(T));
    TransposeOffsets(offsets, width, rows - 1, static_cast<int32_t>(srcStride) * size, cols, size);
    Gather(lanes, src, offsets.template ReinterpretCast<uint32_t>(), 0, static_cast<uint32_t>(cols * width));
    for (int64_t column = 1; column < cols; ++column) {
        if (kSum) {
            Add(lanes[column * width], lanes[column * width], lanes[(column - 1) * width], static_cast<int32_t>(width));
        } else {
            Mul(lanes[column * width], lanes[column * width], lanes[(column - 1) * width], static_cast<int32_t>(width));
        }
    }
    TransposeOffsets(offsets, dstStride, cols - 1, static_cast<int32_t>(width) * size, rows, size);
    Gather(dst, lanes, offsets.template ReinterpretCast<uint32_t>(), 0, static_cast<uint32_t>(rows * dstStride));
}

// The running sums of fewer than 16 long rows, without a step per element on the scalar unit (false,
// and nothing done, when the scratch is too small): each row is cut into `pieces` runs of `run`
// columns, about 64 runs in all, and a lane
// per run scans them as ScanRowsByLanes scans rows. The scalar unit adds up, per row, the totals of
// the runs before each run (a step per run), one Add per step puts that carry into every lane, and
// a Gather turns the lanes back into rows. A sum is its run's running sum plus the carry: the
// additions are grouped by runs, so the rounding differs from the left-to-right scan's. Scratch as
// ScanRowsByLanes': the lanes and the carries within 2 * rows * srcStride elements, and as many
// int32 offsets.
template <typename T>
__aicore__ inline bool SumRowsByPieces(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& lanes,
                                       const LocalTensor<int32_t>& offsets, int64_t rows, int64_t cols,
                                       int64_t srcStride, int64_t dstStride, int64_t scratchElements) {
    // runs and pieces per row in multiples of 8, so every run of offsets starts on a 32-byte block
    int64_t pieces = AlignUpTo((64 + rows - 1) / rows, 8);
    const int64_t run = AlignUpTo((cols + pieces - 1) / pieces, 8);
    pieces = AlignUpTo((cols + run - 1) / run, 8);
    const int64_t width = AlignUpTo(rows * pieces, 16);  // whole 32-byte blocks of lanes
    if ((run + 1) * width > scratchElements) return false;  // the lanes and the carries do not fit
    const int32_t size = static_cast<int32_t>(sizeof(T));
    // step 0: lane r * pieces + p reads column p * run of row r (the lanes past the rows read
    // element 0); step i reads i columns further, but never past the last row's end
    Duplicate(offsets, static_cast<int32_t>(0), static_cast<int32_t>(width));
    CreateVecIndex(offsets, static_cast<int32_t>(0), static_cast<uint32_t>(pieces));
    Muls(offsets, offsets, static_cast<int32_t>(run) * size, static_cast<int32_t>(pieces));
    RepeatShifted(offsets, pieces, rows, static_cast<int32_t>(srcStride) * size);
    RepeatShifted(offsets, width, run, size);
    Mins(offsets, offsets, static_cast<int32_t>((rows * srcStride - 1) * size), static_cast<int32_t>(run * width));
    Gather(lanes, src, offsets.template ReinterpretCast<uint32_t>(), 0, static_cast<uint32_t>(run * width));
    for (int64_t step = 1; step < run; ++step) {
        Add(lanes[step * width], lanes[step * width], lanes[(step - 1) * width], static_cast<int32_t>(width));
    }
    // back to rows: column c of row 0 is step c % run of lane c / run (pieces runs of run offsets);
    // the padding columns read column cols - 1, written below by the scalar unit
    TransposeOffsets(offsets, run, run - 1, static_cast<int32_t>(width) * size, pieces, size);
    const LocalTensor<T> carries = lanes[run * width];
    Duplicate(carries, static_cast<T>(0), static_cast<int32_t>(width));
    PipeSync<HardEvent::V_S>();
    for (int64_t row = 0; row < rows; ++row) {
        float carry = 0.0f;
        for (int64_t piece = 0; piece < pieces; ++piece) {
            const int64_t lane = row * pieces + piece;
            carries.SetValue(lane, static_cast<T>(carry));
            carry += static_cast<float>(lanes.GetValue((run - 1) * width + lane));
        }
    }
    const int32_t lastColumn = static_cast<int32_t>((((cols - 1) % run) * width + (cols - 1) / run) * size);
    for (int64_t column = cols; column < dstStride; ++column) offsets.SetValue(column, lastColumn);
    PipeSync<HardEvent::S_V>();
    for (int64_t step = 0; step < run; ++step) {
        Add(lanes[step * width], lanes[step * width], carries, static_cast<int32_t>(width));
    }
    RepeatShifted(offsets, dstStride, rows, static_cast<int32_t>(pieces) * size);
    Gather(dst, lanes, offsets.template ReinterpretCast<uint32_t>(), 0, static_cast<uint32_t>(rows * dstStride));
    return true;
})";

// The kernel helpers of the sort primitives (docs/dsl.md "Sorting and top-k"): the constants, then
// the functions, which start with a function rather than a constexpr line, so they follow AlignUpTo
// and the rest (KernelNames::HelperDefinitions).
const char* kSortConstants = R"(// Sorting: Sort32 orders runs of SORT_RUN values into 8-byte (value, index) pairs, largest first
// (a half value, 2 reserved bytes and the index; a float value and the index), and MrgSort merges
// up to 4 sorted runs of pairs. A pairs buffer of T holds SORT_PAIR_BYTES / sizeof(T) T per pair.
constexpr int64_t SORT_PAIR_BYTES = 8;
constexpr int64_t SORT_RUN = 32;)";

const char* kSortFunctions = R"(// -inf in each of `count` values of T from dst: a value that sorts after every number (as the
// value-sized words of a pair, its index is never read as one).
template <typename T>
__aicore__ inline void FillSortSentinel(const LocalTensor<T>& dst, int64_t count) {
    if (sizeof(T) == 2) {
        Duplicate(dst.template ReinterpretCast<int16_t>(), static_cast<int16_t>(static_cast<uint16_t>(0xFC00u)),
                  static_cast<int32_t>(count));
    } else {
        Duplicate(dst.template ReinterpretCast<int32_t>(), static_cast<int32_t>(0xFF800000u), static_cast<int32_t>(count));
    }
}

// The first `kept` pairs of the sorted run `run` as the `keep` pairs of dst, bit for bit (32-bit
// words); when the run is shorter, the pairs after it sort after every number.
template <typename T>
__aicore__ inline void KeepPairs(const LocalTensor<T>& dst, const LocalTensor<T>& run, int64_t kept, int64_t keep) {
    const int64_t perPair = SORT_PAIR_BYTES / static_cast<int64_t>(sizeof(T));
    if (kept < keep) {
        FillSortSentinel(dst, keep * perPair);
        PipeBarrier<PIPE_V>();
    }
    const int64_t copied = kept < keep ? kept : keep;
    Adds(dst.template ReinterpretCast<int32_t>(), run.template ReinterpretCast<int32_t>(), static_cast<int32_t>(0),
         static_cast<int32_t>(2 * copied));
}

// One row of `count` values sorted into the `keep` pairs of dst: pair j holds a value times `sign`
// (-1 sorts smallest first: the instructions sort largest first) and its index from `indices`
// (base + column). The row goes to `values`, its last run padded with -inf; Sort32 makes runs of
// 32 pairs in pairsA; rounds of MrgSort merge groups of up to 4 runs back and forth between pairsA
// and pairsB, every run cut to its first `keep` pairs (no later pair can be kept). The runs of a
// round are `length` pairs long and `length` apart, but the last, `lastLength` long; equal values
// keep the lower column first (Sort32 is stable and MrgSort prefers the earlier run).
template <typename T>
__aicore__ inline void SortRowPairs(const LocalTensor<T>& dst, const LocalTensor<T>& src, int64_t count, int64_t keep,
                                    T sign, const LocalTensor<T>& values, const LocalTensor<int32_t>& indices,
                                    const LocalTensor<T>& pairsA, const LocalTensor<T>& pairsB) {
    const int64_t perPair = SORT_PAIR_BYTES / static_cast<int64_t>(sizeof(T));
    if (count <= 0) {
        FillSortSentinel(dst, keep * perPair);
        return;
    }
    const int64_t width = (count + SORT_RUN - 1) / SORT_RUN * SORT_RUN;
    if (width > count) {
        FillSortSentinel(values[width - SORT_RUN], SORT_RUN);
        PipeBarrier<PIPE_V>();
    }
    Muls(values, src, sign, static_cast<int32_t>(count));
    PipeBarrier<PIPE_V>();
    int64_t runs = width / SORT_RUN;
    for (int64_t first = 0; first < runs; first += 255) {
        const int64_t repeats = runs - first < 255 ? runs - first : 255;
        Sort32(pairsA[first * SORT_RUN * perPair], values[first * SORT_RUN],
               indices[first * SORT_RUN].template ReinterpretCast<uint32_t>(), static_cast<int32_t>(repeats));
    }
    PipeBarrier<PIPE_V>();
    LocalTensor<T> from = pairsA;
    LocalTensor<T> to = pairsB;
    int64_t length = SORT_RUN;
    int64_t lastLength = SORT_RUN;
    while (runs > 1) {
        const int64_t cut = length < keep ? length : keep;
        const int64_t lastCut = lastLength < keep ? lastLength : keep;
        // groups of 4 runs of `length`, then the rest (the last run among them)
        const int64_t groups = lastLength == length ? runs / 4 : (runs - 1) / 4;
        const int64_t rest = runs - 4 * groups;
        if (cut == length) {
            // whole runs lie back to back: one MrgSort repeats over up to 255 groups
            for (int64_t first = 0; first < groups; first += 255) {
                const int64_t repeats = groups - first < 255 ? groups - first : 255;
                const int64_t at = first * 4 * length * perPair;
                const uint16_t lengths[4] = {static_cast<uint16_t>(cut), static_cast<uint16_t>(cut),
                                             static_cast<uint16_t>(cut), static_cast<uint16_t>(cut)};
                MrgSort(to[at], MrgSortSrcList<T>(from[at], from[at + length * perPair], from[at + 2 * length * perPair],
                                                  from[at + 3 * length * perPair]),
                        MrgSort4Info(lengths, false, 0b1111, static_cast<uint16_t>(repeats)));
            }
        } else {
            for (int64_t group = 0; group < groups; ++group) {
                const int64_t at = group * 4 * length * perPair;
                const uint16_t lengths[4] = {static_cast<uint16_t>(cut), static_cast<uint16_t>(cut),
                                             static_cast<uint16_t>(cut), static_cast<uint16_t>(cut)};
                MrgSort(to[group * 4 * cut * perPair],
                        MrgSortSrcList<T>(from[at], from[at + length * perPair], from[at + 2 * length * perPair],
                                          from[at + 3 * length * perPair]),
                        MrgSort4Info(lengths, false, 0b1111, 1));
            }
        }
        const int64_t restAt = groups * 4 * length * perPair;
        const int64_t restTo = groups * 4 * cut * perPair;
        if (rest >= 2) {
            uint16_t lengths[4] = {0, 0, 0, 0};
            LocalTensor<T> sources[4] = {from[restAt], from[restAt], from[restAt], from[restAt]};
            for (int64_t i = 0; i < rest; ++i) {
                lengths[i] = static_cast<uint16_t>(i + 1 < rest ? cut : lastCut);
                sources[i] = from[restAt + i * length * perPair];
            }
            MrgSort(to[restTo], MrgSortSrcList<T>(sources[0], sources[1], sources[2], sources[3]),
                    MrgSort4Info(lengths, false, static_cast<uint16_t>((1 << rest) - 1), 1));
        } else if (rest == 1) {
            Adds(to[restTo].template ReinterpretCast<int32_t>(), from[restAt].template ReinterpretCast<int32_t>(),
                 static_cast<int32_t>(0), static_cast<int32_t>(2 * lastCut));
        }
        PipeBarrier<PIPE_V>();
        lastLength = rest == 0 ? 4 * cut : (rest - 1) * cut + lastCut;
        length = 4 * cut;
        runs = groups + (rest > 0 ? 1 : 0);
        const LocalTensor<T> swap = from;
        from = to;
        to = swap;
    }
    KeepPairs(dst, from, lastLength, keep);
}

// The first `keep` pairs of the merge of a's first aPairs and b's first bPairs (at most `keep` of
// each), through `merged`, so dst may be a or b; on equal values a's pairs come first.
template <typename T>
__aicore__ inline void MergeRowPairs(const LocalTensor<T>& dst, const LocalTensor<T>& a, int64_t aPairs,
                                     const LocalTensor<T>& b, int64_t bPairs, int64_t keep, const LocalTensor<T>& merged) {
    const int64_t aCut = aPairs < keep ? aPairs : keep;
    const int64_t bCut = bPairs < keep ? bPairs : keep;
    const uint16_t lengths[4] = {static_cast<uint16_t>(aCut), static_cast<uint16_t>(bCut), 0, 0};
    MrgSort(merged, MrgSortSrcList<T>(a, b, a, a), MrgSort4Info(lengths, false, 0b11, 1));
    PipeBarrier<PIPE_V>();
    KeepPairs(dst, merged, aCut + bCut, keep);
}

// The values of the first `keep` pairs (every 4th half, or every even float), times -1 when the
// pairs were sorted smallest first.
template <typename T>
__aicore__ inline void PairValuesRow(const LocalTensor<T>& dst, const LocalTensor<T>& pairs, int64_t keep, bool descending) {
    const int64_t perPair = SORT_PAIR_BYTES / static_cast<int64_t>(sizeof(T));
    uint64_t gathered = 0;
    GatherMask(dst, pairs, static_cast<uint8_t>(sizeof(T) == 2 ? 3 : 1), true, static_cast<uint32_t>(keep * perPair),
               GatherMaskParams(1, 1, 8, 0), gathered);
    if (!descending) {
        PipeBarrier<PIPE_V>();
        Muls(dst, dst, static_cast<T>(-1.0f), static_cast<int32_t>(keep));
    }
}

// The indices of the first `keep` pairs: every odd 32-bit word.
template <typename T>
__aicore__ inline void PairIndicesRow(const LocalTensor<int32_t>& dst, const LocalTensor<T>& pairs, int64_t keep) {
    uint64_t gathered = 0;
    GatherMask(dst.template ReinterpretCast<uint32_t>(), pairs.template ReinterpretCast<uint32_t>(), static_cast<uint8_t>(2),
               true, static_cast<uint32_t>(2 * keep), GatherMaskParams(1, 1, 8, 0), gathered);
})";

}  // namespace

const BufferModel& ComputeLowering::Buffer(const std::string& name) const {
  const BufferModel* buffer = names_.Model().FindBuffer(name);
  if (!buffer) throw std::invalid_argument("unknown buffer " + name);
  return *buffer;
}

std::string ComputeLowering::ElementCount(const ComputeModel& compute) {
  return CountText(compute.count, compute.destination);
}

// The elements `count` covers in a statement writing `destination`.
std::string ComputeLowering::CountText(const akgen::craft::ElementCount& count, const std::string& destination) {
  const BufferModel& counted = Buffer(count.buffer);
  if (!count.length) {
    // A whole buffer: the destination's own capacity (a fill covers a compare operand's padding);
    // another buffer's whole extent, as the checker bounds it by the destination's.
    if (counted.name == destination || counted.extents.size() == 2) return names_.Capacity(counted);
    return names_.Scalar(*counted.extents[0]);
  }
  const CppExpression length = names_.Scalars().Translate(*count.length);
  if (!count.rows) return length.text;
  // Whole padded rows; a broadcast counts the rows of its 2-D destination.
  const BufferModel& rows = counted.extents.size() == 2 ? counted : Buffer(destination);
  return Wrapped(length) + " * " + names_.RowStride(rows);
}

// The model counts a whole-buffer reduction's result (one element); the reduction itself runs over
// its operand's count (ComputeModel::operandCount), as a statement writing the operand counts it.
std::string ComputeLowering::OperandCount(const ComputeModel& compute) {
  return CountText(compute.operandCount, compute.operandCount.buffer);
}

std::string ComputeLowering::Rows(const ComputeModel& compute) {
  if (compute.count.length) return names_.Scalar(*compute.count.length);
  return names_.Scalar(*Buffer(compute.count.buffer).extents[0]);
}

std::string ComputeLowering::ScalarArgument(const Expr& expression, const std::string& type) {
  const CppExpression value = names_.Scalars().Translate(expression);
  if (type == "float" && value.type == ScalarType::Float) return value.text;
  return "static_cast<" + type + ">(" + value.text + ")";
}

std::string ComputeLowering::ScratchBytes(const ComputeModel& compute) {
  if (compute.bufferOperands.empty()) return "";
  // gather: a 4-byte offset per element of the destination (temporaries.cpp)
  if (compute.primitive == Primitive::Gather) return names_.Capacity(Buffer(compute.destination)) + " * 4";
  const BufferModel& source = Buffer(compute.bufferOperands[0]);
  const std::string type = KernelType(source.dtype);
  if (compute.primitive == Primitive::SortRows || compute.primitive == Primitive::MergeRows) {
    // sort_rows: a row of W = align_up(row, 32) values, their int32 indices and two rows of pairs;
    // merge_rows: 2K pairs, K the destination's row (temporaries.cpp gives the checker's bound).
    UseSortHelpers();
    if (compute.primitive == Primitive::SortRows) return SortWidth(source) + " * (sizeof(" + type + ") + 20)";
    const BufferModel& destination = Buffer(compute.destination);
    const std::string row = destination.extents.size() == 2 ? names_.RowStride(destination) : names_.Capacity(destination);
    return "2 * " + row + " * SORT_PAIR_BYTES";
  }
  switch (compute.primitive) {
    case Primitive::Sin: case Primitive::Cos: case Primitive::Tan: case Primitive::Asin:
    case Primitive::Acos: case Primitive::Atan:
    case Primitive::Gelu: case Primitive::Erf: case Primitive::SumRows: case Primitive::MaxRows:
    case Primitive::MinRows: case Primitive::SoftmaxRows: case Primitive::SumAll: case Primitive::MaxAll:
    case Primitive::CmpLt: case Primitive::CmpLe: case Primitive::CmpGt:
    case Primitive::CmpGe: case Primitive::CmpEq: case Primitive::CmpNe: case Primitive::Select:
    case Primitive::IsFinite: case Primitive::ArgmaxRows: case Primitive::ArgminRows: case Primitive::CumsumRows:
    case Primitive::CumprodRows: break;
    case Primitive::Cast:
      if (!compute.temp) return "";
      return std::to_string(compute.temp->eighthBytesPerElement.front() / 8) + " * " + names_.Capacity(source) + " + " +
             std::to_string(compute.temp->fixedBytes);
    default: return "";
  }
  const std::string capacity = names_.Capacity(source);
  names_.Scalars().UseHelper("AlignUpTo");
  const std::string region = "AlignUpTo(" + capacity + " * sizeof(" + type + "), 32)";
  switch (compute.primitive) {
    case Primitive::Gelu: return region;
    case Primitive::Erf: case Primitive::Sin: case Primitive::Cos: return "3 * " + region;
    case Primitive::Tan: return "4 * " + region;
    case Primitive::Asin: case Primitive::Acos: case Primitive::Atan: return "2 * " + region;
    case Primitive::CmpLt: case Primitive::CmpLe: case Primitive::CmpGt:
    case Primitive::CmpGe: case Primitive::CmpEq: case Primitive::CmpNe:
      // Two half tiles and the bit mask; a compare operand's capacity is a multiple of COMPARE_ALIGN.
      return "4 * " + capacity + " + " + capacity + " / 8";
    case Primitive::IsFinite: return "4 * " + capacity + " + " + capacity + " / 4 + " + capacity + " * sizeof(" + type + ")";
    case Primitive::Select: return "2 * " + capacity + " + " + capacity + " / 8";
    case Primitive::SumRows: case Primitive::MaxRows: case Primitive::MinRows: case Primitive::SoftmaxRows:
      return names_.RowStride(source) + " * sizeof(" + type + ") + 32";
    case Primitive::ArgmaxRows: case Primitive::ArgminRows:
      // NaN flags as large as the operand, one row of work space, a 32-byte result block, and four
      // 4-byte results per row (short rows): a row takes at least 32 bytes, so they fit in an eighth
      // of the operand's bytes and four 32-byte roundings.
      return region + " + " + names_.RowStride(source) + " * sizeof(" + type + ") + 32 + " + capacity + " * sizeof(" + type +
             ") / 2 + 128";
    case Primitive::SumAll: case Primitive::MaxAll: return region;
    case Primitive::CumsumRows: case Primitive::CumprodRows:
      // ScanRowsByLanes: twice the operand's elements of lanes, then as many int32 offsets.
      return "2 * " + region + " + 8 * " + capacity + " + 64";
    default: return "";
  }
}

// A cast without its own instruction converts through intermediates in scratch (cast_path.h),
// each region as long as the source buffer.
std::vector<std::string> ComputeLowering::CastLines(const std::vector<CastStep>& path, const std::string& d,
                                                    const std::string& x, const std::string& n) {
  if (path.size() == 1) {
    const std::string from = path[0].from == Dtype::Bool ? Reinterpreted(x, "uint8_t") : x;
    return {Call("Cast", {d, from, RoundMode(path[0].rounding), n})};
  }
  const std::string capacity = names_.Capacity(Buffer(x));
  names_.Scalars().UseHelper("AlignUpTo");
  std::vector<std::string> lines = {"{"};
  std::string description = std::string(DtypeName(path.front().from));
  for (const CastStep& step : path) description += " -> " + std::string(DtypeName(step.to));
  lines.push_back("    // " + description + ": the vector unit has no direct instruction");
  std::string offset = "0";
  std::string source = x;
  std::vector<std::string> calls;
  for (size_t i = 0; i < path.size(); ++i) {
    std::string target = d;
    if (i + 1 < path.size()) {
      const std::string type(KernelSpelling(path[i].to));
      target = d + "Step" + std::to_string(i + 1);
      lines.push_back("    " + ScratchRegion(type, target, capacity, offset));
      const std::string bytes = "AlignUpTo(" + capacity + " * sizeof(" + type + "), 32)";
      offset = offset == "0" ? bytes : offset + " + " + bytes;
    }
    // A bool tensor may be typed `bool` (a dtype variable's type); the instructions read its bytes.
    const std::string to = path[i].to == Dtype::Bool ? Reinterpreted(target, "uint8_t") : target;
    const std::string from = path[i].from == Dtype::Bool ? Reinterpreted(source, "uint8_t") : source;
    calls.push_back("    " + Call("Cast", {to, from, RoundMode(path[i].rounding), n}));
    source = target;
  }
  lines.insert(lines.end(), calls.begin(), calls.end());
  lines.push_back("}");
  return lines;
}

// duplicate(s): the vector Duplicate fills 2- and 4-byte elements. A 1-byte dtype is filled as int16
// words holding the byte twice; i64 through its int32 view, whose even lanes (the low words, A2 being
// little-endian) and odd lanes (the high words) two masked level-0 Duplicates write.
std::vector<std::string> ComputeLowering::FillLines(const ComputeModel& compute, const Expr& value, size_t combination) {
  const std::string& d = compute.destination;
  const std::string n = ElementCount(compute);
  const Dtype dtype = compute.resultDtype[combination];
  const std::string scalar = names_.Scalars().Translate(value).text;
  if (DtypeBytes(dtype) == 1) {
    const std::string byte = dtype == Dtype::I8     ? "static_cast<uint8_t>(static_cast<int8_t>(" + scalar + "))"
                             : dtype == Dtype::Bool ? "static_cast<uint8_t>(static_cast<bool>(" + scalar + "))"
                                                    : "static_cast<uint8_t>(" + scalar + ")";
    return {"{",
            "    // no 1-byte Duplicate: int16 words that hold the byte twice (the buffer is whole 32-byte blocks)",
            "    const uint16_t scratchFillByte = " + byte + ";",
            "    " + Call("Duplicate", {Reinterpreted(d, "int16_t"), "static_cast<int16_t>(scratchFillByte * 257)",
                                        "static_cast<int32_t>((" + n + " + 1) / 2)"}),
            "}"};
  }
  if (dtype != Dtype::I64) return {Call("Duplicate", {d, ScalarArgument(value, KernelType(Buffer(d).dtype)), n})};
  names_.Scalars().UseHelper("ScalarMin");
  return {"{",
          "    // no 64-bit Duplicate: on the int32 view, the low word into the even lanes and the high word into",
          "    // the odd lanes, by masked level-0 Duplicates of up to 255 repeats of 64 lanes",
          "    const uint64_t scratchFillBits = static_cast<uint64_t>(static_cast<int64_t>(" + scalar + "));",
          "    const int32_t scratchFillLow = static_cast<int32_t>(static_cast<uint32_t>(scratchFillBits));",
          "    const int32_t scratchFillHigh = static_cast<int32_t>(static_cast<uint32_t>(scratchFillBits >> 32));",
          "    const LocalTensor<int32_t> scratchFillWords = " + Reinterpreted(d, "int32_t") + ";",
          "    const int64_t scratchFillCount = 2 * (" + n + ");",
          "    for (int64_t scratchFirstWord = 0; scratchFirstWord < scratchFillCount; scratchFirstWord += 64 * 255) {",
          "        const int64_t scratchChunkWords = ScalarMin<int64_t>(64 * 255, scratchFillCount - scratchFirstWord);",
          "        const int64_t scratchWholeRepeats = scratchChunkWords / 64;",
          "        const int64_t scratchTailWords = scratchChunkWords - scratchWholeRepeats * 64;",
          "        if (scratchWholeRepeats > 0) {",
          "            uint64_t scratchLowLanes[2] = {0x5555555555555555ULL, 0};",
          "            uint64_t scratchHighLanes[2] = {0xAAAAAAAAAAAAAAAAULL, 0};",
          "            Duplicate(scratchFillWords[scratchFirstWord], scratchFillLow, scratchLowLanes, static_cast<uint8_t>(scratchWholeRepeats), 1, 8);",
          "            Duplicate(scratchFillWords[scratchFirstWord], scratchFillHigh, scratchHighLanes, static_cast<uint8_t>(scratchWholeRepeats), 1, 8);",
          "        }",
          "        if (scratchTailWords > 0) {",
          "            const uint64_t scratchTailLanes = (static_cast<uint64_t>(1) << scratchTailWords) - 1;",
          "            uint64_t scratchLowLanes[2] = {0x5555555555555555ULL & scratchTailLanes, 0};",
          "            uint64_t scratchHighLanes[2] = {0xAAAAAAAAAAAAAAAAULL & scratchTailLanes, 0};",
          "            Duplicate(scratchFillWords[scratchFirstWord + scratchWholeRepeats * 64], scratchFillLow, scratchLowLanes, 1, 1, 8);",
          "            Duplicate(scratchFillWords[scratchFirstWord + scratchWholeRepeats * 64], scratchFillHigh, scratchHighLanes, 1, 1, 8);",
          "        }",
          "    }",
          "}"};
}

std::vector<std::string> ComputeLowering::Lines(const ComputeModel& compute, const ComputeAssign& assign,
                                                size_t combination, IdentityCast identity) {
  const std::string& d = compute.destination;
  const BufferModel& destination = Buffer(d);
  const std::string type = KernelType(destination.dtype);
  const std::string x = compute.bufferOperands.empty() ? "" : compute.bufferOperands[0];
  const std::vector<Expr>& args = assign.value.operands;
  const Primitive primitive = compute.primitive;
  const auto call = VectorCalls().find(primitive);

  switch (InfoOf(primitive).signature) {
    case Signature::BufferBuffer:
      if (call != VectorCalls().end()) return {Call(call->second, {d, x, compute.bufferOperands[1], ElementCount(compute)})};
      break;
    case Signature::BufferScalar:
      if (call != VectorCalls().end()) {
        return {Call(call->second, {d, x, ScalarArgument(args[1], type), ElementCount(compute)})};
      }
      break;
    case Signature::AccumulateScalar:
      // Axpy in one dtype rounds the product before the add, as muls then add would
      return {Call("Axpy", {d, compute.bufferOperands[1], ScalarArgument(args[2], type), ElementCount(compute)})};
    case Signature::Scalar:
      if (primitive == Primitive::Iota) return {Call("CreateVecIndex", {d, ScalarArgument(args[0], type), ElementCount(compute)})};
      return FillLines(compute, args[0], combination);
    default: break;
  }
  const std::string n = primitive == Primitive::BcastRows || primitive == Primitive::BcastRow ? "" : ElementCount(compute);
  switch (primitive) {
    case Primitive::Exp: case Primitive::Ln: case Primitive::Abs: case Primitive::Sqrt:
    case Primitive::Rsqrt: case Primitive::Reciprocal: case Primitive::Relu:
      return {Call(call->second, {d, x, n})};
    case Primitive::Neg: return {Call("Muls", {d, x, Constant(type, "-1.0f"), n})};
    case Primitive::Cast: {
      const Dtype from = compute.operandDtype[combination];
      const Dtype to = compute.resultDtype[combination];
      if (compute.identityCast[combination]) {
        if (identity == IdentityCast::Alias) return {d + " = " + x + ";"};
        if (DtypeBytes(to) == 1) return CastLines(ByteCopyPath(to), d, x, n);
        // Bit for bit (a float's -0 and NaN payloads too), as int16 words: every wider dtype has them.
        return {Call("Adds", {Reinterpreted(d, "int16_t"), Reinterpreted(x, "int16_t"), "static_cast<int16_t>(0)",
                              (n.find(' ') == std::string::npos ? n : "(" + n + ")") + " * " +
                                  std::to_string(DtypeBytes(to) / 2)})};
      }
      return CastLines(*CastPath(from, to), d, x, n);
    }
    case Primitive::Sigmoid:  // 1 / (1 + exp(-x))
      return {Call("Muls", {d, x, Constant(type, "-1.0f"), n}), Call("Exp", {d, d, n}),
              Call("Adds", {d, d, Constant(type, "1.0f"), n}), Call("Reciprocal", {d, d, n})};
    case Primitive::Tanh:  // 2 / (1 + exp(-2x)) - 1
      return {Call("Muls", {d, x, Constant(type, "-2.0f"), n}), Call("Exp", {d, d, n}),
              Call("Adds", {d, d, Constant(type, "1.0f"), n}), Call("Reciprocal", {d, d, n}),
              Call("Muls", {d, d, Constant(type, "2.0f"), n}),
              Call("Adds", {d, d, Constant(type, "-1.0f"), n})};
    case Primitive::Pow:  // exp(s * ln(x)), for x > 0
      return {Call("Ln", {d, x, n}), Call("Muls", {d, d, ScalarArgument(args[1], type), n}), Call("Exp", {d, d, n})};
    case Primitive::Gelu: {
      // gelu(x) = x * sigmoid(2 * sqrt(2 / pi) * (x + 0.044715 x^3)) = x / (1 + exp(-1.5957691 * (x + 0.044715 x^3)))
      const std::string inner = d + "Inner";
      const std::string cap = names_.Capacity(Buffer(x));
      return {"{",
              "    // x / (1 + exp(-2 sqrt(2 / pi) (x + 0.044715 x^3))): tanh's approximation through one exp",
              "    " + ScratchRegion(type, inner, cap, "0"),
              "    " + Call("Mul", {inner, x, x, n}),
              "    " + Call("Muls", {inner, inner, Constant(type, "0.044715f"), n}),
              "    " + Call("Adds", {inner, inner, Constant(type, "1.0f"), n}),
              "    " + Call("Mul", {inner, inner, x, n}),
              "    " + Call("Muls", {inner, inner, Constant(type, "-1.5957691216f"), n}),
              "    " + Call("Exp", {inner, inner, n}),
              "    " + Call("Adds", {inner, inner, Constant(type, "1.0f"), n}),
              "    " + Call("Div", {d, x, inner, n}),
              "}"};
    }
    case Primitive::Sin: case Primitive::Cos: case Primitive::Tan: case Primitive::Asin: case Primitive::Acos:
    case Primitive::Atan: {
      const std::string cap = names_.Capacity(Buffer(x));
      names_.Scalars().UseHelper("AlignUpTo");
      return TrigonometricLines(primitive, d, x, n, cap, "AlignUpTo(" + cap + " * sizeof(float), 32)");
    }
    case Primitive::Erf: {
      const std::string cap = names_.Capacity(Buffer(x));
      names_.Scalars().UseHelper("AlignUpTo");
      const std::string region = "AlignUpTo(" + cap + " * sizeof(" + type + "), 32)";
      const std::string sign = d + "Sign", gauss = d + "Gauss", t = d + "T";
      auto scalar = [&](const char* value) { return Constant(type, value); };
      std::vector<std::string> lines{
          "{",
          "    // Abramowitz & Stegun 7.1.26 on |x| (error below 1.5e-7), times the sign of x",
          "    " + ScratchRegion(type, sign, cap, "0"),
          "    " + ScratchRegion(type, gauss, cap, region),
          "    " + ScratchRegion(type, t, cap, "2 * " + region),
          "    " + Call("Abs", {t, x, n}),
          "    " + Call("Maxs", {sign, t, scalar("1e-30f"), n}),
          "    " + Call("Div", {sign, x, sign, n}),
          "    " + Call("Mul", {gauss, x, x, n}),
          "    " + Call("Muls", {gauss, gauss, scalar("-1.0f"), n}),
          "    " + Call("Exp", {gauss, gauss, n}),
          "    " + Call("Muls", {t, t, scalar(kErfP), n}),
          "    " + Call("Adds", {t, t, scalar("1.0f"), n}),
          "    " + Call("Reciprocal", {t, t, n}),
          "    " + Call("Muls", {d, t, scalar(kErfA[4]), n})};
      for (int i = 3; i >= 0; --i) {
        lines.push_back("    " + Call("Adds", {d, d, scalar(kErfA[i]), n}));
        lines.push_back("    " + Call("Mul", {d, d, t, n}));
      }
      lines.push_back("    " + Call("Mul", {d, d, gauss, n}));
      lines.push_back("    " + Call("Muls", {d, d, scalar("-1.0f"), n}));
      lines.push_back("    " + Call("Adds", {d, d, scalar("1.0f"), n}));
      lines.push_back("    " + Call("Mul", {d, d, sign, n}));
      lines.push_back("}");
      return lines;
    }
    case Primitive::CmpLt: case Primitive::CmpLe: case Primitive::CmpGt:
    case Primitive::CmpGe: case Primitive::CmpEq: case Primitive::CmpNe: {
      names_.UseCompareAlign();
      return {"{",
              "    // the comparison's bit scratchMask selects 1 or 0 in half, narrowed to one byte per element",
              "    const int64_t scratchCount = AlignUpTo(" + n + ", COMPARE_ALIGN);",
              "    " + ScratchRegion("half", "scratchOnes", "scratchCount", "0"),
              "    " + ScratchRegion("half", "scratchPicked", "scratchCount", "scratchCount * sizeof(half)"),
              "    " + ScratchRegion("uint8_t", "scratchMask", "scratchCount / 8", "2 * scratchCount * sizeof(half)"),
              "    " + Call("Compare", {"scratchMask", x, compute.bufferOperands[1], CompareMode(primitive), "scratchCount"}),
              "    " + Call("Duplicate", {"scratchOnes", "static_cast<half>(1.0f)", "scratchCount"}),
              "    " + Call("Select", {"scratchPicked", "scratchMask", "scratchOnes", "static_cast<half>(0.0f)",
                                       "SELMODE::VSEL_TENSOR_SCALAR_MODE", "scratchCount"}),
              "    " + Call("Cast", {d, "scratchPicked", "RoundMode::CAST_NONE", n}),
              "}"};
    }
    case Primitive::IsFinite: {
      names_.UseCompareAlign();
      return {"{",
              "    // finite exactly where x - x is 0 (inf - inf and NaN give NaN), as 1 or 0 per byte",
              "    const int64_t scratchCount = AlignUpTo(" + n + ", COMPARE_ALIGN);",
              "    " + ScratchRegion("half", "scratchOnes", "scratchCount", "0"),
              "    " + ScratchRegion("half", "scratchPicked", "scratchCount", "scratchCount * sizeof(half)"),
              "    " + ScratchRegion("uint8_t", "scratchMask", "scratchCount / 8", "2 * scratchCount * sizeof(half)"),
              "    " + ScratchRegion(KernelType(Buffer(x).dtype), "scratchDifference", "scratchCount",
                                     "2 * scratchCount * sizeof(half) + scratchCount / 4"),
              "    " + Call("Sub", {"scratchDifference", x, x, "scratchCount"}),
              "    " + Call("CompareScalar", {"scratchMask", "scratchDifference", "static_cast<" + KernelType(Buffer(x).dtype) + ">(0)",
                                              "CMPMODE::EQ", "scratchCount"}),
              "    " + Call("Duplicate", {"scratchOnes", "static_cast<half>(1.0f)", "scratchCount"}),
              "    " + Call("Select", {"scratchPicked", "scratchMask", "scratchOnes", "static_cast<half>(0.0f)",
                                       "SELMODE::VSEL_TENSOR_SCALAR_MODE", "scratchCount"}),
              "    " + Call("Cast", {d, "scratchPicked", "RoundMode::CAST_NONE", n}),
              "}"};
    }
    case Primitive::Select: {
      names_.UseCompareAlign();
      return {"{",
              "    // the scratchMask's 0/1 bytes as the bit scratchMask Select reads: the first operand where the bit is 1",
              "    const int64_t scratchCount = AlignUpTo(" + n + ", COMPARE_ALIGN);",
              "    " + ScratchRegion("half", "scratchMaskHalf", "scratchCount", "0"),
              "    " + ScratchRegion("uint8_t", "scratchBits", "scratchCount / 8", "scratchCount * sizeof(half)"),
              "    " + Call("Cast", {"scratchMaskHalf", x, "RoundMode::CAST_NONE", "scratchCount"}),
              "    " + Call("CompareScalar", {"scratchBits", "scratchMaskHalf", "static_cast<half>(0.5f)", "CMPMODE::GT", "scratchCount"}),
              "    " + Call("Select", {d, "scratchBits", compute.bufferOperands[1], compute.bufferOperands[2],
                                       "SELMODE::VSEL_TENSOR_TENSOR_MODE", n}),
              "}"};
    }
    case Primitive::SumRows: case Primitive::MaxRows: case Primitive::MinRows: {
      const BufferModel& source = Buffer(x);
      const std::string sourceType = KernelType(source.dtype);
      const std::string stride = names_.RowStride(source);
      const std::string cols = names_.Columns(source);
      const std::string rows = Rows(compute);
      names_.Scalars().UseHelper("ScalarMin");
      const std::string whole = primitive == Primitive::SumRows ? "WholeReduceSum" : primitive == Primitive::MaxRows ? "WholeReduceMax" : "WholeReduceMin";
      const std::string order = primitive == Primitive::SumRows ? "" : ", ReduceOrder::ORDER_ONLY_VALUE";
      return {"if (" + cols + " * sizeof(" + sourceType + ") <= 256) {",
              "    // a row fits one 256-byte repeat: one repeat per row, up to 255 rows per call, the padding masked off",
              "    for (int64_t scratchFirstRow = 0; scratchFirstRow < " + rows + "; scratchFirstRow += 255) {",
              "        " + whole + "(" + d + "[scratchFirstRow], " + x + "[scratchFirstRow * " + stride + "], static_cast<int32_t>(" + cols +
                  "), static_cast<int32_t>(ScalarMin<int64_t>(255, " + rows + " - scratchFirstRow)), 1, 1, static_cast<int32_t>(" +
                  stride + " * sizeof(" + sourceType + ") / 32)" + order + ");",
              "    }",
              "} else {",
              "    // one value per row, over its columns only (the row padding left out)",
              "    " + ScratchRegion(sourceType, "scratchRowWork", stride, "0"),
              "    " + ScratchRegion(sourceType, "scratchRowValue", "32 / sizeof(" + sourceType + ")",
                                     stride + " * sizeof(" + sourceType + ")"),
              "    for (int64_t scratchRowIndex = 0; scratchRowIndex < " + rows + "; ++scratchRowIndex) {",
              "        " + Call(call->second, {"scratchRowValue", x + "[scratchRowIndex * " + stride + "]", "scratchRowWork", cols}),
              "        " + names_.PipeSync("V_S"),
              "        " + d + ".SetValue(scratchRowIndex, scratchRowValue.GetValue(0));",
              "    }",
              "    " + names_.PipeSync("S_V"),
              "}"};
    }
    case Primitive::BcastRows: {
      const std::string stride = names_.RowStride(destination);
      return {names_.PipeSync("V_S"),
              "for (int64_t scratchRowIndex = 0; scratchRowIndex < " + Rows(compute) + "; ++scratchRowIndex) {",
              "    " + Call("Duplicate", {d + "[scratchRowIndex * " + stride + "]", x + ".GetValue(scratchRowIndex)", stride}),
              "}"};
    }
    case Primitive::BcastRow: {
      // each row's COLS values from v (its padding is never read back out; v may be just COLS long)
      const std::string stride = names_.RowStride(destination);
      return {"for (int64_t scratchRowIndex = 0; scratchRowIndex < " + names_.Scalar(args[1]) + "; ++scratchRowIndex) {",
              "    " + Call("Adds", {d + "[scratchRowIndex * " + stride + "]", x, "static_cast<" + type + ">(0)",
                                    names_.Columns(destination)}),
              "}"};
    }
    case Primitive::SoftmaxRows: {
      const BufferModel& source = Buffer(x);
      const std::string stride = names_.RowStride(source);
      const std::string cols = names_.Columns(source);
      return {"{",
              "    // per row: exp(x - max) / sum, over the row's columns only",
              "    " + ScratchRegion(type, "scratchRowWork", stride, "0"),
              "    " + ScratchRegion(type, "scratchRowValue", "32 / sizeof(" + type + ")", stride + " * sizeof(" + type + ")"),
              "    for (int64_t scratchRowIndex = 0; scratchRowIndex < " + Rows(compute) + "; ++scratchRowIndex) {",
              "        const LocalTensor<" + type + "> scratchRowIn = " + x + "[scratchRowIndex * " + stride + "];",
              "        const LocalTensor<" + type + "> scratchRowOut = " + d + "[scratchRowIndex * " + stride + "];",
              "        " + Call("ReduceMax", {"scratchRowValue", "scratchRowIn", "scratchRowWork", cols}),
              "        " + names_.PipeSync("V_S"),
              "        const float rowMax = static_cast<float>(scratchRowValue.GetValue(0));",
              "        " + Call("Adds", {"scratchRowOut", "scratchRowIn", "static_cast<" + type + ">(-rowMax)", cols}),
              "        " + Call("Exp", {"scratchRowOut", "scratchRowOut", cols}),
              "        " + Call("ReduceSum", {"scratchRowValue", "scratchRowOut", "scratchRowWork", cols}),
              "        " + names_.PipeSync("V_S"),
              "        const float rowSum = static_cast<float>(scratchRowValue.GetValue(0));",
              "        " + Call("Muls", {"scratchRowOut", "scratchRowOut", "static_cast<" + type + ">(1.0f / rowSum)", cols}),
              "    }",
              "}"};
    }
    case Primitive::CumsumRows: case Primitive::CumprodRows: {
      // Left to right in the buffer's dtype: each step is one operation of the vector unit's rounding
      // (computed in float and rounded once, which for f16 is the correctly rounded f16 result).
      // 16 rows or more go a lane per row (ScanRowsByLanes); fewer, one element at a time.
      const BufferModel& source = Buffer(x);
      const std::string stride = names_.RowStride(source);
      const std::string outStride = names_.RowStride(destination);
      const std::string cols = names_.Columns(source);
      const bool sum = primitive == Primitive::CumsumRows;
      const std::string op = sum ? " + " : " * ";
      const std::string rows = Rows(compute);
      const std::string capacity = names_.Capacity(source);
      // f32 sums of fewer rows go in pieces when the rows are long (SumRowsByPieces)
      const bool pieces = sum && compute.operandDtype[combination] == Dtype::F32;
      names_.PipeSync("V_S");  // defined before the scan helpers, which use it
      names_.UseHelper(kScanRowsByLanes);
      names_.Scalars().UseHelper("AlignUpTo");
      const std::string scanned = ">(" + d + ", " + x + ", scratchLanes, scratchLaneOffsets, " + rows + ", " + cols + ", " +
                                  stride + ", " + outStride;
      return {"{",
              "    " + ScratchRegion(type, "scratchLanes", "2 * " + capacity, "0"),
              "    " + ScratchRegion("int32_t", "scratchLaneOffsets", "2 * " + capacity,
                                     "AlignUpTo(2 * " + capacity + " * sizeof(" + type + "), 32)"),
              "    if (" + rows + " >= 16) {",
              "        ScanRowsByLanes<" + type + ", " + (sum ? "true" : "false") + scanned + ");",
              pieces ? "    } else if (" + cols + " < 256 || !SumRowsByPieces<" + type + scanned + ", 2 * " + capacity + ")) {"
                     : "    } else {",
              std::string("        // each row's running ") + (sum ? "sum" : "product") +
                  " over its columns, one element at a time on the scalar unit",
              "        " + names_.PipeSync("V_S"),
              "        for (int64_t scratchRowIndex = 0; scratchRowIndex < " + rows + "; ++scratchRowIndex) {",
              "            const int64_t scratchRowIn = scratchRowIndex * " + stride + ";",
              "            const int64_t scratchRowOut = scratchRowIndex * " + outStride + ";",
              "            float scratchRunning = static_cast<float>(" + x + ".GetValue(scratchRowIn));",
              "            " + d + ".SetValue(scratchRowOut, static_cast<" + type + ">(scratchRunning));",
              "            for (int64_t scratchColumnIndex = 1; scratchColumnIndex < " + cols + "; ++scratchColumnIndex) {",
              "                scratchRunning = static_cast<float>(static_cast<" + type + ">(scratchRunning" + op +
                  "static_cast<float>(" + x + ".GetValue(scratchRowIn + scratchColumnIndex))));",
              "                " + d + ".SetValue(scratchRowOut + scratchColumnIndex, static_cast<" + type + ">(scratchRunning));",
              "            }",
              "        }",
              "        " + names_.PipeSync("S_V"),
              "    }",
              "}"};
    }
    case Primitive::ArgmaxRows: case Primitive::ArgminRows: {
      const BufferModel& source = Buffer(x);
      const std::string sourceType = KernelType(source.dtype);
      const std::string stride = names_.RowStride(source);
      const std::string cols = names_.Columns(source);
      const std::string rows = Rows(compute);
      const bool half = compute.operandDtype[combination] == Dtype::F16;
      const std::string bits = half ? "uint16_t" : "uint32_t";
      const std::string signedBits = half ? "int16_t" : "int32_t";
      const std::string infinity = half ? "0x7C00" : "0x7F800000";
      const std::string reduce = primitive == Primitive::ArgmaxRows ? "ReduceMax" : "ReduceMin";
      const std::string whole = primitive == Primitive::ArgmaxRows ? "WholeReduceMax" : "WholeReduceMin";
      const std::string extreme = primitive == Primitive::ArgmaxRows ? "largest value" : "smallest value";
      names_.Scalars().UseHelper("ScalarMin");
      const std::string capacity = names_.Capacity(source);
      names_.Scalars().UseHelper("AlignUpTo");
      const std::string region = "AlignUpTo(" + capacity + " * sizeof(" + sourceType + "), 32)";
      const std::string all = "(" + rows + ") * " + stride;
      // after the NaN flags, the row of work space and the 32-byte result block: four rows of row results
      const std::string rowsBase = region + " + " + stride + " * sizeof(" + sourceType + ") + 32";
      auto view = [&](const std::string& type) { return Reinterpreted("scratchNanFlags", type); };
      return {"{",
              std::string("    // per row: the first column holding its ") +
                  (primitive == Primitive::ArgmaxRows ? "largest" : "smallest") +
                  " value, or its first NaN as torch gives, from the reductions' indices (raw " + bits +
                  " scratchBits after the value)",
              "    " + ScratchRegion(sourceType, "scratchNanFlags", capacity, "0"),
              "    " + ScratchRegion(sourceType, "scratchRowWork", stride, region),
              "    " + ScratchRegion(sourceType, "scratchRowValue", "32 / sizeof(" + sourceType + ")",
                                     region + " + " + stride + " * sizeof(" + sourceType + ")"),
              "    // 1 where x is NaN (its scratchBits without the sign above the infinity's), else 0",
              "    " + Call("ShiftLeft", {view(bits), Reinterpreted(x, bits), "static_cast<" + bits + ">(1)", all}),
              "    " + Call("ShiftRight", {view(bits), view(bits), "static_cast<" + bits + ">(1)", all}),
              "    " + Call("Adds", {view(signedBits), view(signedBits), "static_cast<" + signedBits + ">(-" + infinity + ")", all}),
              "    " + Call("Mins", {view(signedBits), view(signedBits), "static_cast<" + signedBits + ">(1)", all}),
              "    " + Call("Maxs", {view(signedBits), view(signedBits), "static_cast<" + signedBits + ">(0)", all}),
              "    " + Call("Cast", {"scratchNanFlags", view(signedBits), "RoundMode::CAST_RINT", all}),
              "    // NaNs are rare: one reduction over the tile's flags (padding included, which can only",
              "    // send a tile down the slower path) tells whether any row needs its NaN looked for",
              "    " + ScratchRegion(sourceType, "scratchTileWork", "AlignUpTo(2 * ((" + all + ") * sizeof(" + sourceType +
                  ") + 255) / 256, 32 / sizeof(" + sourceType + "))", rowsBase),
              "    " + Call("ReduceMax", {"scratchRowValue", "scratchNanFlags", "scratchTileWork", all, "false"}),
              "    " + names_.PipeSync("V_S"),
              "    const bool scratchAnyNan = static_cast<float>(scratchRowValue.GetValue(0)) != 0.0f;",
              "    " + names_.PipeSync("S_V"),
              "    if (" + cols + " * sizeof(" + sourceType + ") <= 256) {",
              "        // a row fits one 256-byte repeat: per row, the first column of its " + extreme + ", up to",
              "        // 255 rows per call, the padding masked off",
              "        const int32_t scratchRepeatBlocks = static_cast<int32_t>(" + stride + " * sizeof(" + sourceType + ") / 32);",
              "        for (int64_t scratchFirstRow = 0; scratchFirstRow < " + rows + "; scratchFirstRow += 255) {",
              "            " + Call(whole, {Reinterpreted(d, sourceType) + "[scratchFirstRow * 4 / sizeof(" + sourceType + ")]",
                                          x + "[scratchFirstRow * " + stride + "]", "static_cast<int32_t>(" + cols + ")",
                                          "static_cast<int32_t>(ScalarMin<int64_t>(255, " + rows + " - scratchFirstRow))", "1", "1",
                                          "scratchRepeatBlocks", "ReduceOrder::ORDER_ONLY_INDEX"}),
              "        }",
              "        if (scratchAnyNan) {",
              "            // per row, the first column of its largest NaN flag and the flag itself; a row's index",
              "            // is the NaN's where its flag is 1: index + flag * (nanIndex - index), exact in f32",
              "            const uint32_t scratchRowSlots = AlignUpTo(" + rows + " * 4, 32);",
              "            " + ScratchRegion("float", "scratchRowFlags", rows, rowsBase),
              "            " + ScratchRegion("int32_t", "scratchRowNanIndex", rows, rowsBase + " + scratchRowSlots"),
              "            " + ScratchRegion("float", "scratchRowIndex", rows, rowsBase + " + 2 * scratchRowSlots"),
              "            " + ScratchRegion("float", "scratchRowNan", rows, rowsBase + " + 3 * scratchRowSlots"),
              "            for (int64_t scratchFirstRow = 0; scratchFirstRow < " + rows + "; scratchFirstRow += 255) {",
              "                const int32_t scratchGroupRows = static_cast<int32_t>(ScalarMin<int64_t>(255, " + rows + " - scratchFirstRow));",
              "                " + Call("WholeReduceMax", {Reinterpreted(half ? "scratchRowNan" : "scratchRowFlags", sourceType) + "[scratchFirstRow]",
                                                         "scratchNanFlags[scratchFirstRow * " + stride + "]", "static_cast<int32_t>(" + cols + ")",
                                                         "scratchGroupRows", "1", "1", "scratchRepeatBlocks", "ReduceOrder::ORDER_ONLY_VALUE"}),
              "                " + Call("WholeReduceMax", {Reinterpreted("scratchRowNanIndex", sourceType) + "[scratchFirstRow * 4 / sizeof(" +
                                                             sourceType + ")]",
                                                         "scratchNanFlags[scratchFirstRow * " + stride + "]", "static_cast<int32_t>(" + cols + ")",
                                                         "scratchGroupRows", "1", "1", "scratchRepeatBlocks", "ReduceOrder::ORDER_ONLY_INDEX"}),
              "            }",
              half ? "            " + Call("Cast", {"scratchRowFlags", Reinterpreted("scratchRowNan", sourceType), "RoundMode::CAST_NONE", rows})
                   : std::string("            // the flags are f32 already"),
              "            " + Call("Cast", {"scratchRowIndex", d, "RoundMode::CAST_NONE", rows}),
              "            " + Call("Cast", {"scratchRowNan", "scratchRowNanIndex", "RoundMode::CAST_NONE", rows}),
              "            " + Call("Sub", {"scratchRowNan", "scratchRowNan", "scratchRowIndex", rows}),
              "            " + Call("Mul", {"scratchRowNan", "scratchRowNan", "scratchRowFlags", rows}),
              "            " + Call("Add", {"scratchRowIndex", "scratchRowIndex", "scratchRowNan", rows}),
              "            " + Call("Cast", {d, "scratchRowIndex", "RoundMode::CAST_RINT", rows}),
              "        }",
              "    } else {",
              "        for (int64_t scratchRowIndex = 0; scratchRowIndex < " + rows + "; ++scratchRowIndex) {",
              "            bool scratchRowHasNan = false;",
              "            if (scratchAnyNan) {",
              "                " + Call("ReduceMax", {"scratchRowValue", "scratchNanFlags[scratchRowIndex * " + stride + "]", "scratchRowWork", cols, "true"}),
              "                " + names_.PipeSync("V_S"),
              "                scratchRowHasNan = static_cast<float>(scratchRowValue.GetValue(0)) != 0.0f;",
              "                " + names_.PipeSync("S_V"),
              "            }",
              "            if (!scratchRowHasNan) {",
              "                " + Call(reduce, {"scratchRowValue", x + "[scratchRowIndex * " + stride + "]", "scratchRowWork", cols, "true"}),
              "                " + names_.PipeSync("V_S"),
              "            }",
              "            " + d + ".SetValue(scratchRowIndex, static_cast<int32_t>(" + Reinterpreted("scratchRowValue", bits) +
                  ".GetValue(1)));",
              "            " + names_.PipeSync("S_V"),
              "        }",
              "    }",
              "}"};
    }
    case Primitive::SortRows: case Primitive::MergeRows: case Primitive::PairValues: case Primitive::PairIndices:
      return SortLines(compute, args);
    case Primitive::Gather: return GatherLines(compute);
    case Primitive::SumAll: case Primitive::MaxAll: {
      // the work area as long as the operand and at least one 32-byte block, which the reduction needs
      names_.Scalars().UseHelper("AlignUpTo");
      const std::string cap = "AlignUpTo(" + names_.Capacity(Buffer(x)) + ", 32 / sizeof(" + type + "))";
      return {"{",
              "    " + ScratchRegion(type, "scratchReduce", cap, "0"),
              "    " + Call(call->second, {d, x, "scratchReduce", OperandCount(compute)}),
              "}"};
    }
    default: break;
  }
  throw std::invalid_argument(std::string("the primitive ") + std::string(InfoOf(primitive).name) + " is not lowered yet");
}


// gather(x, idx): Gather reads byte offsets, so the positions are scaled by the element size first.
// A 2-D x is gathered row by row: the offsets of row 0 (its padding columns read column 0), then
// the rows after it by doubling, each copy of the rows built so far shifted by their rows of x, and
// one Gather for every row.
std::vector<std::string> ComputeLowering::GatherLines(const ComputeModel& compute) {
  const BufferModel& source = Buffer(compute.bufferOperands[0]);
  const BufferModel& destination = Buffer(compute.destination);
  const std::string& x = source.name;
  const std::string& index = compute.bufferOperands[1];
  const std::string& d = destination.name;
  const std::string bytes = "static_cast<int32_t>(sizeof(" + KernelType(source.dtype) + "))";
  std::vector<std::string> lines = {"{", "    " + ScratchRegion("int32_t", "scratchGatherOffsets", names_.Capacity(destination), "0")};
  const std::string offsets = Reinterpreted("scratchGatherOffsets", "uint32_t");
  if (source.extents.size() == 1) {
    const std::string n = ElementCount(compute);
    lines.push_back("    " + Call("Muls", {"scratchGatherOffsets", index, bytes, n}));
    lines.push_back("    " + Call("Gather", {d, x, offsets, "0", U32(n)}));
    lines.push_back("}");
    return lines;
  }
  names_.Scalars().UseHelper("ScalarMin");
  const std::string stride = names_.RowStride(destination);
  const std::string rows = Rows(compute);
  lines.insert(lines.end(),
               {"    " + Call("Duplicate", {"scratchGatherOffsets", "static_cast<int32_t>(0)", stride}),
                "    " + Call("Muls", {"scratchGatherOffsets", index, bytes, names_.Columns(destination)}),
                "    const int64_t scratchGatherRows = " + rows + ";",
                "    for (int64_t scratchBuiltRows = 1; scratchBuiltRows < scratchGatherRows; scratchBuiltRows *= 2) {",
                "        const int64_t scratchCopiedRows = ScalarMin<int64_t>(scratchBuiltRows, scratchGatherRows - scratchBuiltRows);",
                "        " + Call("Adds", {"scratchGatherOffsets[scratchBuiltRows * " + stride + "]", "scratchGatherOffsets",
                                          "static_cast<int32_t>(scratchBuiltRows * " + names_.RowStride(source) + ") * " + bytes,
                                          "static_cast<int32_t>(scratchCopiedRows * " + stride + ")"}),
                "    }",
                "    " + Call("Gather", {d, x, offsets, "0", U32("scratchGatherRows * " + stride)}),
                "}"});
  return lines;
}

void ComputeLowering::UseSortHelpers() {
  names_.UseHelper(kSortConstants);
  names_.UseHelper(kSortFunctions);
}

// A sorted row's padded width: a 2-D operand's row stride (a multiple of 32), a 1-D one's capacity
// rounded up to whole runs of 32.
std::string ComputeLowering::SortWidth(const BufferModel& source) {
  if (source.extents.size() == 2) return names_.RowStride(source);
  names_.Scalars().UseHelper("AlignUpTo");
  return "AlignUpTo(" + names_.Capacity(source) + ", SORT_RUN)";
}

// sort_rows, merge_rows, pair_values, pair_indices: one helper call per row (a 1-D buffer is one
// row of its element count, or of its length for pairs); a row of pairs is K pairs, K its columns.
std::vector<std::string> ComputeLowering::SortLines(const ComputeModel& compute, const std::vector<Expr>& args) {
  UseSortHelpers();
  const BufferModel& destination = Buffer(compute.destination);
  const BufferModel& source = Buffer(compute.bufferOperands[0]);
  const bool rows = destination.extents.size() == 2;
  const std::string pairType = KernelType((compute.primitive == Primitive::SortRows ? destination : source).dtype);
  const std::string perPair = "(SORT_PAIR_BYTES / sizeof(" + pairType + "))";
  // A buffer's row r (elements of its type; pairs count perPair each); a 1-D buffer's row is itself.
  auto row = [&](const BufferModel& buffer) {
    if (!rows) return buffer.name;
    return buffer.name + "[scratchRowIndex * " + names_.RowStride(buffer) + (buffer.pairs ? " * " + perPair : "") + "]";
  };
  // The pairs of a row of a pairs buffer: its columns, or a 1-D buffer's length.
  auto pairs = [&](const BufferModel& buffer) { return rows ? names_.Columns(buffer) : names_.Scalar(*buffer.extents[0]); };
  // The pairs written or read per row: a 2-D row's padding too (the next pairs of the sort, or
  // pairs that sort last), so the values and indices fill whole rows, as the statements after them
  // read them.
  auto padded = [&](const BufferModel& buffer) { return rows ? names_.RowStride(buffer) : pairs(buffer); };
  std::vector<std::string> lines = {"{"};
  std::vector<std::string> perRow;
  switch (compute.primitive) {
    case Primitive::SortRows: {
      const std::string width = SortWidth(source);
      const std::string type = KernelType(source.dtype);
      const std::string sign = "static_cast<" + type + ">(" + Wrapped(names_.Scalars().Translate(args[1])) + " ? 1.0f : -1.0f)";
      lines.push_back("    // each row sorted by value, largest first (smallest first: the values negated), into its first " +
                      pairs(destination) + " pairs");
      lines.push_back("    " + ScratchRegion(type, "scratchSortValues", width, "0"));
      lines.push_back("    " + ScratchRegion("int32_t", "scratchSortIndices", width, width + " * sizeof(" + type + ")"));
      lines.push_back("    " + ScratchRegion(type, "scratchSortPairsA", width + " * " + perPair, width + " * (sizeof(" + type + ") + 4)"));
      lines.push_back("    " + ScratchRegion(type, "scratchSortPairsB", width + " * " + perPair, width + " * (sizeof(" + type + ") + 12)"));
      lines.push_back("    " + Call("CreateVecIndex", {"scratchSortIndices", "static_cast<int32_t>(" + names_.Scalar(args[2]) + ")",
                                                        "static_cast<int32_t>(" + width + ")"}));
      const std::string count = rows ? names_.Columns(source) : ElementCount(compute);
      perRow.push_back(Call("SortRowPairs<" + type + ">", {row(destination), row(source), count, padded(destination), sign,
                                                           "scratchSortValues", "scratchSortIndices", "scratchSortPairsA",
                                                           "scratchSortPairsB"}));
      break;
    }
    case Primitive::MergeRows: {
      const BufferModel& other = Buffer(compute.bufferOperands[1]);
      const std::string merged = "2 * " + (rows ? names_.RowStride(destination) : names_.Capacity(destination)) + " * " + perPair;
      lines.push_back("    // each row: the first " + pairs(destination) + " pairs of the merge of two sorted rows");
      lines.push_back("    " + ScratchRegion(pairType, "scratchMerged", merged, "0"));
      perRow.push_back(Call("MergeRowPairs<" + pairType + ">", {row(destination), row(source), pairs(source), row(other),
                                                                pairs(other), padded(destination), "scratchMerged"}));
      break;
    }
    case Primitive::PairValues:
      lines.push_back("    // each row's values, in the order of its pairs");
      perRow.push_back(Call("PairValuesRow<" + pairType + ">",
                            {row(destination), row(source), padded(source), names_.Scalar(*compute.descending)}));
      break;
    default:
      lines.push_back("    // each row's indices, in the order of its pairs");
      perRow.push_back(Call("PairIndicesRow<" + pairType + ">", {row(destination), row(source), padded(source)}));
      break;
  }
  if (!rows) {
    for (const std::string& line : perRow) lines.push_back("    " + line);
  } else {
    lines.push_back("    for (int64_t scratchRowIndex = 0; scratchRowIndex < " + Rows(compute) + "; ++scratchRowIndex) {");
    for (const std::string& line : perRow) lines.push_back("        " + line);
    lines.push_back("    }");
  }
  lines.push_back("}");
  return lines;
}

}  // namespace akgen::craft::lower
