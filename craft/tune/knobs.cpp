#include "craft/tune/knobs.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include "craft/check/checker.h"
#include "craft/syntax/lexer.h"
#include "craft/syntax/parser.h"
#include "craft/tune/value_ladder.h"

namespace akgen::craft {
namespace {

// Token positions of the source, turned into byte offsets.
class SourceTokens {
 public:
  explicit SourceTokens(const std::string& source) : tokens_(Lex(source).tokens) {
    lineStarts_.push_back(0);
    for (size_t i = 0; i < source.size(); ++i)
      if (source[i] == '\n') lineStarts_.push_back(i + 1);
    for (size_t i = 0; i < tokens_.size(); ++i) indexAt_[{tokens_[i].at.line, tokens_[i].at.column}] = i;
  }

  size_t Offset(SourcePosition at) const { return lineStarts_[at.line - 1] + at.column - 1; }

  // The token that starts at `at`; the parser's positions are token starts.
  std::optional<size_t> IndexAt(SourcePosition at) const {
    const auto found = indexAt_.find({at.line, at.column});
    if (found == indexAt_.end()) return std::nullopt;
    return found->second;
  }

  const Token& operator[](size_t index) const { return tokens_[index]; }

  // From the token at `from`: the first `(` and its matching `)`, as token indices.
  std::optional<std::pair<size_t, size_t>> Parentheses(size_t from) const {
    size_t open = from;
    while (open < tokens_.size() && !IsOperator(open, "(")) ++open;
    int depth = 0;
    for (size_t i = open; i < tokens_.size(); ++i) {
      if (IsOperator(i, "(")) ++depth;
      if (IsOperator(i, ")") && --depth == 0) return std::pair{open, i};
    }
    return std::nullopt;
  }

  // The bytes from the start of token `first` to the end of token `last`.
  SourceSpan Span(size_t first, size_t last) const {
    const size_t start = Offset(tokens_[first].at);
    return {start, Offset(tokens_[last].at) + tokens_[last].text.size() - start};
  }

 private:
  bool IsOperator(size_t index, const char* text) const {
    return tokens_[index].kind == TokenKind::Operator && tokens_[index].text == text;
  }

  std::vector<Token> tokens_;
  std::vector<size_t> lineStarts_;
  std::map<std::pair<int, int>, size_t> indexAt_;
};

void CollectNames(const Expr& expr, std::set<std::string>& names) {
  if (expr.kind == ExprKind::Name) names.insert(expr.name);
  for (const Expr& operand : expr.operands) CollectNames(operand, names);
  for (const KeywordArgument& keyword : expr.keywords) CollectNames(keyword.value[0], names);
}

bool Mentions(const Expr& expr, const std::set<std::string>& names) {
  std::set<std::string> used;
  CollectNames(expr, used);
  return std::any_of(used.begin(), used.end(), [&](const std::string& name) { return names.count(name) > 0; });
}

// The checked program: the model points into the Program, so both live here.
struct CheckedProgram {
  Program program;
  ProgramModel model;
};

class KnobFinder {
 public:
  KnobFinder(const std::string& source, const CheckedProgram& checked)
      : source_(source), tokens_(source), checked_(checked) {}

  std::vector<Knob> Find() {
    for (const Statement& statement : checked_.program.host) {
      if (const auto* binding = std::get_if<Binding>(&statement.node)) AddTileLength(*binding);
      if (const auto* launch = std::get_if<Launch>(&statement.node)) AddCoreCap(statement, *launch);
    }
    MarkStreamedStages(checked_.program.kernel, false);
    for (const BufferModel& buffer : checked_.model.buffers) AddBufferDepth(buffer);
    std::sort(knobs_.begin(), knobs_.end(), [](const Knob& a, const Knob& b) { return a.span.offset < b.span.offset; });
    return std::move(knobs_);
  }

 private:
  void Add(KnobKind kind, std::string label, SourcePosition at, SourceSpan span, std::vector<int64_t> values,
           int64_t programValue) {
    Knob knob{kind, std::move(label), at, span, source_.substr(span.offset, span.length), std::move(values), 0};
    knob.programIndex = std::find(knob.values.begin(), knob.values.end(), programValue) - knob.values.begin();
    if (knob.values.size() > 1) knobs_.push_back(std::move(knob));
  }

  // `NAME = LITERAL`, sizing buffers by LEN or ROWS and never by COLS.
  void AddTileLength(const Binding& binding) {
    if (binding.names.size() != 1 || binding.value.kind != ExprKind::Integer || binding.value.integer < 1) return;
    const std::string& name = binding.names[0];
    const std::set<std::string> derived = DerivedFrom(name);
    bool sizesBuffers = false;
    bool countsRows = false;
    for (const BufferModel& buffer : checked_.model.buffers) {
      const Expr& leading = *buffer.extents[0];
      const bool sizedHere = leading.kind == ExprKind::Name && leading.name == name;
      sizesBuffers = sizesBuffers || sizedHere;
      countsRows = countsRows || (sizedHere && buffer.extents.size() == 2);
      if (buffer.extents.size() == 2 && Mentions(*buffer.extents[1], derived)) return;
    }
    const std::optional<size_t> token = tokens_.IndexAt(binding.value.at);
    if (!sizesBuffers || !token) return;
    Add(KnobKind::TileLength, name, binding.value.at, tokens_.Span(*token, *token),
        TileLengths(binding.value.integer, countsRows), binding.value.integer);
  }

