#include "craft/syntax/parser.h"

#include <algorithm>
#include <array>
#include <set>
#include <utility>

#include "craft/syntax/lexer.h"

namespace akgen::craft {
namespace {

// Expressions and blocks nest at most this deep: deeper input is a syntax error, not a stack
// overflow.
constexpr int kMaxNesting = 64;
// After this many errors the rest would only be noise.
constexpr size_t kMaxDiagnostics = 50;

struct StatementFailed {};  // unwinds to the enclosing block, which skips the rest of the line
struct NestingTooDeep {};   // unwinds the whole parse

enum class Context { Host, KernelTop, Kernel, CopyIn, Compute, CopyOut };

bool InStage(Context context) {
  return context == Context::CopyIn || context == Context::Compute || context == Context::CopyOut;
}

class Parser {
 public:
  Parser(const std::string& fileName, LexResult lexed) : fileName_(fileName), lexed_(std::move(lexed)) {}

  ParseResult Run() {
    for (const LexError& error : lexed_.errors) Report(error.at, error.message, error.hint);
    Program program;
    try {
      ParseSections(program);
    } catch (const NestingTooDeep&) {
      // Reported where it was detected.
    }
    ParseResult result;
    if (result_.empty()) result.program = std::move(program);
    std::stable_sort(result_.begin(), result_.end(), [](const Diagnostic& a, const Diagnostic& b) {
      return std::pair(a.line, a.column) < std::pair(b.line, b.column);
    });
    result.diagnostics = std::move(result_);
    return result;
  }

 private:
  // ---- tokens ----

  const Token& Peek(size_t ahead = 0) const {
    size_t index = std::min(next_ + ahead, lexed_.tokens.size() - 1);
    return lexed_.tokens[index];
  }
  bool At(TokenKind kind) const { return Peek().kind == kind; }
  bool AtOperator(std::string_view op, size_t ahead = 0) const {
    return Peek(ahead).kind == TokenKind::Operator && Peek(ahead).text == op;
  }
  bool AtWord(std::string_view word, size_t ahead = 0) const {
    return Peek(ahead).kind == TokenKind::Name && Peek(ahead).text == word;
  }
  const Token& Take() {
    const Token& token = Peek();
    if (next_ < lexed_.tokens.size() - 1) ++next_;
    return token;
  }
  bool AcceptOperator(std::string_view op) {
    if (!AtOperator(op)) return false;
    Take();
    return true;
  }

  static std::string Describe(const Token& token) {
    switch (token.kind) {
      case TokenKind::Newline: return "the end of the line";
      case TokenKind::Indent: return "an indented line";
      case TokenKind::Dedent: return "the end of the block";
      case TokenKind::End: return "the end of the file";
      case TokenKind::String: return "a string";
      default: return "`" + token.text + "`";
    }
  }

  [[noreturn]] void Fail(SourcePosition at, const std::string& message, const std::string& hint) {
    Report(at, message, hint);
    throw StatementFailed{};
  }
  [[noreturn]] void FailExpected(const std::string& what, const std::string& hint) {
    Fail(Peek().at, "expected " + what + ", found " + Describe(Peek()), hint);
  }

  void ExpectOperator(std::string_view op, const std::string& hint) {
    if (!AcceptOperator(op)) FailExpected("`" + std::string(op) + "`", hint);
  }
  void ExpectWord(std::string_view word, const std::string& hint) {
    if (!AtWord(word)) FailExpected("`" + std::string(word) + "`", hint);
    Take();
  }
  std::string ExpectName(const std::string& what) {
    if (!At(TokenKind::Name) || IsReservedWord(Peek().text))
      FailExpected(what, "names are letters, digits and `_`, and not one of for in if elif else and or not true false");
    return Take().text;
  }
  void ExpectEndOfLine() {
    if (!At(TokenKind::Newline)) FailExpected("the end of the line", "put one statement per line");
    Take();
  }

  // One error per line: what follows an error on its line is usually its echo.
  void Report(SourcePosition at, std::string message, std::string hint) {
    if (!linesWithErrors_.insert(at.line).second || result_.size() >= kMaxDiagnostics) return;
    Diagnostic diagnostic;
    diagnostic.file = fileName_;
    diagnostic.line = at.line;
    diagnostic.column = at.column;
    diagnostic.kind = "syntax";
    diagnostic.message = std::move(message);
    diagnostic.hint = std::move(hint);
    result_.push_back(std::move(diagnostic));
  }

