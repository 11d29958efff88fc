#include "craft/lower/kernel_class.h"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "craft/lower/code_writer.h"
#include "craft/lower/compute_lowering.h"
#include "craft/lower/cube_lowering.h"
#include "craft/lower/dtypes.h"
#include "craft/lower/kernel_names.h"

namespace akgen::craft::lower {
namespace {

const char* kBlockSpan =
    "// This block's contiguous share of `total` elements in whole units of `unit` elements (the last\n"
    "// unit may be partial); the leading blocks take one unit more.\n"
    "__aicore__ inline void BlockSpan(int64_t total, int64_t unit, int64_t& start, int64_t& count) {\n"
    "    const int64_t units = (total + unit - 1) / unit;\n"
    "    const int64_t blocks = GetBlockNum();\n"
    "    const int64_t block = GetBlockIdx();\n"
    "    const int64_t firstUnit = block * (units / blocks) + (block < units % blocks ? block : units % blocks);\n"
    "    const int64_t ownUnits = units / blocks + (block < units % blocks ? 1 : 0);\n"
    "    const int64_t end = (firstUnit + ownUnits) * unit;\n"
    "    start = firstUnit * unit;\n"
    "    count = start >= total ? 0 : (end < total ? end : total) - start;\n"
    "}";

const char* kRowGap =
    "// UB gap after each copied row, in 32-byte blocks: from the row's 32-byte padded end to the next\n"
    "// row's start.\n"
    "__aicore__ inline uint32_t RowGapBlocks(int64_t cols, int64_t elementBytes) {\n"
    "    return static_cast<uint32_t>((AlignUpTo(cols, ROW_ALIGN) * elementBytes - AlignUpTo(cols * elementBytes, 32)) / 32);\n"
    "}";

// The pipe a stage's work runs on: on the cube, compute starts with MTE1's loads into L0A/L0B and
// copy-out is Fixpipe.
const char* Pipe(StageKind kind, bool cube) {
  switch (kind) {
    case StageKind::CopyIn: return "MTE2";
    case StageKind::Compute: return cube ? "MTE1" : "V";
    case StageKind::CopyOut: return cube ? "FIX" : "MTE3";
  }
  return "V";
}

const char* StageName(StageKind kind) {
  switch (kind) {
    case StageKind::CopyIn: return "CopyIn";
    case StageKind::Compute: return "Compute";
    case StageKind::CopyOut: return "CopyOut";
  }
  return "Compute";
}

std::string Join(const std::vector<std::string>& items, const std::string& separator) {
  std::string text;
  for (size_t i = 0; i < items.size(); ++i) text += (i ? separator : "") + items[i];
  return text;
}

std::string Upper(const std::string& name) {
  std::string upper;
  for (const char c : name) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return upper;
}

// A buffer as the kernel holds it. Queues join one producing and one consuming stage block of
// the same statement list, which no other stage touches; a buffer the model calls a queue whose
// stages sit in different loops (a row of weights loaded once, an accumulator written out after
// the loop) or that a third stage touches stays a TBuf, and the stages that touch it order their
// pipes with flags instead.
constexpr int kQueueBuffersPerPosition = 8;

struct BufferPlan {
  const BufferModel* model = nullptr;
  StageRole role = StageRole::Temp;
  int producer = -1;  // stage index
  int consumer = -1;
  std::vector<StageKind> touchedBy;  // the kinds of the stages that use a flag-ordered TBuf

  bool Queue() const { return role != StageRole::Temp; }
  std::string Member() const { return model->name + (Queue() ? "Queue" : "Buf"); }
};

class KernelWriter {
 public:
  KernelWriter(const Program& program, const ProgramModel& model, const std::vector<TilingField>& fields)
      : program_(program), model_(model), fields_(fields), names_(model, fields), computes_(names_), cube_(model, names_) {
    IndexBlock(program.kernel);
    PlanBuffers();
  }

  std::string Source(const std::string& kernelName);

 private:
  void IndexBlock(const Block& block);
  void PlanBuffers();
  void OrderByFlags(BufferPlan& plan) const;
  int StageOfKind(const std::vector<int>& stages, StageKind kind) const;
  std::vector<std::string> StageParameters(const StageModel& stage);
  void WriteInit(CodeWriter& out);
  void WriteZeroedOutputs(CodeWriter& out);
  std::vector<std::string> ClearedRowPadding(const BufferPlan& buffer);
  void WriteBlock(CodeWriter& out, const Block& block);
  void WriteStage(CodeWriter& out, const StageModel& stage);
  void WriteStatement(CodeWriter& out, const Statement& statement, const StageModel& stage, std::map<std::string, int>& copyNames);
  void WriteCopy(CodeWriter& out, const Statement& statement, std::map<std::string, int>& copyNames);
  void WriteCompute(CodeWriter& out, const Statement& statement, const StageModel& stage);
  IdentityCast IdentityCastOf(const ComputeModel& compute, const StageModel& stage);
  std::string ScalarType(const std::string& name) const;
  // SyncAll waits for the vector cores; in a mixed kernel for the cube cores too.
  std::string SyncAllLine() const { return model_.mixed ? "SyncAll<false>();" : "SyncAll();"; }
  std::string TemplateHead() const;