  // `name` and every host binding computed from it, directly or through others.
  std::set<std::string> DerivedFrom(const std::string& name) const {
    std::set<std::string> derived = {name};
    for (const Statement& statement : checked_.program.host) {
      const auto* binding = std::get_if<Binding>(&statement.node);
      if (binding && Mentions(binding->value, derived)) derived.insert(binding->names.begin(), binding->names.end());
    }
    return derived;
  }

  void AddCoreCap(const Statement& statement, const Launch& launch) {
    const std::optional<size_t> keyword = tokens_.IndexAt(statement.at);
    if (!keyword) return;
    const auto parentheses = tokens_.Parentheses(*keyword);
    if (!parentheses || parentheses->second == parentheses->first + 1) return;
    std::optional<int64_t> literal;
    if (launch.cores.kind == ExprKind::Integer) literal = launch.cores.integer;
    Add(KnobKind::CoreCap, "launch", launch.cores.at, tokens_.Span(parentheses->first + 1, parentheses->second - 1),
        CoreCaps(literal), kUncapped);
  }

  // The stage blocks inside a `for` loop: a buffer they pass on is refilled every iteration.
  void MarkStreamedStages(const Block& block, bool inLoop) {
    for (const Statement& statement : block) {
      if (inLoop && std::holds_alternative<StageBlock>(statement.node)) streamed_.insert(&statement);
      if (const auto* loop = std::get_if<ForLoop>(&statement.node)) MarkStreamedStages(loop->body, true);
      if (const auto* chain = std::get_if<IfChain>(&statement.node)) {
        for (const Branch& branch : chain->branches) MarkStreamedStages(branch.body, inLoop);
        MarkStreamedStages(chain->orElse, inLoop);
      }
    }
  }

  void AddBufferDepth(const BufferModel& buffer) {
    if (buffer.memory != Memory::UnifiedBuffer || buffer.role == StageRole::Temp) return;
    for (const std::vector<int>* stages : {&buffer.writtenBy, &buffer.readBy}) {
      for (int stage : *stages)
        if (!streamed_.count(checked_.model.stages[stage].statement)) return;
    }
    const BufferDecl& decl = std::get<BufferDecl>(buffer.statement->node);
    const std::string label = buffer.name + " buffers";
    if (decl.buffers) {
      const std::optional<size_t> token = tokens_.IndexAt(decl.buffers->at);
      if (decl.buffers->kind != ExprKind::Integer || !token) return;
      Add(KnobKind::BufferDepth, label, decl.buffers->at, tokens_.Span(*token, *token), BufferDepths(buffer.depth),
          buffer.depth);
      return;
    }
    const std::optional<size_t> name = tokens_.IndexAt(buffer.statement->at);
    const auto parentheses = name ? tokens_.Parentheses(*name) : std::nullopt;
    if (!parentheses) return;
    const SourcePosition close = tokens_[parentheses->second].at;
    Add(KnobKind::BufferDepth, label, close, {tokens_.Offset(close), 0}, BufferDepths(1), 1);
  }

  const std::string& source_;
  SourceTokens tokens_;
  const CheckedProgram& checked_;
  std::set<const Statement*> streamed_;
  std::vector<Knob> knobs_;
};

}  // namespace

std::string KnobText(const Knob& knob, int64_t value) {
  switch (knob.kind) {
    case KnobKind::TileLength:
      return std::to_string(value);
    case KnobKind::CoreCap:
      return value == kUncapped ? knob.written : "min(" + std::to_string(value) + ", " + knob.written + ")";
    case KnobKind::BufferDepth:
      if (!knob.written.empty()) return std::to_string(value);
      return value == 1 ? "" : ", buffers=" + std::to_string(value);
  }
  return knob.written;
}

std::string KnobValueText(const Knob& knob, int64_t value) {
  return knob.kind == KnobKind::CoreCap ? KnobText(knob, value) : std::to_string(value);
}

KnobDiscovery FindKnobs(const std::string& source, const std::string& fileName) {
  KnobDiscovery discovery;
  ParseResult parsed = Parse(source, fileName);
  discovery.diagnostics = std::move(parsed.diagnostics);
  if (!parsed.program) return discovery;
  discovery.opName = parsed.program->op.name;
  discovery.opAt = parsed.program->op.at;
  discovery.hostAt = parsed.program->hostAt;
  CheckedProgram checked{std::move(*parsed.program), {}};
  checked.model = BuildModel(checked.program, fileName, discovery.diagnostics);
  if (discovery.HasErrors()) return discovery;
  discovery.knobs = KnobFinder(source, checked).Find();
  return discovery;
}

}  // namespace akgen::craft