  // Counts nesting for as long as it lives.
  class Nesting {
   public:
    explicit Nesting(Parser& parser) : parser_(parser) {
      if (++parser_.nesting_ > kMaxNesting) {
        parser_.Report(parser_.Peek().at, "the program nests more than " + std::to_string(kMaxNesting) + " levels deep",
                       "split the expression or flatten the blocks");
        throw NestingTooDeep{};
      }
    }
    ~Nesting() { --parser_.nesting_; }
    Nesting(const Nesting&) = delete;
    Nesting& operator=(const Nesting&) = delete;

   private:
    Parser& parser_;
  };

  // ---- recovery ----

  // Skips to the start of the next statement: past this line's Newline, and past an indented
  // block that follows it (a failed `for ...:` line leaves its body behind).
  void SkipStatement() {
    while (!At(TokenKind::Newline) && !At(TokenKind::Dedent) && !At(TokenKind::End)) {
      if (At(TokenKind::Indent)) {
        SkipIndentedBlock();
        return;
      }
      Take();
    }
    if (At(TokenKind::Newline)) Take();
    if (At(TokenKind::Indent)) SkipIndentedBlock();
  }

  void SkipIndentedBlock() {
    int depth = 0;
    do {
      if (At(TokenKind::Indent)) ++depth;
      if (At(TokenKind::Dedent)) --depth;
      if (At(TokenKind::End)) return;
      Take();
    } while (depth > 0);
  }

  // ---- sections ----

  void ParseSections(Program& program) {
    int sectionsSeen = 0;  // op, host, kernel must come in this order
    static constexpr std::string_view kSections[] = {"op", "host", "kernel"};
    while (!At(TokenKind::End)) {
      try {
        if (At(TokenKind::Newline) || At(TokenKind::Dedent)) {
          Take();
          continue;
        }
        if (At(TokenKind::Indent)) {
          Report(Peek().at, "unexpected indentation", "sections (`op`, `host:`, `kernel:`) start in column 1");
          SkipIndentedBlock();
          continue;
        }
        int section = -1;
        for (int i = 0; i < 3; ++i)
          if (AtWord(kSections[i])) section = i;
        if (section < 0)
          FailExpected("`op`, `host:` or `kernel:`", "a program is an `op` header, then `host:`, then `kernel:`");
        if (section != sectionsSeen) {
          std::string expected = sectionsSeen < 3 ? "`" + std::string(kSections[sectionsSeen]) + "`" : "nothing more";
          Fail(Peek().at, "`" + Peek().text + "` out of place: expected " + expected,
               "a program is one `op` header, then one `host:` section, then one `kernel:` section");
        }
        ++sectionsSeen;
        if (section == 0) ParseOpHeader(program.op);
        if (section == 1) program.host = ParseSection(program.hostAt, Context::Host);
        if (section == 2) program.kernel = ParseSection(program.kernelAt, Context::KernelTop);
      } catch (const StatementFailed&) {
        SkipStatement();
      }
    }
    if (sectionsSeen < 3) {
      std::string missing;
      for (int i = sectionsSeen; i < 3; ++i) missing += (missing.empty() ? "`" : ", `") + std::string(kSections[i]) + "`";
      Report(Peek().at, "the program ends without its " + missing + " section" + (sectionsSeen < 2 ? "s" : ""),
             "a program is an `op` header, then `host:`, then `kernel:` (see docs/dsl.md)");
    }
  }

  Block ParseSection(SourcePosition& at, Context context) {
    at = Take().at;
    ExpectOperator(":", "a section header ends in `:`");
    return ParseIndentedBlock(context);
  }

  // After a header's `:`: the line break, then the indented statements.
  Block ParseIndentedBlock(Context context) {
    Nesting nesting(*this);
    ExpectEndOfLine();
    Block block;
    if (!At(TokenKind::Indent)) {
      Report(Peek().at, "expected an indented block", "indent the lines of a block further than its header");
      return block;
    }
    Take();
    while (!At(TokenKind::Dedent) && !At(TokenKind::End)) {
      try {
        if (At(TokenKind::Indent)) {
          Report(Peek().at, "unexpected indentation", "indent a line only to open a block after a line ending in `:`");
          SkipIndentedBlock();
          continue;
        }
        ParseStatement(block, context);
      } catch (const StatementFailed&) {
        SkipStatement();
      }
    }
    if (At(TokenKind::Dedent)) Take();
    return block;
  }