  const Program& program_;
  const ProgramModel& model_;
  const std::vector<TilingField>& fields_;
  KernelNames names_;
  ComputeLowering computes_;
  CubeLowering cube_;
  std::map<const Statement*, const Block*> parentOf_;
  std::vector<BufferPlan> buffers_;
  std::map<std::string, int> bindings_;  // how often each kernel scalar is bound
};

// Records each stage block's statement list and how often each kernel scalar is bound.
void KernelWriter::IndexBlock(const Block& block) {
  for (const Statement& statement : block) {
    if (std::holds_alternative<StageBlock>(statement.node)) parentOf_[&statement] = &block;
    if (const auto* binding = std::get_if<Binding>(&statement.node)) {
      for (const std::string& name : binding->names) ++bindings_[name];
    }
    if (const auto* loop = std::get_if<ForLoop>(&statement.node)) IndexBlock(loop->body);
    if (const auto* chain = std::get_if<IfChain>(&statement.node)) {
      for (const Branch& branch : chain->branches) IndexBlock(branch.body);
      IndexBlock(chain->orElse);
    }
  }
}

int KernelWriter::StageOfKind(const std::vector<int>& stages, StageKind kind) const {
  int found = -1;
  for (const int index : stages) {
    if (model_.stages[index].kind != kind) continue;
    if (found >= 0 && found != index) return -2;  // more than one
    found = index;
  }
  return found;
}

void KernelWriter::PlanBuffers() {
  for (const BufferModel& buffer : model_.buffers) {
    BufferPlan plan;
    plan.model = &buffer;
    plan.role = buffer.role;
    if (buffer.memory == Memory::L0C) {
      // An accumulator is a queue whose matmuls and copy-out manage it themselves (CubeLowering).
      plan.role = StageRole::QueueOut;
      buffers_.push_back(plan);
      continue;
    }
    if (cube_.IsBiasRow(buffer.name)) plan.role = StageRole::Temp;
    const StageKind producerKind = buffer.role == StageRole::QueueOut ? StageKind::Compute : StageKind::CopyIn;
    const StageKind consumerKind = buffer.role == StageRole::QueueIn ? StageKind::Compute : StageKind::CopyOut;
    if (plan.Queue()) {
      plan.producer = StageOfKind(buffer.writtenBy, producerKind);
      plan.consumer = StageOfKind(buffer.readBy, consumerKind);
      // a stage besides the two (a fill before the loop of a copied-in buffer) leaves it a TBuf
      auto joinedStage = [&](int stage) { return stage == plan.producer || stage == plan.consumer; };
      const bool onlyTheTwo = std::all_of(buffer.writtenBy.begin(), buffer.writtenBy.end(), joinedStage) &&
                              std::all_of(buffer.readBy.begin(), buffer.readBy.end(), joinedStage);
      const bool joined = plan.producer >= 0 && plan.consumer >= 0 && onlyTheTwo &&
                          parentOf_[model_.stages[plan.producer].statement] == parentOf_[model_.stages[plan.consumer].statement];
      if (!joined) plan.role = StageRole::Temp;
    }
    if (!plan.Queue()) OrderByFlags(plan);
    buffers_.push_back(plan);
  }
  // A2 has 8 event IDs per queue position, so at most 8 queue buffers (depths counted) at VECIN
  // (copy-in queues, bound ones included) and 8 at VECOUT. The last declared queues beyond that
  // become flag-ordered TBufs: slower, as their stages no longer overlap, but they still run.
  for (const bool in : {true, false}) {
    int slots = 0;
    for (BufferPlan& plan : buffers_) {
      if (!plan.Queue() || (plan.role == StageRole::QueueOut) == in || plan.model->memory != Memory::UnifiedBuffer) continue;
      slots += plan.model->depth;
      if (slots <= kQueueBuffersPerPosition) continue;
      slots -= plan.model->depth;
      plan.role = StageRole::Temp;
      plan.producer = plan.consumer = -1;
      OrderByFlags(plan);
    }
  }
}

// A TBuf shared by several kinds of stage: each of them ends with a flag towards the others' pipes.
void KernelWriter::OrderByFlags(BufferPlan& plan) const {
  std::vector<int> stages = plan.model->writtenBy;
  stages.insert(stages.end(), plan.model->readBy.begin(), plan.model->readBy.end());
  for (const int index : stages) {
    const StageKind kind = model_.stages[index].kind;
    if (std::find(plan.touchedBy.begin(), plan.touchedBy.end(), kind) == plan.touchedBy.end()) {
      plan.touchedBy.push_back(kind);
    }
  }
}

std::string KernelWriter::ScalarType(const std::string& name) const {
  for (const KernelScalar& scalar : model_.kernelScalars) {
    if (scalar.name == name) return scalar.kind == ValueKind::Float ? "float" : scalar.kind == ValueKind::Bool ? "bool" : "int64_t";
  }
  return "int64_t";
}

std::vector<std::string> KernelWriter::StageParameters(const StageModel& stage) {
  std::vector<std::string> names;
  const auto& block = std::get<StageBlock>(stage.statement->node);
  for (const Statement& statement : block.body) {
    if (const auto* copy = std::get_if<Copy>(&statement.node)) {
      for (const Access* access : {&copy->destination, &copy->source}) {
        if (access->listIndex) CollectNames(*access->listIndex, names);
        if (access->rowLength) CollectNames(*access->rowLength, names);
        for (const SliceRange& range : access->ranges) {
          if (range.start) CollectNames(*range.start, names);
          if (range.stop) CollectNames(*range.stop, names);
        }
      }
    }
    if (const auto* assign = std::get_if<ComputeAssign>(&statement.node)) {
      CollectNames(assign->value, names);
      const ComputeModel* compute = model_.ComputeOf(&statement);
      if (compute && compute->count.length) CollectNames(*compute->count.length, names);
      if (compute && compute->operandCount.length) CollectNames(*compute->operandCount.length, names);
      if (compute && compute->matmul) {
        for (const Expr* extent : {&compute->matmul->rows, &compute->matmul->inner, &compute->matmul->columns})
          CollectNames(*extent, names);
      }
    }
  }
  // In the order the kernel binds them.
  std::vector<std::string> parameters;
  for (const KernelScalar& scalar : model_.kernelScalars) {
    if (std::find(names.begin(), names.end(), scalar.name) != names.end()) parameters.push_back(scalar.name);
  }
  return parameters;
}

std::string KernelWriter::TemplateHead() const {
  std::vector<std::string> parameters;
  for (const DtypeColumn& column : program_.op.dtypes) parameters.push_back("typename " + column.variable);
  return parameters.empty() ? "" : "template <" + Join(parameters, ", ") + ">";
}

void KernelWriter::WriteInit(CodeWriter& out) {
  std::vector<std::string> parameters;
  for (const TensorModel& tensor : model_.inputs) parameters.push_back("GM_ADDR " + tensor.name);
  // An in-place output (Output("y") beside Input("y")) is its input's tensor.
  for (const TensorModel& tensor : model_.outputs)
    if (!tensor.ref) parameters.push_back("GM_ADDR " + tensor.name);
  if (!model_.workspaces.empty()) parameters.push_back("GM_ADDR workspace");
  parameters.push_back("const " + program_.op.name + "TilingData& tiling");
  out.Open("__aicore__ inline void Init(" + Join(parameters, ", ") + ")");
  for (const TilingField& field : fields_) out.Line(field.name + " = tiling." + field.name + ";");
  for (const std::vector<TensorModel>* tensors : {&model_.inputs, &model_.outputs}) {
    for (const TensorModel& tensor : *tensors) {
      if (tensor.ref) continue;
      if (tensor.list) {
        // A list is its descriptor's address; each copy points the GlobalTensor at one of its tensors.
        out.Line(names_.ListMember(tensor.name) + " = " + tensor.name + ";");
        continue;
      }
      out.Line(tensor.name + "Gm.SetGlobalBuffer((__gm__ " + KernelType(tensor.dtype) + "*)" + tensor.name + ");");
    }
  }
  if (!model_.workspaces.empty()) {
    // The workspace tensors lie one after the other in the user workspace, each 32-byte aligned.
    names_.Scalars().UseHelper("AlignUpTo");
    out.Line("GM_ADDR next = GetUserWorkspace(workspace);");
    for (const TensorModel& tensor : model_.workspaces) {
      const std::string type = KernelType(tensor.dtype);
      const std::string elements = ElementsField(tensor.name);
      out.Line(tensor.name + "Gm.SetGlobalBuffer((__gm__ " + type + "*)next, " + elements + ");");
      if (&tensor != &model_.workspaces.back()) out.Line("next += AlignUpTo(" + elements + " * sizeof(" + type + "), 32);");
    }
  }
  // The cube's memories and the vector cores' UB, each set up on its own kind of core.
  std::vector<std::string> cubeLines;
  std::vector<std::string> vectorLines;
  std::vector<std::string> scratch;
  for (const BufferPlan& buffer : buffers_) {
    const bool onCube = buffer.model->memory != Memory::UnifiedBuffer;
    // a pairs buffer's elements are 8-byte (value, index) pairs (sort_rows)
    const std::string bytes = onCube ? cube_.SlotBytes(*buffer.model)
                              : names_.Capacity(*buffer.model) +
                                    (buffer.model->pairs ? " * SORT_PAIR_BYTES" : " * sizeof(" + KernelType(buffer.model->dtype) + ")");
    if (buffer.model->pairs) computes_.UseSortHelpers();
    const std::string depth = buffer.Queue() ? std::to_string(buffer.model->depth) + ", " : "";
    (onCube ? cubeLines : vectorLines).push_back("pipe.InitBuffer(" + buffer.Member() + ", " + depth + bytes + ");");
  }
  for (const BufferPlan& buffer : buffers_) {
    for (const std::string& line : ClearedRowPadding(buffer)) vectorLines.push_back(line);
  }
  if (model_.cube) {
    for (const std::string& line : cube_.InitLines()) cubeLines.push_back(line);
  }
  for (const ComputeModel& compute : model_.computes) {
    const std::string bytes = compute.matmul ? "" : computes_.ScratchBytes(compute);
    if (!bytes.empty() && std::find(scratch.begin(), scratch.end(), bytes) == scratch.end()) scratch.push_back(bytes);
  }
  if (!model_.zeroedOutputs.empty()) {
    int64_t widest = 1;
    for (const std::string& output : model_.zeroedOutputs) {
      for (const Dtype dtype : model_.FindTensor(output)->dtype.perCombination) widest = std::max(widest, DtypeBytes(dtype));
    }
    vectorLines.push_back("pipe.InitBuffer(zeroBuf, ZERO_CHUNK * " + std::to_string(widest) + ");");
  }
  if (!scratch.empty()) {
    std::string largest = scratch[0];
    for (size_t i = 1; i < scratch.size(); ++i) largest = "ScalarMax<int64_t>(" + largest + ", " + scratch[i] + ")";
    if (scratch.size() > 1) names_.Scalars().UseHelper("ScalarMax");
    vectorLines.push_back("// the temporaries of composites and reductions, the largest statement's");
    vectorLines.push_back("pipe.InitBuffer(scratchBuf, " + largest + ");");
  }
  for (const auto& [lines, guard] : {std::pair{&cubeLines, "if ASCEND_IS_AIC"}, std::pair{&vectorLines, "if ASCEND_IS_AIV"}}) {
    if (model_.mixed && !lines->empty()) out.Open(guard);
    for (const std::string& line : *lines) out.Line(line);
    if (model_.mixed && !lines->empty()) out.Close();
  }
  out.Close();
}

// A 2-D buffer holds each row in a ROW_ALIGN-element stride, and a row copy writes only the row's
// 32-byte blocks (bcast_row, softmax_rows and the scans only its COLS values): when COLS leaves a gap
// before the next row, the gap is cleared once here (every slot of a queue), so instructions over
// whole rows never read bytes nothing wrote. The values there never reach an output.
std::vector<std::string> KernelWriter::ClearedRowPadding(const BufferPlan& buffer) {
  const BufferModel& model = *buffer.model;
  const bool rowsCopiedIn = std::any_of(model_.copies.begin(), model_.copies.end(), [&](const CopyModel& copy) {
    return copy.buffer == model.name && copy.rows && !copy.toGlobal;
  });
  const bool rowsComputed = std::any_of(model_.computes.begin(), model_.computes.end(), [&](const ComputeModel& compute) {
    const Primitive written = compute.primitive;
    return compute.destination == model.name &&
           (written == Primitive::BcastRow || written == Primitive::SoftmaxRows || written == Primitive::CumsumRows ||
            written == Primitive::CumprodRows);
  });
  if (model.memory != Memory::UnifiedBuffer || model.extents.size() != 2 || !(rowsCopiedIn || rowsComputed) ||
      model.pairs)
    return {};
  const std::string type = KernelType(model.dtype);
  const std::string bytes = names_.Capacity(model) + " * sizeof(" + type + ")";
  const std::string columns = names_.Columns(model);
  std::vector<std::string> lines = {"if (" + columns + " % ROW_ALIGN != 0) {",
                                    "    // the gaps after " + model.name + "'s rows, which its copies do not write"};
  const int slots = buffer.Queue() ? model.depth : 1;
  for (int slot = 0; slot < slots; ++slot) {
    const std::string tensor = "scratchPadding" + std::to_string(slot);
    lines.push_back("    LocalTensor<" + type + "> " + tensor + " = " + buffer.Member() +
                    (buffer.Queue() ? ".AllocTensor<" + type + ">();" : ".Get<" + type + ">();"));
    lines.push_back("    Duplicate(" + tensor + ".template ReinterpretCast<int16_t>(), static_cast<int16_t>(0), " +
                    "static_cast<int32_t>(" + bytes + " / 2));");
  }
  for (int slot = 0; slot < slots && buffer.Queue(); ++slot)
    lines.push_back("    " + buffer.Member() + ".FreeTensor(scratchPadding" + std::to_string(slot) + ");");
  if (!buffer.Queue()) lines.push_back("    " + names_.PipeSync("V_MTE2"));
  lines.push_back("}");
  return lines;
}

// zero(y): block 0 clears y in ZERO_CHUNK pieces while the others wait, so no block adds into it early.
void KernelWriter::WriteZeroedOutputs(CodeWriter& out) {
  if (model_.zeroedOutputs.empty()) return;
  names_.UseHelper("// Elements the zero(...) of an output clears per copy.\nconstexpr int64_t ZERO_CHUNK = 256;");
  names_.Scalars().UseHelper("ScalarMin");
  // A mixed kernel clears them on vector core 0, and every core of both kinds waits.
  out.Open(model_.mixed ? "if (ASCEND_IS_AIV && GetBlockIdx() == 0)" : "if (GetBlockIdx() == 0)");
  for (const std::string& output : model_.zeroedOutputs) {
    const std::string type = KernelType(model_.FindTensor(output)->dtype);
    const std::string elements = ElementsField(output);
    out.Open("");  // each output's clearing in its own scope: several outputs may be zeroed
    out.Line("LocalTensor<" + type + "> zeros = zeroBuf.Get<" + type + ">();");
    out.Line("Duplicate(zeros, static_cast<" + type + ">(0), ZERO_CHUNK);");
    out.Line(names_.PipeSync("V_MTE3"));
    out.Open("for (int64_t done = 0; done < " + elements + "; done += ZERO_CHUNK)");
    out.Line("const DataCopyExtParams zeroCopy{1, static_cast<uint32_t>(ScalarMin<int64_t>(ZERO_CHUNK, " + elements +
             " - done) * sizeof(" + type + ")), 0, 0, 0};");
    out.Line("DataCopyPad(" + output + "Gm[done], zeros, zeroCopy);");
    out.Close();
    out.Line(names_.PipeSync("MTE3_V"));
    out.Close();
  }
  out.Close();
  out.Line(SyncAllLine());
}

void KernelWriter::WriteBlock(CodeWriter& out, const Block& block) {
  std::string openGuard;  // the core-kind test the last stage calls stand under
  for (const Statement& statement : block) {
    if (!openGuard.empty() && !std::holds_alternative<StageBlock>(statement.node)) {
      out.Close();
      openGuard.clear();
    }
    if (const auto* binding = std::get_if<Binding>(&statement.node)) {
      const auto span = std::find_if(model_.blockSpans.begin(), model_.blockSpans.end(),
                                     [&](const BlockSpanUse& use) { return use.statement == &statement; });
      if (span != model_.blockSpans.end()) {
        names_.UseHelper(kBlockSpan);
        // a name bound elsewhere too is declared once, before the statements (see bindings_)
        for (const std::string* name : {&span->start, &span->count})
          if (bindings_[*name] <= 1) out.Line("int64_t " + *name + " = 0;");
        out.Line("BlockSpan(" + names_.Scalar(*span->total) + ", " + names_.Scalar(*span->unit) + ", " + span->start +
                 ", " + span->count + ");");
      } else if (bindings_[binding->names[0]] > 1) {
        out.Line(binding->names[0] + " = " + names_.Scalar(binding->value) + ";");
      } else {
        out.Line("const " + ScalarType(binding->names[0]) + " " + binding->names[0] + " = " + names_.Scalar(binding->value) + ";");
      }
    } else if (const auto* loop = std::get_if<ForLoop>(&statement.node)) {
      const std::string step = loop->step ? names_.Scalar(*loop->step) : "1";
      out.Open("for (int64_t " + loop->variable + " = " + names_.Scalar(loop->start) + "; " + loop->variable + " < " +
               names_.Scalar(loop->stop) + "; " + loop->variable + (step == "1" ? "++" : " += " + step) + ")");
      WriteBlock(out, loop->body);
      out.Close();
    } else if (const auto* chain = std::get_if<IfChain>(&statement.node)) {
      for (size_t i = 0; i < chain->branches.size(); ++i) {
        const std::string condition = "if (" + names_.Scalar(chain->branches[i].condition) + ")";
        if (i == 0) {
          out.Open(condition);
        } else {
          out.Dedent();
          out.Line("} else " + condition + " {");
          out.Indent();
        }
        WriteBlock(out, chain->branches[i].body);
      }
      if (!chain->orElse.empty()) {
        out.Dedent();
        out.Line("} else {");
        out.Indent();
        WriteBlock(out, chain->orElse);
      }
      out.Close();
    } else if (std::holds_alternative<StageBlock>(statement.node)) {
      const StageModel* stage = model_.StageOf(&statement);
      const std::string call = std::string(StageName(stage->kind)) + std::to_string(stage->number) + "(" +
                               Join(StageParameters(*stage), ", ") + ");";
      // A mixed kernel's cores all run these statements; each stage block on its own kind of core
      // (the blocks in a row on one kind under one guard).
      const std::string guard = !model_.mixed || stage->onCube == stage->onVector ? ""
                                : stage->onCube                                   ? "if ASCEND_IS_AIC"
                                                                                  : "if ASCEND_IS_AIV";
      if (guard != openGuard) {
        if (!openGuard.empty()) out.Close();
        if (!guard.empty()) out.Open(guard);
        openGuard = guard;
      }
      out.Line(call);
    }
  }
  if (!openGuard.empty()) out.Close();
}

void KernelWriter::WriteCopy(CodeWriter& out, const Statement& statement, std::map<std::string, int>& copyNames) {
  const auto& copy = std::get<Copy>(statement.node);
  const CopyModel* model = nullptr;
  for (const CopyModel& candidate : model_.copies) {
    if (candidate.statement == &statement) model = &candidate;
  }
  if (!model) throw std::invalid_argument("a copy the model does not know");
  const BufferModel& buffer = *model_.FindBuffer(model->buffer);
  const Access& global = model->toGlobal ? copy.destination : copy.source;
  const std::string type = KernelType(buffer.dtype);
  if (global.listIndex) {
    names_.UseListTensor();
    out.Line(model->global + "Gm.SetGlobalBuffer(ListTensor<" + type + ">(" + names_.ListMember(model->global) + ", " +
             names_.Scalar(*global.listIndex) + "));");
  }
  const bool rows = model->rows;

  // The buffer side always starts at 0; a 2-D copy's tensor offset counts rows of COLS elements.
  const std::string localTensor = buffer.name;
  std::string globalTensor = model->global + "Gm";
  // A view's rows are rowLength elements apart in the tensor, and the copy starts columnOffset in.
  const std::string rowLength = model->rowLength ? Wrapped(names_.Scalars().Translate(*model->rowLength)) : "";
  std::vector<std::string> offsetTerms;
  if (model->globalOffset) {
    const CppExpression start = names_.Scalars().Translate(*model->globalOffset);
    if (start.text != "0") {
      offsetTerms.push_back(rows ? Wrapped(start) + " * " + (rowLength.empty() ? names_.Columns(buffer) : rowLength)
                                 : start.text);
    }
  }
  if (model->columnOffset) offsetTerms.push_back(names_.Scalars().Translate(*model->columnOffset).text);
  if (!offsetTerms.empty()) globalTensor += "[" + Join(offsetTerms, " + ") + "]";
  if (buffer.memory != Memory::UnifiedBuffer) {
    const TensorModel& tensor = *model_.FindTensor(model->global);
    const std::vector<std::string> lines = model->toGlobal
                                               ? cube_.CopyOutLines(buffer, *model, globalTensor, KernelType(tensor.dtype))
                                               : cube_.CopyInLines(buffer, *model, globalTensor);
    for (const std::string& line : lines) out.Line(line);
    return;
  }
  const int used = ++copyNames[buffer.name];
  const std::string params = buffer.name + "Copy" + (used > 1 ? std::to_string(used) : "");
  const std::string length = model->length ? names_.Scalar(*model->length) : names_.Scalar(*buffer.extents[0]);
  if (rows) {
    names_.RowStride(buffer);  // ROW_ALIGN and AlignUpTo, which RowGapBlocks uses
    names_.UseHelper(kRowGap);
    const std::string bytes = "static_cast<uint32_t>(" + names_.Columns(buffer) + " * sizeof(" + type + "))";
    const std::string gap = "RowGapBlocks(" + names_.Columns(buffer) + ", sizeof(" + type + "))";
    // The tensor side skips the rest of each of its rows (bytes); the buffer side pads rows to 32 bytes (blocks).
    const std::string skip = rowLength.empty() ? "0"
                                               : "static_cast<uint32_t>((" + rowLength + " - " + names_.Columns(buffer) +
                                                     ") * sizeof(" + type + "))";
    out.Line("const DataCopyExtParams " + params + "{static_cast<uint16_t>(" + length + "), " + bytes + ", " +
             (model->toGlobal ? gap + ", " + skip : skip + ", " + gap) + ", 0};");
  } else {
    out.Line("const DataCopyExtParams " + params + "{1, static_cast<uint32_t>(" + length + " * sizeof(" + type + ")), 0, 0, 0};");
  }
  if (!model->toGlobal) {
    out.Line("DataCopyPad(" + localTensor + ", " + globalTensor + ", " + params + ", DataCopyPadExtParams<" + type +
             ">{false, 0, 0, 0});");
    return;
  }
  if (copy.atomicAdd) out.Line("SetAtomicAdd<" + type + ">();");
  out.Line("DataCopyPad(" + globalTensor + ", " + localTensor + ", " + params + ");");
  if (copy.atomicAdd) out.Line("SetAtomicNone();");
}

// A cast that disappears in some combination rebinds its destination to the source when the
// destination is this stage's scratch of the same capacity and the source is neither read nor
// written after it; otherwise it copies.
IdentityCast KernelWriter::IdentityCastOf(const ComputeModel& compute, const StageModel& stage) {
  if (compute.primitive != Primitive::Cast) return IdentityCast::Copy;
  const auto plan = std::find_if(buffers_.begin(), buffers_.end(),
                                 [&](const BufferPlan& buffer) { return buffer.model->name == compute.destination; });
  if (plan->Queue() || plan->touchedBy.size() > 1) return IdentityCast::Copy;
  const std::string& source = compute.bufferOperands[0];
  // The destination's later statements may rely on its capacity (a compare's whole repeats).
  if (names_.Capacity(*plan->model) != names_.Capacity(*model_.FindBuffer(source))) return IdentityCast::Copy;
  for (const int other : plan->model->readBy) {
    if (other != stage.index) return IdentityCast::Copy;
  }
  bool after = false;
  for (const ComputeModel& later : model_.computes) {
    if (&later == &compute) {
      after = true;
      continue;
    }
    if (!after || later.stage != stage.index) continue;
    const bool touchesSource = later.destination == source ||
                               std::find(later.bufferOperands.begin(), later.bufferOperands.end(), source) !=
                                   later.bufferOperands.end();
    if (touchesSource) return IdentityCast::Copy;
  }
  return IdentityCast::Alias;
}

void KernelWriter::WriteCompute(CodeWriter& out, const Statement& statement, const StageModel& stage) {
  const ComputeModel* compute = model_.ComputeOf(&statement);
  if (compute->matmul) {
    for (const std::string& line : cube_.MatmulLines(*compute)) out.Line(line);
    return;
  }
  const auto& assign = std::get<ComputeAssign>(statement.node);
  const IdentityCast identity = IdentityCastOf(*compute, stage);
  // Lines per combination, grouped where they read the same.
  std::vector<std::pair<std::vector<std::string>, std::vector<size_t>>> groups;
  for (size_t k = 0; k < model_.combinations.size(); ++k) {
    std::vector<std::string> lines = computes_.Lines(*compute, assign, k, identity);
    auto group = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == lines; });
    if (group == groups.end()) {
      groups.push_back({lines, {k}});
    } else {
      group->second.push_back(k);
    }
  }
  if (groups.size() == 1) {
    for (const std::string& line : groups[0].first) out.Line(line);
    return;
  }
  // The dtype variables the statement's buffers use decide which branch a combination takes.
  std::vector<std::string> variables;
  std::vector<std::string> buffers = compute->bufferOperands;
  buffers.push_back(compute->destination);
  for (const std::string& name : buffers) {
    const ResolvedDtype& dtype = model_.FindBuffer(name)->dtype;
    if (dtype.variable && std::find(variables.begin(), variables.end(), dtype.written) == variables.end()) {
      variables.push_back(dtype.written);
    }
  }
  std::stable_sort(groups.begin(), groups.end(), [](const auto& a, const auto& b) { return a.second.size() < b.second.size(); });
  for (size_t g = 0; g < groups.size(); ++g) {
    if (g + 1 < groups.size()) {
      std::vector<std::string> alternatives;
      for (const size_t k : groups[g].second) {
        std::vector<std::string> terms;
        for (const std::string& variable : variables) terms.push_back(IsSameCondition(variable, model_.combinations[k].at(variable)));
        const std::string term = Join(terms, " && ");
        if (std::find(alternatives.begin(), alternatives.end(), term) == alternatives.end()) alternatives.push_back(term);
      }
      const std::string condition = "if constexpr (" + Join(alternatives, " || ") + ")";
      if (g == 0) {
        out.Open(condition);
      } else {
        out.Dedent();
        out.Line("} else " + condition + " {");
        out.Indent();
      }
    } else {
      out.Dedent();
      out.Line("} else {");
      out.Indent();
    }
    for (const std::string& line : groups[g].first) out.Line(line);
  }
  out.Close();
}

