// The resolved, typed view of a checked craft program: what the lowering consumes next to the
// syntax tree. BuildModel (checker.h) fills it; it is complete only when the check gave no error.
//
// Pointers into the syntax tree (`const Statement*`, `const Expr*`) point into the Program that
// BuildModel was given: keep that Program alive and unchanged while the model is used. Moving the
// Program is fine (its blocks live on the heap).
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "craft/check/dtype.h"
#include "craft/check/primitives.h"
#include "craft/syntax/ast.h"

namespace akgen::craft {

// Combination k maps every dtype variable to the k-th dtype of its `dtypes` column. A program
// without `dtypes` lines has exactly one combination, which maps nothing.
using DtypeCombination = std::map<std::string, Dtype>;

// A dtype as written (`T` or `f16`) and what it is in each combination.
struct ResolvedDtype {
  std::string written;
  bool variable = false;              // written is a dtype variable
  std::vector<Dtype> perCombination;  // one per combination
};

enum class ValueKind { Int, Float, Bool, String };  // String: a str attribute or literal, host comparisons only

// The kind of scalar an element of a tensor of this dtype reads as (`v = x[i]`).
ValueKind ElementKind(Dtype dtype);
// ... of a tensor over its dtype combinations: a float in any of them makes every read a float
// (an integer element is converted to f32 then, exact up to 2^24).
ValueKind ElementKind(const ResolvedDtype& dtype);

// ---- the op's interface ----

struct TensorModel {
  std::string name;
  SourcePosition at;
  bool output = false;
  int index = 0;  // position among the inputs, or among the outputs
  ResolvedDtype dtype;
  bool list = false;
  bool optional = false;
  bool valueDepend = false;  // the host reads its values (`value_depend`)
  // An input the kernel writes in place (`inout`, or an output of the same name), and an output that
  // is its same-named input (the OpDef's Input("y") and Output("y") are one tensor).
  bool inout = false;
  bool ref = false;
  // A workspace tensor (`acc = workspace(f32, LEN)` in the host): global scratch of LEN elements
  // the kernel copies into and out of; `length` is LEN, a host expression.
  bool workspace = false;
  const Expr* length = nullptr;
  // A list whose tensors' sizes the kernel reads (`numel(xs, i)`): the host passes the first ones
  // in the tiling.
  bool countedInKernel = false;
};

struct AttrModel {
  std::string name;
  SourcePosition at;
  ValueKind kind = ValueKind::Float;  // of an element, for a list
  bool readByKernel = false;  // becomes a tiling field
  bool list = false;          // `list int` / `list float`: the host reads len(a), a[i], prod(a)
};

// ---- host ----

struct HostValue {
  std::string name;
  SourcePosition at;
  ValueKind kind = ValueKind::Int;
  bool readByKernel = false;  // becomes a field of <Op>TilingData
  std::string rationale;      // the binding's comment, "" when it has none
  // The value's constant fold, when it is one (e.g. `tile = 4096`), and its largest possible
  // value when the host can bound it (e.g. `min(tile, n)`), for the UB budget.
  std::optional<int64_t> constant;
  std::optional<int64_t> upperBound;
};

// ---- kernel ----

struct KernelScalar {
  std::string name;
  SourcePosition at;
  ValueKind kind = ValueKind::Int;
  // Its largest value when the checker could bound it (through `min(...)` or a constant), used to
  // check that a slice length fits its buffer.
  std::optional<int64_t> upperBound;
};

// `start, count = block_span(total, unit)`.
struct BlockSpanUse {
  const Statement* statement = nullptr;
  std::string start;
  std::string count;
  const Expr* total = nullptr;
  const Expr* unit = nullptr;
};

enum class StageRole {
  QueueIn,   // TQue<VECIN>: copy-in writes, compute reads
  QueueOut,  // TQue<VECOUT>: compute writes, copy-out reads
  QueueBind, // TQueBind<VECIN, VECOUT>: copy-in writes, copy-out reads, no compute touches it
  Temp,      // TBuf: used within one stage kind only (normally compute scratch)
};

struct StageModel {
  const Statement* statement = nullptr;  // holds the StageBlock
  StageKind kind = StageKind::CopyIn;
  int index = 0;   // position among all stage blocks, in source order, from 0
  int number = 1;  // position among the blocks of the same kind, from 1: CopyIn1, Compute2, ...
  // The core that runs it: the cube when it touches l1/l0c buffers, the vector cores when it
  // touches ub buffers; a mixed kernel's `sync_all()` block touches none and runs on both.
  bool onCube = false;
  bool onVector = false;
};

struct BufferModel {
  std::string name;
  const Statement* statement = nullptr;  // holds the BufferDecl
  SourcePosition at;
  Memory memory = Memory::UnifiedBuffer;
  ResolvedDtype dtype;
  std::vector<const Expr*> extents;  // LEN, or ROWS and COLS (kernel scalar expressions)
  int depth = 1;                     // buffers=N
  StageRole role = StageRole::Temp;
  std::vector<int> writtenBy;  // StageModel::index of every stage block that writes it
  std::vector<int> readBy;     // ... that reads it
  // The element capacity at the largest tile the host can choose, when the checker could bound it:
  // LEN, rounded up to 128 for an operand of a compare, select or isfinite (whole 256-byte
  // repeats); ROWS × align_up(COLS, 32) for a 2-D buffer (every row starts 32 elements apart, so an
  // f16 buffer and its f32 copy share the stride).
  std::optional<int64_t> maxElements;
  // `ub(pairs(T), ...)`: each element is an 8-byte (value, index) pair, `dtype` the value's (f16 or
  // f32); only sort_rows, merge_rows, pair_values and pair_indices touch it.
  bool pairs = false;
};

// The compiler-sized scratch a composite, reduction, compare or select needs (one shared uint8 TBuf
// holds the largest). In bytes, for combination k, with S the size of the `sizedLike` operand's
// dtype, C its capacity in elements (BufferModel::maxElements' rule) and R its row stride:
//   alignedRegions × align_up(C × S, 32) + eighthBytesPerElement[k] × C / 8 + rowStrides × R × S
//     + fixedBytes
// temporaries.h computes it; the lowering sizes the scratch buffer by the same rule.
struct TempNeed {
  std::string sizedLike;
  int64_t alignedRegions = 0;
  std::vector<int64_t> eighthBytesPerElement;  // per combination
  int64_t rowStrides = 0;
  int64_t fixedBytes = 0;
  // per combination, bytes per element of one row (R × this): sort_rows keeps a row of values, of
  // indices and two of pairs whatever the operand's dtype. Empty: none.
  std::vector<int64_t> rowBytesPerElement;
};

// How many elements a compute statement works on (docs/dsl.md "compute: ... element count"): the
// length of the last copy-in into one of its operands, carried through results. When nothing was
// copied in (e.g. `duplicate`), the destination's whole capacity.
struct ElementCount {
  std::string buffer;           // the buffer whose copy-in sets it, or the destination
  std::optional<Expr> length;   // the copy-in's length (rows for a 2-D buffer); absent: the capacity
  bool rows = false;            // 2-D: length counts rows of the buffer's COLS columns
};

struct ComputeModel {
  const Statement* statement = nullptr;  // holds the ComputeAssign
  int stage = 0;                         // StageModel::index
  Primitive primitive = Primitive::Add;
  std::string destination;
  std::vector<std::string> bufferOperands;  // the buffer arguments, in order
  std::vector<Dtype> resultDtype;           // per combination
  std::vector<Dtype> operandDtype;          // per combination: the first buffer operand's dtype
  // A cast whose source and target are the same dtype in this combination: the lowering drops it.
  std::vector<bool> identityCast;
  ElementCount count;
  // sum_all/max_all: the elements of the operand they reduce (its count when it was last written)
  ElementCount operandCount;
  std::optional<TempNeed> temp;
  // merge_rows, pair_values: the `descending` argument of the sort_rows that made the pairs (a host
  // value, an attribute or a literal), the order they are in; null for the other primitives.
  const Expr* descending = nullptr;
  // matmul: the product's extents, from the copies that last filled its operands (rows and inner
  // columns of A, columns of B), and its bias row buffer ("" without one).
  struct MatmulExtents {
    Expr rows;
    Expr inner;
    Expr columns;
    std::string bias;
  };
  std::optional<MatmulExtents> matmul;
};

struct CopyModel {
  const Statement* statement = nullptr;  // holds the Copy
  int stage = 0;
  std::string buffer;  // the local side
  std::string global;  // the tensor side
  bool toGlobal = false;
  bool atomicAdd = false;
  bool rows = false;           // a 2-D copy: whole rows of the tensor's rows view [rows(x), dim(x, -1)]
  std::optional<Expr> length;  // elements (1-D) or rows (2-D) moved; absent: the buffer's capacity
  std::optional<Expr> globalOffset;  // the tensor-side start (elements, or rows for 2-D); absent: 0
  // `x.view(-1, L)[r0:r1, c0:c1]`: the tensor's rows are L elements (not the buffer's COLS) and the
  // copy starts at column c0 of each (absent: 0).
  std::optional<Expr> rowLength;
  std::optional<Expr> columnOffset;
  // An l1 or l0c buffer's block of fewer columns than its COLS (`at[0:r, 0:c]`): c. Absent: COLS.
  std::optional<Expr> columns;
};

struct UbBudget {
  int64_t totalBytes = 0;  // buffers × depth × dtype size, the shared temporary, zero()'s chunk
  int64_t limitBytes = 196608;
  int combination = 0;  // the widest dtype combination, the one counted
  // Each buffer's share (× depth, rounded up to 32 bytes); "temporary" and "zero" for the scratch
  // buffer and the chunk zero(...) clears outputs with.
  std::map<std::string, int64_t> bytesPerBuffer;
  bool bounded = true;  // false when some buffer's size could not be bounded
};

struct ProgramModel {
  std::string opName;
  std::vector<DtypeCombination> combinations;
  std::vector<TensorModel> inputs;
  std::vector<TensorModel> outputs;
  std::vector<TensorModel> workspaces;  // in host order
  std::vector<AttrModel> attrs;
  std::vector<HostValue> hostValues;  // in binding order
  std::vector<std::string> zeroedOutputs;  // outputs and workspaces the host zeroes, in host order
  std::vector<KernelScalar> kernelScalars;
  std::vector<BlockSpanUse> blockSpans;
  std::vector<StageModel> stages;  // in source order
  std::vector<BufferModel> buffers;
  std::vector<CopyModel> copies;
  std::vector<ComputeModel> computes;  // in source order
  UbBudget ub;
  bool usesAtomicAdd = false;
  bool usesSyncAll = false;
  // The kernel declares l1/l0c buffers: it runs on the cube cores (AIC), `core_num` counts those.
  bool cube = false;
  // It declares ub buffers too: a mixed kernel (KERNEL_TYPE_MIX_AIC_1_2), each AI core's cube and
  // its two vector cores running the same statements, each stage block on its own kind of core.
  bool mixed = false;

  const BufferModel* FindBuffer(const std::string& name) const;
  const HostValue* FindHostValue(const std::string& name) const;
  const TensorModel* FindTensor(const std::string& name) const;
  const ComputeModel* ComputeOf(const Statement* statement) const;
  const StageModel* StageOf(const Statement* statement) const;
};

}  // namespace akgen::craft