  // ---- the op header ----

  void ParseOpHeader(OpHeader& op) {
    op.at = Take().at;
    op.name = ExpectName("the op's name");
    ExpectOperator(":", "write `op Name:`");
    Nesting nesting(*this);
    ExpectEndOfLine();
    if (!At(TokenKind::Indent))
      Fail(Peek().at, "expected the op's declarations", "indent `input`, `attr`, `output` and `dtypes` lines under `op`");
    Take();
    while (!At(TokenKind::Dedent) && !At(TokenKind::End)) {
      try {
        ParseDeclaration(op);
      } catch (const StatementFailed&) {
        SkipStatement();
      }
    }
    if (At(TokenKind::Dedent)) Take();
  }

  void ParseDeclaration(OpHeader& op) {
    if (At(TokenKind::Indent)) {
      Report(Peek().at, "unexpected indentation", "the op's declarations all start at the same column");
      SkipIndentedBlock();
      return;
    }
    SourcePosition at = Peek().at;
    if (AtWord("input")) {
      Take();
      InputDecl input;
      input.at = at;
      input.name = ExpectName("the input's name");
      ExpectOperator(":", "write `input NAME: TYPE`");
      input.list = AcceptListMarker();
      input.type = ParseTypeName();
      // Modifiers in any order: an optional input may be written in place too.
      for (;;) {
        bool* modifier = AtWord("optional") ? &input.optional
                         : AtWord("value_depend") ? &input.valueDepend
                         : AtWord("inout") ? &input.inout
                                           : nullptr;
        if (!modifier) break;
        if (*modifier) Fail(Peek().at, "`" + Peek().text + "` given twice", "write each modifier once");
        Take();
        *modifier = true;
      }
      ExpectEndOfLine();
      op.inputs.push_back(std::move(input));
    } else if (AtWord("attr")) {
      Take();
      AttrDecl attr;
      attr.at = at;
      attr.name = ExpectName("the attribute's name");
      ExpectOperator(":", "write `attr NAME: int|float|bool|str [= DEFAULT]`");
      if (AtWord("list")) {
        Take();
        if (AtWord("int")) attr.kind = AttrKind::ListInt;
        else if (AtWord("float")) attr.kind = AttrKind::ListFloat;
        else FailExpected("`int` or `float`", "a list attribute is `list int` or `list float`");
        Take();
        ExpectEndOfLine();
        op.attrs.push_back(std::move(attr));
        return;
      }
      if (AtWord("int")) attr.kind = AttrKind::Int;
      else if (AtWord("float")) attr.kind = AttrKind::Float;
      else if (AtWord("bool")) attr.kind = AttrKind::Bool;
      else if (AtWord("str")) attr.kind = AttrKind::String;
      else FailExpected("`int`, `float`, `bool` or `str`", "an attribute is an int, a float, a bool or a str");
      Take();
      if (AcceptOperator("=")) attr.defaultValue = ParseExpr();
      ExpectEndOfLine();
      op.attrs.push_back(std::move(attr));
    } else if (AtWord("output")) {
      Take();
      op.outputs.push_back(ParseOutput(at));
    } else if (AtWord("dtypes")) {
      Take();
      DtypeColumn column;
      column.at = at;
      column.variable = ExpectName("the dtype variable");
      ExpectOperator(":", "write `dtypes VAR: f16, f32`");
      column.dtypes.push_back(ParseTypeName());
      while (AcceptOperator(",")) column.dtypes.push_back(ParseTypeName());
      ExpectEndOfLine();
      op.dtypes.push_back(std::move(column));
    } else {
      FailExpected("`input`, `attr`, `output` or `dtypes`", "the op header declares the op's interface only");
    }
  }

