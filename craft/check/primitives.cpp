#include "craft/check/primitives.h"

#include <array>

namespace akgen::craft {
namespace {

using enum Primitive;
using S = Signature;
using R = ResultDtype;
using Sh = ResultShape;

// In the order of the Primitive enumeration, so InfoOf indexes it.
constexpr auto kPrimitives = std::to_array<PrimitiveInfo>({
    {Add, "add", S::BufferBuffer, R::SameAsOperand, Sh::Elementwise, true, false},
    {Sub, "sub", S::BufferBuffer, R::SameAsOperand, Sh::Elementwise, true, false},
    {Mul, "mul", S::BufferBuffer, R::SameAsOperand, Sh::Elementwise, true, false},
    {Div, "div", S::BufferBuffer, R::SameAsOperand, Sh::Elementwise, true, false},
    {Max, "max", S::BufferBuffer, R::SameAsOperand, Sh::Elementwise, true, false},
    {Min, "min", S::BufferBuffer, R::SameAsOperand, Sh::Elementwise, true, false},
    {Adds, "adds", S::BufferScalar, R::SameAsOperand, Sh::Elementwise, true, false},
    {Muls, "muls", S::BufferScalar, R::SameAsOperand, Sh::Elementwise, true, false},
    {Maxs, "maxs", S::BufferScalar, R::SameAsOperand, Sh::Elementwise, true, false},
    {Mins, "mins", S::BufferScalar, R::SameAsOperand, Sh::Elementwise, true, false},
    {LeakyRelu, "leaky_relu", S::BufferScalar, R::SameAsOperand, Sh::Elementwise, true, false},
    {Exp, "exp", S::Buffer, R::SameAsOperand, Sh::Elementwise, true, false},
    {Ln, "ln", S::Buffer, R::SameAsOperand, Sh::Elementwise, true, false},
    {Abs, "abs", S::Buffer, R::SameAsOperand, Sh::Elementwise, true, false},
    {Sqrt, "sqrt", S::Buffer, R::SameAsOperand, Sh::Elementwise, true, false},
    {Rsqrt, "rsqrt", S::Buffer, R::SameAsOperand, Sh::Elementwise, true, false},
    {Reciprocal, "reciprocal", S::Buffer, R::SameAsOperand, Sh::Elementwise, true, false},
    {Relu, "relu", S::Buffer, R::SameAsOperand, Sh::Elementwise, true, false},
    {Neg, "neg", S::Buffer, R::SameAsOperand, Sh::Elementwise, true, false},
    {Sigmoid, "sigmoid", S::Buffer, R::SameAsOperand, Sh::Elementwise, true, false},
    {Tanh, "tanh", S::Buffer, R::SameAsOperand, Sh::Elementwise, true, false},
    {Gelu, "gelu", S::Buffer, R::SameAsOperand, Sh::Elementwise, true, true},
    {Erf, "erf", S::Buffer, R::SameAsOperand, Sh::Elementwise, true, true},
    {Pow, "pow", S::BufferScalar, R::SameAsOperand, Sh::Elementwise, true, false},
    {SoftmaxRows, "softmax_rows", S::Buffer, R::SameAsOperand, Sh::Elementwise, true, true},
    {Cast, "cast", S::BufferDtype, R::CastTarget, Sh::Elementwise, false, false},
    {CmpLt, "cmp_lt", S::BufferBuffer, R::Bool, Sh::Elementwise, true, true},
    {CmpLe, "cmp_le", S::BufferBuffer, R::Bool, Sh::Elementwise, true, true},
    {CmpGt, "cmp_gt", S::BufferBuffer, R::Bool, Sh::Elementwise, true, true},
    {CmpGe, "cmp_ge", S::BufferBuffer, R::Bool, Sh::Elementwise, true, true},
    {CmpEq, "cmp_eq", S::BufferBuffer, R::Bool, Sh::Elementwise, true, true},
    {CmpNe, "cmp_ne", S::BufferBuffer, R::Bool, Sh::Elementwise, true, true},
    {Select, "select", S::MaskBufferBuffer, R::SameAsOperand, Sh::Elementwise, true, true},
    {IsFinite, "isfinite", S::Buffer, R::Bool, Sh::Elementwise, true, true},
    {Duplicate, "duplicate", S::Scalar, R::Destination, Sh::Elementwise, false, false},
    {SumRows, "sum_rows", S::Buffer, R::SameAsOperand, Sh::PerRow, true, true},
    {MaxRows, "max_rows", S::Buffer, R::SameAsOperand, Sh::PerRow, true, true},
    {MinRows, "min_rows", S::Buffer, R::SameAsOperand, Sh::PerRow, true, true},
    {BcastRows, "bcast_rows", S::BufferExtent, R::SameAsOperand, Sh::Rows, false, false},
    {BcastRow, "bcast_row", S::BufferExtent, R::SameAsOperand, Sh::Rows, false, false},
    {SumAll, "sum_all", S::Buffer, R::SameAsOperand, Sh::Single, true, true},
    {MaxAll, "max_all", S::Buffer, R::SameAsOperand, Sh::Single, true, true},
    {Iota, "iota", S::Scalar, R::Destination, Sh::Elementwise, false, false},
    {CumsumRows, "cumsum_rows", S::Buffer, R::SameAsOperand, Sh::Elementwise, true, true},
    {CumprodRows, "cumprod_rows", S::Buffer, R::SameAsOperand, Sh::Elementwise, true, true},
    {ArgmaxRows, "argmax_rows", S::Buffer, R::Index, Sh::PerRow, true, true},
    {ArgminRows, "argmin_rows", S::Buffer, R::Index, Sh::PerRow, true, true},
    {Matmul, "matmul", S::Product, R::Accumulator, Sh::Product, false, false},
    {SortRows, "sort_rows", S::BufferScalarScalar, R::SameAsOperand, Sh::Sorted, true, true},
    {MergeRows, "merge_rows", S::BufferBuffer, R::SameAsOperand, Sh::Sorted, false, true},
    {PairValues, "pair_values", S::Buffer, R::SameAsOperand, Sh::Elementwise, false, false},
    {PairIndices, "pair_indices", S::Buffer, R::Index, Sh::Elementwise, false, false},
    {Gather, "gather", S::BufferPositions, R::SameAsOperand, Sh::Gathered, false, true},
    {Axpy, "axpy", S::AccumulateScalar, R::SameAsOperand, Sh::Elementwise, true, false},
    {Sin, "sin", S::Buffer, R::SameAsOperand, Sh::Elementwise, true, true},
    {Cos, "cos", S::Buffer, R::SameAsOperand, Sh::Elementwise, true, true},
    {Tan, "tan", S::Buffer, R::SameAsOperand, Sh::Elementwise, true, true},
    {Asin, "asin", S::Buffer, R::SameAsOperand, Sh::Elementwise, true, true},
    {Acos, "acos", S::Buffer, R::SameAsOperand, Sh::Elementwise, true, true},
    {Atan, "atan", S::Buffer, R::SameAsOperand, Sh::Elementwise, true, true},
});

constexpr bool InEnumerationOrder() {
  for (size_t i = 0; i < kPrimitives.size(); ++i)
    if (static_cast<size_t>(kPrimitives[i].primitive) != i) return false;
  return kPrimitives.back().primitive == kLastPrimitive;
}
static_assert(InEnumerationOrder(), "kPrimitives must list every Primitive in enumeration order");

}  // namespace

const PrimitiveInfo& InfoOf(Primitive primitive) { return kPrimitives[static_cast<size_t>(primitive)]; }

bool IsTrigonometric(Primitive primitive) { return primitive >= Sin && primitive <= Atan; }

std::optional<Primitive> FindPrimitive(std::string_view name) {
  for (const PrimitiveInfo& info : kPrimitives)
    if (info.name == name) return info.primitive;
  return std::nullopt;
}

}  // namespace akgen::craft
