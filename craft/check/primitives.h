// The compute primitives of the craft DSL (docs/dsl.md "Primitives"): what each takes and gives,
// so the checker and the lowering read one table.
#pragma once
#include <optional>
#include <string_view>

namespace akgen::craft {

enum class Primitive {
  Add, Sub, Mul, Div, Max, Min,                                  // (buffer, buffer)
  Adds, Muls, Maxs, Mins, LeakyRelu,                             // (buffer, scalar)
  Exp, Ln, Abs, Sqrt, Rsqrt, Reciprocal, Relu, Neg,              // (buffer)
  Sigmoid, Tanh, Gelu, Erf, Pow, SoftmaxRows,                    // composites
  Cast,                                                          // (buffer, dtype)
  CmpLt, CmpLe, CmpGt, CmpGe, CmpEq, CmpNe, Select, IsFinite,    // compare/select
  Duplicate,                                                     // (scalar)
  SumRows, MaxRows, MinRows,                                     // 2-D → one value per row
  BcastRows, BcastRow,                                           // 1-D → 2-D
  SumAll, MaxAll,                                                // 1-D → element 0
  Iota,                                                          // (scalar): start, start + 1, ...
  CumsumRows, CumprodRows,                                       // 2-D → 2-D, prefix along each row
  ArgmaxRows, ArgminRows,                                        // 2-D → one i32 index per row
  Matmul,                                                        // l1 × l1 [+ bias] → l0c, on the cube
  SortRows, MergeRows,                                           // rows → sorted (value, index) pairs
  PairValues, PairIndices,                                       // pairs → values, i32 indices
  Gather,                                                        // (buffer, i32 indices) → picked elements
  Axpy,                                                          // (acc, buffer, scalar) → acc + buffer * scalar
  Sin, Cos, Tan, Asin, Acos, Atan,                               // trigonometric composites (f32)
};

// The last primitive of the enumeration, for loops over all of them.
constexpr Primitive kLastPrimitive = Primitive::Atan;

// sin cos tan asin acos atan: composites that compute in f32 only.
bool IsTrigonometric(Primitive primitive);

// The argument list a primitive takes, positionally.
enum class Signature {
  Buffer,             // f(x)
  BufferBuffer,       // f(a, b)
  BufferScalar,       // f(x, s)
  BufferDtype,        // cast(x, DT)
  MaskBufferBuffer,   // select(mask, a, b)
  Scalar,             // duplicate(s)
  BufferExtent,       // bcast_rows(v, COLS), bcast_row(v, ROWS)
  Product,            // matmul(a, b[, bias])
  BufferScalarScalar, // sort_rows(x, descending, base)
  BufferPositions,    // gather(x, idx): a buffer and a buffer of i32 positions into it
  AccumulateScalar,   // axpy(acc, x, s): the destination itself, a buffer and a scalar
};

// What the result's dtype is, given the operands'.
enum class ResultDtype {
  SameAsOperand,  // the (first buffer) operand's dtype
  Bool,           // compare, isfinite
  CastTarget,     // the dtype argument
  Destination,    // duplicate, iota: whatever the destination holds
  Index,          // argmax_rows, argmin_rows: i32 column indices
  Accumulator,    // matmul: f32 products of f16/bf16 operands
};

// The shape of the result relative to the (first buffer) operand.
enum class ResultShape {
  Elementwise,  // the operand's shape
  PerRow,       // 1-D, one value per row of a 2-D operand
  Rows,         // 2-D from a 1-D operand (broadcasts)
  Single,       // element 0 of a 1-D buffer
  Product,      // [rows of a, columns of b]
  Sorted,       // pairs(T): each row's first COLS pairs (a 1-D buffer is one row of its LEN)
  Gathered,     // 1-D: one element per index; 2-D: the operand's rows, one column per index
};

struct PrimitiveInfo {
  Primitive primitive;
  std::string_view name;  // as written: `add`, `softmax_rows`
  Signature signature;
  ResultDtype result;
  ResultShape shape;
  bool needsArithmeticDtype;  // operands must be f16 or f32 (docs/dsl.md "Primitives")
  bool needsTemporary;        // a compiler-sized scratch buffer (TempNeed, temporaries.h)
};

const PrimitiveInfo& InfoOf(Primitive primitive);
std::optional<Primitive> FindPrimitive(std::string_view name);

}  // namespace akgen::craft