  OutputDecl ParseOutput(SourcePosition at) {
    OutputDecl output;
    output.at = at;
    output.name = ExpectName("the output's name");
    ExpectOperator(":", "write `output NAME: TYPE like INPUT`");
    output.list = AcceptListMarker();
    output.type = ParseTypeName();
    if (AtWord("like")) {
      Take();
      output.likeInput = ExpectName("the input whose shape the output takes");
      if (AcceptOperator("[")) {
        // Only `[:-1]`: the input's shape without its last dimension.
        bool dropLast = AcceptOperator(":") && AcceptOperator("-") && At(TokenKind::Integer) && Take().integer == 1 &&
                        AcceptOperator("]");
        if (!dropLast) Fail(at, "only `like INPUT[:-1]` may follow `like INPUT`", "write `like x` or `like x[:-1]`");
        output.shape = ShapeRule::LikeDropLast;
        if (AcceptOperator("+")) {
          // `like x[:-1] + [E, ...]`: new last dimensions after x's leading ones.
          ExpectOperator("[", "write `like x[:-1] + [E]`");
          output.extents.push_back(ParseExpr());
          while (AcceptOperator(",")) output.extents.push_back(ParseExpr());
          ExpectOperator("]", "close the extents with `]`");
        }
      }
    } else if (AtWord("shape") && AtWord("values", 1)) {
      Take();
      Take();
      output.shape = ShapeRule::Values;
      ExpectOperator("(", "write `shape values(dims)` with `dims` an int input the host reads");
      output.likeInput = ExpectName("the input whose values are the output's extents");
      ExpectOperator(")", "close `values(` with `)`");
    } else if (AtWord("shape")) {
      Take();
      output.shape = ShapeRule::Explicit;
      ExpectOperator("[", "write `shape [E, ...]` (`shape []` is a scalar)");
      if (!AtOperator("]")) {
        output.extents.push_back(ParseExpr());
        while (AcceptOperator(",")) output.extents.push_back(ParseExpr());
      }
      ExpectOperator("]", "close the shape with `]`");
    } else {
      FailExpected("`like INPUT` or `shape [...]`",
                   "an output says its shape: `like x`, `like x[:-1]`, `shape [...]` or `shape values(dims)`");
    }
    ExpectEndOfLine();
    return output;
  }

  // `list T`: the word `list` followed by the element type.
  bool AcceptListMarker() {
    if (!AtWord("list") || Peek(1).kind != TokenKind::Name) return false;
    Take();
    return true;
  }

  TypeName ParseTypeName() {
    TypeName type;
    type.at = Peek().at;
    type.name = ExpectName("a dtype (f16, bf16, f32, i8, i16, i32, i64, u8, bool) or a dtype variable");
    return type;
  }

  // ---- statements ----

  void ParseStatement(Block& block, Context context) {
    const Token& first = Peek();
    SourcePosition at = first.at;
    if (first.kind != TokenKind::Name) FailExpected("a statement", "a statement starts with a name");
    const std::string& word = first.text;
    if (word == "for" || word == "if") {
      if (context == Context::Host) Fail(at, "`" + word + "` in the host section", "host code is straight-line; use `A if C else B`");
      if (InStage(context)) Fail(at, "`" + word + "` inside a stage block", "put loops and branches around stage blocks, not inside them");
      Statement statement;
      statement.at = at;
      if (word == "for") statement.node = ParseFor();
      else statement.node = ParseIf();
      block.push_back(std::move(statement));
      return;
    }
    if (word == "elif" || word == "else") Fail(at, "`" + word + "` without an `if`", "put it right after the `if` block, at the same indentation");
    if ((word == "copyin" || word == "compute" || word == "copyout") && AtOperator(":", 1)) {
      if (context == Context::Host) Fail(at, "a stage block in the host section", "stage blocks belong in the kernel");
      if (InStage(context)) Fail(at, "a stage block inside a stage block", "stage blocks do not nest; close the outer one first");
      Take();
      Take();
      StageBlock stage;
      stage.kind = word == "copyin" ? StageKind::CopyIn : word == "compute" ? StageKind::Compute : StageKind::CopyOut;
      Context inner = stage.kind == StageKind::CopyIn ? Context::CopyIn
                      : stage.kind == StageKind::Compute ? Context::Compute
                                                         : Context::CopyOut;
      stage.body = ParseIndentedBlock(inner);
      Statement statement;
      statement.at = at;
      statement.node = std::move(stage);
      MarkKernelStatement(context);
      block.push_back(std::move(statement));
      return;
    }
    if (IsReservedWord(word)) Fail(at, "`" + word + "` cannot start a statement", "a statement is an assignment, a call or a block");
    if (IsKeyword(word) && AtOperator(":", 1)) {
      Fail(at, "`" + word + ":` inside a block",
           word == "host" || word == "kernel" ? "sections start at the beginning of a line, after the previous section"
                                              : "`" + word + ":` opens a section or a stage block; check the indentation");
    }
    Statement statement;
    statement.at = at;
    if (AtOperator("(", 1)) {
      statement.node = ParseCallStatement(context);
    } else {
      statement.node = ParseAssignment(context, at);
    }
    if (!std::holds_alternative<BufferDecl>(statement.node)) MarkKernelStatement(context);
    block.push_back(std::move(statement));
  }