void KernelWriter::WriteStatement(CodeWriter& out, const Statement& statement, const StageModel& stage,
                                  std::map<std::string, int>& copyNames) {
  if (std::holds_alternative<Copy>(statement.node)) {
    WriteCopy(out, statement, copyNames);
  } else if (std::holds_alternative<ComputeAssign>(statement.node)) {
    WriteCompute(out, statement, stage);
  } else if (std::holds_alternative<SyncAllBlocks>(statement.node)) {
    out.Line(SyncAllLine());
  }
}

void KernelWriter::WriteStage(CodeWriter& out, const StageModel& stage) {
  std::vector<std::string> parameters;
  for (const std::string& name : StageParameters(stage)) parameters.push_back(ScalarType(name) + " " + name);
  if (stage.index > 0) out.Line("");
  out.Open("__aicore__ inline void " + std::string(StageName(stage.kind)) + std::to_string(stage.number) + "(" +
           Join(parameters, ", ") + ")");
  auto touches = [&](const BufferModel& buffer) {
    return std::find(buffer.writtenBy.begin(), buffer.writtenBy.end(), stage.index) != buffer.writtenBy.end() ||
           std::find(buffer.readBy.begin(), buffer.readBy.end(), stage.index) != buffer.readBy.end();
  };
  // An accumulator is a member the matmuls and its copy-out manage (CubeLowering).
  auto accumulator = [](const BufferPlan& buffer) { return buffer.model->memory == Memory::L0C; };
  for (const BufferPlan& buffer : buffers_) {
    if (!touches(*buffer.model) || accumulator(buffer)) continue;
    const std::string type = KernelType(buffer.model->dtype);
    const std::string tensor = "LocalTensor<" + type + "> " + buffer.model->name + " = " + buffer.Member();
    if (!buffer.Queue()) {
      out.Line(tensor + ".Get<" + type + ">();");
    } else if (buffer.producer == stage.index) {
      out.Line(tensor + ".AllocTensor<" + type + ">();");
    } else if (buffer.consumer == stage.index) {
      out.Line(tensor + ".DeQue<" + type + ">();");
    }
  }
  // A queue's tensor is enqueued or freed right after the last statement that uses it, so the
  // other pipe can start on it early; a tensor a disappearing cast rebinds lives to the end.
  const Block& body = std::get<StageBlock>(stage.statement->node).body;
  std::map<std::string, size_t> lastUse;
  for (size_t i = 0; i < body.size(); ++i) {
    for (const CopyModel& copy : model_.copies) {
      if (copy.statement == &body[i]) lastUse[copy.buffer] = i;
    }
    if (const ComputeModel* compute = model_.ComputeOf(&body[i])) {
      lastUse[compute->destination] = i;
      for (const std::string& operand : compute->bufferOperands) lastUse[operand] = i;
      const bool disappears = std::find(compute->identityCast.begin(), compute->identityCast.end(), true) !=
                              compute->identityCast.end();
      if (disappears && IdentityCastOf(*compute, stage) == IdentityCast::Alias) {
        lastUse[compute->bufferOperands[0]] = body.size();
      }
    }
  }
  auto releaseAfter = [&](size_t index) {
    for (const BufferPlan& buffer : buffers_) {
      const auto last = lastUse.find(buffer.model->name);
      if (!buffer.Queue() || accumulator(buffer) || last == lastUse.end() || last->second != index) continue;
      if (buffer.producer == stage.index) out.Line(buffer.Member() + ".EnQue(" + buffer.model->name + ");");
      if (buffer.consumer == stage.index) out.Line(buffer.Member() + ".FreeTensor(" + buffer.model->name + ");");
    }
  };
  std::map<std::string, int> copyNames;
  for (size_t i = 0; i < body.size(); ++i) {
    WriteStatement(out, body[i], stage, copyNames);
    releaseAfter(i);
  }
  releaseAfter(body.size());
  std::vector<std::string> events;
  for (const BufferPlan& buffer : buffers_) {
    // A bias row's reader orders itself, only when it reads (CubeLowering::MatmulLines).
    if (!touches(*buffer.model) || (stage.kind == StageKind::Compute && cube_.IsBiasRow(buffer.model->name))) continue;
    for (const StageKind other : buffer.touchedBy) {
      const std::string event = std::string(Pipe(stage.kind, stage.onCube)) + "_" + Pipe(other, stage.onCube);
      if (other != stage.kind && std::find(events.begin(), events.end(), event) == events.end()) events.push_back(event);
    }
  }
  for (const std::string& event : events) out.Line(names_.PipeSync(event));
  out.Close();
}

