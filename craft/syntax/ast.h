// The syntax tree of a craft program (docs/dsl.md), as the parser builds it: no names resolved, no
// types checked. Every node keeps the source position the diagnostics point at.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace akgen::craft {

struct SourcePosition {
  int line = 0;    // 1-based
  int column = 0;  // 1-based, in bytes
};

// ---- expressions ----

enum class ExprKind {
  Integer,      // integer
  Float,        // number
  Bool,         // boolean
  String,       // name is the text: a string literal (host only, compared with a str attribute)
  Name,         // name: a host or kernel scalar, an attribute, a tensor, a buffer, a dtype, a builtin
  Unary,        // name is the operator (`-`, `not`); operands[0]
  Binary,       // name is the operator (`+`, `//`, `<=`, `and`, ...); operands[0], operands[1]
  Conditional,  // operands: then, condition, else (`A if C else B`)
  Call,         // name is the callee; operands are the positional arguments; keywords the rest
  Element,      // name is a global tensor, operands[0] the index: `value[0]`, one element read in the kernel
};

struct Expr;

struct KeywordArgument {
  SourcePosition at;
  std::string name;
  std::vector<Expr> value;  // exactly one element (a vector, because Expr is incomplete here)
};

struct Expr {
  ExprKind kind = ExprKind::Integer;
  SourcePosition at;
  int64_t integer = 0;
  double number = 0;
  bool boolean = false;
  std::string name;
  std::vector<Expr> operands;
  std::vector<KeywordArgument> keywords;
};

// One dimension of a slice: `a:b`, `:b`, `a:` or `:` (both bounds absent).
struct SliceRange {
  SourcePosition at;
  std::optional<Expr> start;
  std::optional<Expr> stop;
};

// A global tensor or a buffer as a copy's source or destination: `x[off:off + len]`,
// `buf[0:r, :]`, `xs[i][a:b]` (tensor i of a list input), `x.view(-1, L)[r0:r0 + r, c0:c0 + w]`
// (the tensor read as rows of L elements, a block of them and of their columns), or a bare `buf`.
struct Access {
  SourcePosition at;
  std::string name;
  std::optional<Expr> listIndex;   // the `[i]` of a list input
  std::optional<Expr> rowLength;   // the L of `.view(-1, L)`
  std::vector<SliceRange> ranges;  // one per dimension; empty: the whole buffer
};

// ---- the op header ----

// A dtype (`f16`, `bool`, ...) or a dtype variable (`T`); the checker tells which.
struct TypeName {
  SourcePosition at;
  std::string name;
};

struct InputDecl {
  SourcePosition at;
  std::string name;
  TypeName type;
  bool list = false;      // `list T`: a DYNAMIC parameter
  bool optional = false;  // `T optional`: an OPTIONAL parameter
  bool valueDepend = false;  // `T value_depend`: the host reads its values (a VALUE_DEPEND parameter)
  bool inout = false;        // `T inout`: the kernel writes it in place (copyout: into it)
};

// ListInt and ListFloat are `list int` and `list float`: the host reads their length and elements.
enum class AttrKind { Int, Float, Bool, String, ListInt, ListFloat };

struct AttrDecl {
  SourcePosition at;
  std::string name;
  AttrKind kind = AttrKind::Float;
  std::optional<Expr> defaultValue;
};

enum class ShapeRule {
  Like,          // `like x`
  LikeDropLast,  // `like x[:-1]`, optionally `+ [e, ...]`: x's shape without its last dimension, then extents
  Explicit,      // `shape [e, ...]`
  Values,        // `shape values(dims)`: the extents are the values of the int input `dims`
};

struct OutputDecl {
  SourcePosition at;
  std::string name;
  TypeName type;
  bool list = false;
  ShapeRule shape = ShapeRule::Like;
  std::string likeInput;      // Like, LikeDropLast, Values
  std::vector<Expr> extents;  // Explicit (empty is a scalar, shape []), or appended to LikeDropLast
};

// `dtypes T: f16, bf16, f32`: column k of every such line is dtype combination k.
struct DtypeColumn {
  SourcePosition at;
  std::string variable;
  std::vector<TypeName> dtypes;
};

struct OpHeader {
  SourcePosition at;
  std::string name;  // CamelCase, as NPUKernelBench's op name
  std::vector<InputDecl> inputs;
  std::vector<AttrDecl> attrs;
  std::vector<OutputDecl> outputs;
  std::vector<DtypeColumn> dtypes;
};

// ---- statements ----

struct Statement;
using Block = std::vector<Statement>;

// `NAME = EXPR` or `A, B = EXPR`. In host, a binding's rationale is the comment on its line or on
// the comment lines directly above it (without the `#` and surrounding spaces).
struct Binding {
  std::vector<std::string> names;
  Expr value;
  std::string rationale;
};

struct Require {  // host: `require(COND, "message")`
  Expr condition;
  std::string message;
};

struct Launch {  // host: `launch(CORES)`
  Expr cores;
};

struct ZeroOutput {  // host: `zero(y)`
  std::string output;
};

// ub: the vector unit's Unified Buffer; l1 and l0c: the cube's operand and accumulator memories.
enum class Memory { UnifiedBuffer, L1, L0C };

// kernel: `NAME = ub(TYPE, LEN [, buffers=N])` or `NAME = ub(TYPE, ROWS, COLS [, buffers=N])`; `l1(...)`
// and `l0c(...)` alike.
struct BufferDecl {
  std::string name;
  Memory memory = Memory::UnifiedBuffer;
  TypeName dtype;
  std::vector<Expr> extents;  // LEN, or ROWS and COLS
  std::optional<Expr> buffers;
  bool pairs = false;  // `ub(pairs(T), ...)`: 8-byte (T value, index) pairs, what sort_rows writes
};

struct ForLoop {  // `for NAME in range(START, STOP[, STEP]):`
  std::string variable;
  Expr start;
  Expr stop;
  std::optional<Expr> step;
  Block body;
};

struct Branch {
  SourcePosition at;
  Expr condition;
  Block body;
};

struct IfChain {  // `if` / `elif` branches in order, then the optional `else`
  std::vector<Branch> branches;
  Block orElse;
};

enum class StageKind { CopyIn, Compute, CopyOut };

struct StageBlock {
  StageKind kind = StageKind::CopyIn;
  Block body;
};

// In copyin/copyout: `DEST = SOURCE` between a global tensor and a buffer, or
// `atomic_add(GLOBAL[...], BUF[...])`.
struct Copy {
  Access destination;
  Access source;
  bool atomicAdd = false;
};

struct ComputeAssign {  // in compute: `DEST = PRIMITIVE(ARGS)`
  std::string destination;
  Expr value;
};

struct SyncAllBlocks {};  // in copyout: `sync_all()`

struct Statement {
  SourcePosition at;
  std::variant<Binding, Require, Launch, ZeroOutput, BufferDecl, ForLoop, IfChain, StageBlock, Copy, ComputeAssign,
               SyncAllBlocks>
      node;
};

struct Program {
  OpHeader op;
  SourcePosition hostAt;
  Block host;
  SourcePosition kernelAt;
  Block kernel;
};

}  // namespace akgen::craft