  // Buffers come first in the kernel (docs/dsl.md "Kernel").
  void MarkKernelStatement(Context context) {
    if (context == Context::KernelTop) kernelStatementsStarted_ = true;
  }

  ForLoop ParseFor() {
    Take();
    ForLoop loop;
    loop.variable = ExpectName("the loop variable");
    ExpectWord("in", "write `for NAME in range(START, STOP[, STEP]):`");
    ExpectWord("range", "loops run over `range(START, STOP[, STEP])`");
    ExpectOperator("(", "write `range(START, STOP[, STEP])`");
    loop.start = ParseExpr();
    ExpectOperator(",", "`range` takes START and STOP (and an optional STEP)");
    loop.stop = ParseExpr();
    if (AcceptOperator(",")) loop.step = ParseExpr();
    ExpectOperator(")", "`range` takes at most three arguments");
    ExpectOperator(":", "a `for` line ends in `:`");
    loop.body = ParseIndentedBlock(Context::Kernel);
    return loop;
  }

  IfChain ParseIf() {
    IfChain chain;
    do {
      Branch branch;
      branch.at = Take().at;
      branch.condition = ParseExpr();
      ExpectOperator(":", "an `if`/`elif` line ends in `:`");
      branch.body = ParseIndentedBlock(Context::Kernel);
      chain.branches.push_back(std::move(branch));
    } while (AtWord("elif"));
    if (AtWord("else")) {
      Take();
      ExpectOperator(":", "write `else:`");
      chain.orElse = ParseIndentedBlock(Context::Kernel);
    }
    return chain;
  }

  using StatementNode = decltype(Statement::node);

  // `require(...)`, `launch(...)`, `zero(...)`, `sync_all()`, `atomic_add(...)`.
  StatementNode ParseCallStatement(Context context) {
    const Token& callee = Peek();
    SourcePosition at = callee.at;
    std::string name = callee.text;
    bool hostOnly = name == "require" || name == "launch" || name == "zero";
    if (hostOnly && context != Context::Host)
      Fail(at, "`" + name + "` outside the host section", "`require`, `launch` and `zero` are host statements");
    if (!hostOnly && name != "sync_all" && name != "atomic_add")
      Fail(at, "the result of `" + name + "(...)` is not assigned",
           "write `NAME = " + name + "(...)`; only require, launch, zero, sync_all and atomic_add stand alone");
    if (context == Context::Host && !hostOnly)
      Fail(at, "`" + name + "` in the host section", "`" + name + "` belongs in a kernel `copyout:` block");
    Take();
    Take();  // `(`
    StatementNode node;
    if (name == "require") {
      Require require;
      require.condition = ParseExpr();
      ExpectOperator(",", "write `require(COND, \"message\")`");
      if (!At(TokenKind::String)) FailExpected("a message string", "write `require(COND, \"message\")`");
      require.message = Take().text;
      node = std::move(require);
    } else if (name == "launch") {
      node = Launch{ParseExpr()};
    } else if (name == "zero") {
      node = ZeroOutput{ExpectName("the output to clear")};
    } else if (name == "sync_all") {
      node = SyncAllBlocks{};
    } else {
      Copy copy;
      copy.atomicAdd = true;
      copy.destination = ParseAccess();
      ExpectOperator(",", "write `atomic_add(GLOBAL[a:b], BUF[0:len])`");
      copy.source = ParseAccess();
      node = std::move(copy);
    }
    ExpectOperator(")", "close the call with `)`");
    ExpectEndOfLine();
    return node;
  }