std::string KernelWriter::Source(const std::string& kernelName) {
  const std::string className = "Kernel" + program_.op.name;
  CodeWriter body;  // the class, written first so that the helpers it calls are known
  const std::string head = TemplateHead();
  if (!head.empty()) body.Line(head);
  body.Line("class " + className + " {");
  body.Line("public:");
  body.Indent();
  body.Line("__aicore__ inline " + className + "() {}");
  WriteInit(body);
  body.Line("");
  body.Open("__aicore__ inline void Process()");
  WriteZeroedOutputs(body);
  // A scalar bound more than once (in a loop or a branch) lives for the whole of Process.
  for (const KernelScalar& scalar : model_.kernelScalars) {
    if (bindings_[scalar.name] > 1) body.Line(ScalarType(scalar.name) + " " + scalar.name + " = 0;");
  }
  WriteBlock(body, program_.kernel);
  body.Close();
  body.Dedent();
  body.Line("");
  body.Line("private:");
  body.Indent();
  for (const StageModel& stage : model_.stages) WriteStage(body, stage);
  body.Line("");
  body.Line("TPipe pipe;");
  for (const BufferPlan& buffer : buffers_) {
    const std::string depth = std::to_string(buffer.model->depth);
    if (buffer.model->memory != Memory::UnifiedBuffer) {
      const std::string position = "QuePosition::" + cube_.Position(*buffer.model);
      body.Line(buffer.Queue() ? "TQue<" + position + ", " + depth + "> " + buffer.Member() + ";"
                               : "TBuf<" + position + "> " + buffer.Member() + ";");
      continue;
    }
    switch (buffer.role) {
      case StageRole::QueueIn: body.Line("TQue<QuePosition::VECIN, " + depth + "> " + buffer.Member() + ";"); break;
      case StageRole::QueueOut: body.Line("TQue<QuePosition::VECOUT, " + depth + "> " + buffer.Member() + ";"); break;
      case StageRole::QueueBind:
        body.Line("TQueBind<QuePosition::VECIN, QuePosition::VECOUT, " + depth + "> " + buffer.Member() + ";");
        break;
      case StageRole::Temp: body.Line("TBuf<QuePosition::VECCALC> " + buffer.Member() + ";"); break;
    }
  }
  if (model_.cube) {
    for (const std::string& line : cube_.MemberLines()) body.Line(line);
  }
  if (!model_.zeroedOutputs.empty()) body.Line("TBuf<QuePosition::VECCALC> zeroBuf;");
  bool scratch = false;
  for (const ComputeModel& compute : model_.computes) scratch = scratch || !computes_.ScratchBytes(compute).empty();
  if (scratch) body.Line("TBuf<QuePosition::VECCALC> scratchBuf;");
  for (const std::vector<TensorModel>* tensors : {&model_.inputs, &model_.outputs, &model_.workspaces}) {
    for (const TensorModel& tensor : *tensors)
      if (!tensor.ref) body.Line("GlobalTensor<" + KernelType(tensor.dtype) + "> " + tensor.name + "Gm;");
  }
  for (const std::vector<TensorModel>* tensors : {&model_.inputs, &model_.outputs}) {
    for (const TensorModel& tensor : *tensors) {
      if (tensor.list) body.Line("GM_ADDR " + names_.ListMember(tensor.name) + " = nullptr;  // the list's descriptor");
      if (tensor.list && names_.UsesListNumel()) body.Line("ListCursor " + names_.ListCursor(tensor.name) + ";");
    }
  }
  for (const TilingField& field : fields_) {
    if (!field.rationale.empty()) body.Line("// " + field.rationale);
    // An array stays in the tiling struct, which outlives Process().
    if (field.arrayLength > 0) {
      body.Line("const uint32_t* " + field.name + " = nullptr;");
      continue;
    }
    const std::string type = field.type == ScalarType::Float ? "float" : field.type == ScalarType::Bool ? "bool" : "int64_t";
    body.Line(type + " " + field.name + " = " + (field.type == ScalarType::Float ? "0.0f" : "0") + ";");
  }
  body.Dedent();
  body.Line("};");

  CodeWriter out;
  out.Line("// " + program_.op.name + " kernel, generated by akgen craft from its craft program.");
  out.Line("#include \"kernel_operator.h\"");
  out.Line("");
  out.Line("using namespace AscendC;");
  for (const std::string& helper : names_.HelperDefinitions()) {
    out.Line("");
    out.Line(helper);
  }
  out.Line("");
  std::string text = out.Text() + body.Text();

  CodeWriter entry;
  std::vector<std::string> gm;
  std::vector<std::string> parameters;
  for (const TensorModel& tensor : model_.inputs) gm.push_back(tensor.name);
  for (const std::string& name : gm) parameters.push_back("GM_ADDR " + name);
  for (const TensorModel& tensor : model_.outputs) {
    // the kernel receives an in-place output's address again, as `<name>_ref`, and uses its input's
    parameters.push_back("GM_ADDR " + tensor.name + (tensor.ref ? "_ref" : ""));
    if (!tensor.ref) gm.push_back(tensor.name);
  }
  parameters.push_back("GM_ADDR workspace");
  if (!model_.workspaces.empty()) gm.push_back("workspace");
  parameters.push_back("GM_ADDR tiling");
  // A tensor's variable is its DTYPE_<TENSOR> (an input's, else an output's); a variable no tensor
  // has follows from those (the checker made sure it does): a std::conditional_t over the combinations.
  std::map<std::string, std::string> inputType;
  for (const DtypeColumn& column : program_.op.dtypes) {
    for (const std::vector<TensorModel>* tensors : {&model_.inputs, &model_.outputs}) {
      const auto tensor = std::find_if(tensors->begin(), tensors->end(),
                                       [&](const TensorModel& t) { return t.dtype.written == column.variable; });
      if (tensor != tensors->end() && !inputType.count(column.variable))
        inputType[column.variable] = "DTYPE_" + Upper(tensor->name);
    }
  }
  std::vector<std::string> dtypes;
  for (const DtypeColumn& column : program_.op.dtypes) {
    if (inputType.count(column.variable)) {
      dtypes.push_back(inputType[column.variable]);
      continue;
    }
    std::string type = std::string(KernelSpelling(model_.combinations.back().at(column.variable)));
    for (size_t k = model_.combinations.size() - 1; k-- > 0;) {
      std::vector<std::string> terms;
      for (const auto& [variable, macro] : inputType) terms.push_back(IsSameCondition(macro, model_.combinations[k].at(variable)));
      if (terms.empty()) continue;
      type = "std::conditional_t<" + Join(terms, " && ") + ", " +
             std::string(KernelSpelling(model_.combinations[k].at(column.variable))) + ", " + type + ">";
    }
    dtypes.push_back(type);
  }
  entry.Line("");
  entry.Open("extern \"C\" __global__ __aicore__ void " + kernelName + "(" + Join(parameters, ", ") + ")");
  if (model_.mixed) {
    entry.Line("KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);");
  } else if (model_.cube) {
    entry.Line("KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);");
  }
  entry.Line("GET_TILING_DATA(tilingData, tiling);");
  entry.Line(className + (dtypes.empty() ? "" : "<" + Join(dtypes, ", ") + ">") + " op;");
  gm.push_back("tilingData");
  entry.Line("op.Init(" + Join(gm, ", ") + ");");
  entry.Line("op.Process();");
  entry.Close();
  return text + entry.Text();
}

}  // namespace

std::string KernelSource(const Program& program, const ProgramModel& model, const std::vector<TilingField>& fields,
                         const std::string& kernelName) {
  return KernelWriter(program, model, fields).Source(kernelName);
}

}  // namespace akgen::craft::lower