  StatementNode ParseAssignment(Context context, SourcePosition at) {
    if (AtOperator(",", 1)) {
      Binding binding;
      binding.names.push_back(ExpectName("a name"));
      while (AcceptOperator(",")) binding.names.push_back(ExpectName("a name"));
      ExpectOperator("=", "write `A, B = block_span(total, unit)`");
      binding.value = ParseExpr();
      ExpectEndOfLine();
      return binding;
    }
    Access target = ParseAccess();
    ExpectOperator("=", "a statement is `NAME = EXPR` (or a copy `BUF[a:b] = X[c:d]`)");
    bool sourceIsAccess = Peek().kind == TokenKind::Name && !IsReservedWord(Peek().text) &&
                          (AtOperator("[", 1) || AtOperator(".", 1) ||
                           (IsCopyContext(context) && Peek(1).kind == TokenKind::Newline));
    bool targetIsAccess = target.listIndex || target.rowLength || !target.ranges.empty();
    bool elementRead = sourceIsAccess && !targetIsAccess && !IsCopyContext(context) && context != Context::Compute;
    // `v = x[i] ...` is a binding whose value reads an element (ParseElement); other accesses are copies.
    if (!elementRead && (sourceIsAccess || targetIsAccess)) {
      Copy copy;
      copy.destination = std::move(target);
      if (!sourceIsAccess)
        FailExpected("a tensor or buffer slice to copy from", "a copy is `BUF[0:len] = X[off:off + len]`, nothing else");
      copy.source = ParseAccess();
      ExpectEndOfLine();
      return copy;
    }
    if (IsReservedWord(target.name)) Fail(at, "`" + target.name + "` is a reserved word", "choose another name");
    if (AtWord("ub") || AtWord("l1") || AtWord("l0c")) {
      if (AtOperator("(", 1)) return ParseBufferDecl(context, target.name);
    }
    Expr value = ParseExpr();
    ExpectEndOfLine();
    if (context == Context::Compute || IsCopyContext(context)) return ComputeAssign{target.name, std::move(value)};
    Binding binding;
    binding.names.push_back(target.name);
    binding.value = std::move(value);
    if (context == Context::Host) binding.rationale = RationaleFor(at.line);
    return binding;
  }

  // `x[i]`: one element of a tensor (kernel) or of a list attribute (host).
  Expr ParseElement() {
    const SourcePosition at = Peek().at;
    Expr element = Node(ExprKind::Element, at, Take().text);
    Take();  // `[`
    if (AtOperator(":"))
      Fail(Peek().at, "a slice inside an expression", "slices appear only in copies; read one element with `x[i]`");
    element.operands.push_back(ParseExpr());
    if (AtOperator(":"))
      Fail(Peek().at, "a slice inside an expression", "slices appear only in copies; read one element with `x[i]`");
    ExpectOperator("]", "read one element: `x[i]`");
    return element;
  }

  static bool IsCopyContext(Context context) { return context == Context::CopyIn || context == Context::CopyOut; }

  BufferDecl ParseBufferDecl(Context context, const std::string& name) {
    SourcePosition at = Peek().at;
    if (context != Context::KernelTop)
      Fail(at, "a buffer declared here", "declare buffers at the top of the kernel section, outside loops and stage blocks");
    if (kernelStatementsStarted_)
      Fail(at, "a buffer declared after the kernel's statements began", "declare every buffer before the kernel's other statements");
    BufferDecl buffer;
    buffer.name = name;
    buffer.memory = Peek().text == "ub" ? Memory::UnifiedBuffer : Peek().text == "l1" ? Memory::L1 : Memory::L0C;
    Expr call = ParseExpr();
    ExpectEndOfLine();
    std::string usage = "write `" + call.name + "(TYPE, LEN[, buffers=N])` or `" + call.name + "(TYPE, ROWS, COLS[, buffers=N])`";
    if (call.kind != ExprKind::Call || call.operands.size() < 2 || call.operands.size() > 3)
      Fail(at, "malformed buffer declaration", usage);
    // `pairs(T)`: a buffer of (T value, index) pairs (sort_rows).
    const Expr& type = call.operands[0];
    const bool pairs = type.kind == ExprKind::Call && type.name == "pairs";
    if (pairs && (type.operands.size() != 1 || !type.keywords.empty() || type.operands[0].kind != ExprKind::Name))
      Fail(type.at, "malformed pairs type", "write `" + call.name + "(pairs(T), ROWS, COLS)` with T f16 or f32");
    if (!pairs && type.kind != ExprKind::Name) Fail(at, "malformed buffer declaration", usage);
    buffer.pairs = pairs;
    buffer.dtype = pairs ? TypeName{type.operands[0].at, type.operands[0].name} : TypeName{type.at, type.name};
    buffer.extents.assign(call.operands.begin() + 1, call.operands.end());
    for (KeywordArgument& keyword : call.keywords) {
      if (keyword.name != "buffers" || buffer.buffers) Fail(keyword.at, "unexpected argument `" + keyword.name + "=`", usage);
      buffer.buffers = std::move(keyword.value[0]);
    }
    return buffer;
  }

  // `name`, `name[a:b, :]`, `xs[i][a:b]`.
  Access ParseAccess() {
    Access access;
    access.at = Peek().at;
    access.name = ExpectName("a tensor or buffer name");
    if (AtOperator(".")) ParseView(access);
    if (!AtOperator("[")) return access;
    Take();
    // `xs[i][...]`: a single index, then the slices of tensor i.
    if (!AtOperator(":")) {
      Expr first = ParseExpr();
      if (AcceptOperator("]")) {
        access.listIndex = std::move(first);
        ExpectOperator("[", "index a list input's tensor, then slice it: `xs[i][a:b]`");
        ParseRanges(access, std::nullopt);
        return access;
      }
      ParseRanges(access, std::move(first));
      return access;
    }
    ParseRanges(access, std::nullopt);
    return access;
  }

  // `.view(-1, L)`: rows of L elements, as torch's view writes it.
  void ParseView(Access& access) {
    Take();
    const std::string hint = "read a tensor as rows of L elements with `" + access.name + ".view(-1, L)[r0:r1, c0:c1]`";
    ExpectWord("view", hint);
    ExpectOperator("(", hint);
    ExpectOperator("-", hint);
    if (!At(TokenKind::Integer) || Peek().integer != 1) FailExpected("`-1`", hint);
    Take();
    ExpectOperator(",", hint);
    access.rowLength = ParseExpr();
    ExpectOperator(")", hint);
    if (!AtOperator("[")) FailExpected("`[` after the view", hint);
  }

  // The slices after `[`, up to and including `]`; `start` is an already parsed first bound.
  void ParseRanges(Access& access, std::optional<Expr> start) {
    while (true) {
      SliceRange range;
      range.at = start ? start->at : Peek().at;
      range.start = std::move(start);
      start.reset();
      if (!range.start && !AtOperator(":")) range.start = ParseExpr();
      ExpectOperator(":", "slice with `start:stop` (or `:` for the whole dimension)");
      if (!AtOperator(",") && !AtOperator("]")) range.stop = ParseExpr();
      access.ranges.push_back(std::move(range));
      if (AcceptOperator("]")) return;
      ExpectOperator(",", "separate the dimensions of a slice with `,`");
    }
  }

  // The comment at the end of the line, or the comment lines directly above it.
  std::string RationaleFor(int line) const {
    auto trailing = lexed_.comments.trailing.find(line);
    if (trailing != lexed_.comments.trailing.end()) return trailing->second;
    std::string rationale;
    for (int above = line - 1;; --above) {
      auto comment = lexed_.comments.ownLine.find(above);
      if (comment == lexed_.comments.ownLine.end()) break;
      rationale = rationale.empty() ? comment->second : comment->second + " " + rationale;
    }
    return rationale;
  }

  // ---- expressions (Python's precedence) ----

  Expr ParseExpr() {
    Nesting nesting(*this);
    Expr value = ParseOr();
    if (!AtWord("if")) return value;
    Expr conditional = Node(ExprKind::Conditional, Take().at, "if");
    Expr condition = ParseOr();
    ExpectWord("else", "write `A if COND else B`");
    Expr otherwise = ParseExpr();
    conditional.operands = {std::move(value), std::move(condition), std::move(otherwise)};
    return conditional;
  }

  static Expr Node(ExprKind kind, SourcePosition at, std::string name) {
    Expr expr;
    expr.kind = kind;
    expr.at = at;
    expr.name = std::move(name);
    return expr;
  }

  static Expr Binary(const Token& op, Expr left, Expr right) {
    Expr expr = Node(ExprKind::Binary, op.at, op.text);
    expr.operands.push_back(std::move(left));
    expr.operands.push_back(std::move(right));
    return expr;
  }

  // One left-associative precedence level: `next (op next)*`.
  Expr ParseLevel(Expr (Parser::*next)(), std::initializer_list<std::string_view> operators) {
    Expr left = (this->*next)();
    while (AtAnyOf(operators)) {
      const Token& op = Take();
      left = Binary(op, std::move(left), (this->*next)());
    }
    return left;
  }

  template <typename Operators>
  bool AtAnyOf(const Operators& operators) const {
    const Token& token = Peek();
    if (token.kind != TokenKind::Operator && token.kind != TokenKind::Name) return false;
    return std::find(operators.begin(), operators.end(), token.text) != operators.end();
  }

  Expr ParseOr() { return ParseLevel(&Parser::ParseAnd, {"or"}); }
  Expr ParseAnd() { return ParseLevel(&Parser::ParseNot, {"and"}); }

  Expr ParseNot() {
    if (!AtWord("not")) return ParseComparison();
    Nesting nesting(*this);
    Expr expr = Node(ExprKind::Unary, Take().at, "not");
    expr.operands.push_back(ParseNot());
    return expr;
  }

  static constexpr std::array<std::string_view, 6> kComparisons = {"==", "!=", "<", "<=", ">", ">="};

  Expr ParseComparison() {
    Expr left = ParseSum();
    if (!AtAnyOf(kComparisons)) return left;
    const Token& op = Take();
    Expr comparison = Binary(op, std::move(left), ParseSum());
    if (AtAnyOf(kComparisons)) Fail(Peek().at, "comparisons do not chain", "write `a < b and b < c`");
    return comparison;
  }

  Expr ParseSum() { return ParseLevel(&Parser::ParseTerm, {"+", "-"}); }
  Expr ParseTerm() { return ParseLevel(&Parser::ParseUnary, {"*", "/", "//", "%"}); }

  Expr ParseUnary() {
    if (!AtOperator("-")) return ParsePower();
    Nesting nesting(*this);
    Expr expr = Node(ExprKind::Unary, Take().at, "-");
    expr.operands.push_back(ParseUnary());
    return expr;
  }

  Expr ParsePower() {
    Expr base = ParsePrimary();
    if (!AtOperator("**")) return base;
    const Token& op = Take();
    Nesting nesting(*this);
    return Binary(op, std::move(base), ParseUnary());
  }

  Expr ParsePrimary() {
    const Token& token = Peek();
    switch (token.kind) {
      case TokenKind::Integer: {
        Expr expr = Node(ExprKind::Integer, Take().at, "");
        expr.integer = token.integer;
        return expr;
      }
      case TokenKind::Float: {
        Expr expr = Node(ExprKind::Float, Take().at, "");
        expr.number = token.number;
        return expr;
      }
      case TokenKind::String: return Node(ExprKind::String, Take().at, token.text);
      case TokenKind::Name: {
        if (token.text == "true" || token.text == "false") {
          Expr expr = Node(ExprKind::Bool, Take().at, "");
          expr.boolean = token.text == "true";
          return expr;
        }
        if (IsReservedWord(token.text)) FailExpected("an expression", "`" + token.text + "` is a reserved word");
        if (AtOperator("(", 1)) return ParseCall();
        if (AtOperator("[", 1)) return ParseElement();
        return Node(ExprKind::Name, Take().at, token.text);
      }
      case TokenKind::Operator:
        if (token.text == "(") {
          Take();
          Expr inner = ParseExpr();
          ExpectOperator(")", "close the parenthesis");
          return inner;
        }
        break;
      default:
        break;
    }
    FailExpected("an expression", "an expression is a number, a name, a call or an operator over those");
  }

  Expr ParseCall() {
    Expr call = Node(ExprKind::Call, Peek().at, Peek().text);
    Take();
    Take();  // `(`
    while (!AtOperator(")")) {
      if (Peek().kind == TokenKind::Name && AtOperator("=", 1)) {
        KeywordArgument keyword;
        keyword.at = Peek().at;
        keyword.name = Take().text;
        Take();
        keyword.value.push_back(ParseExpr());
        call.keywords.push_back(std::move(keyword));
      } else {
        if (!call.keywords.empty())
          Fail(Peek().at, "a positional argument after a keyword argument", "put `name=value` arguments last");
        call.operands.push_back(ParseExpr());
      }
      if (!AcceptOperator(",")) break;
    }
    ExpectOperator(")", "close the call with `)` (separate arguments with `,`)");
    return call;
  }

  const std::string& fileName_;
  LexResult lexed_;
  size_t next_ = 0;
  int nesting_ = 0;
  std::set<int> linesWithErrors_;
  bool kernelStatementsStarted_ = false;
  std::vector<Diagnostic> result_;
};

}  // namespace

ParseResult Parse(const std::string& source, const std::string& fileName) {
  return Parser(fileName, Lex(source)).Run();
}

}  // namespace akgen::craft
