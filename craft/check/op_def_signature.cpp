#include "craft/check/op_def_signature.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

namespace akgen::craft {
namespace {

const std::map<std::string, std::string>& DtypeNames() {
  static const std::map<std::string, std::string> names = {
      {"DT_FLOAT16", "f16"}, {"DT_BF16", "bf16"}, {"DT_FLOAT", "f32"},  {"DT_INT8", "i8"},   {"DT_INT16", "i16"},
      {"DT_INT32", "i32"},   {"DT_INT64", "i64"}, {"DT_UINT8", "u8"},   {"DT_BOOL", "bool"},
      {"DT_COMPLEX64", "c64"}};
  return names;
}

// The chained calls of one declaration: from `this->Input("x")` to its `;`.
std::vector<std::string> DtypesOf(const std::string& chain) {
  std::vector<std::string> dtypes;
  std::smatch list;
  if (!std::regex_search(chain, list, std::regex(R"(DataType\s*\(\s*\{([^}]*)\})"))) return dtypes;
  const std::string body = list[1];
  const std::regex item(R"(ge::(DT_[A-Z0-9_]+))");
  for (auto it = std::sregex_iterator(body.begin(), body.end(), item); it != std::sregex_iterator(); ++it) {
    const std::string ge = (*it)[1];
    const auto known = DtypeNames().find(ge);
    dtypes.push_back(known == DtypeNames().end() ? ge : known->second);
  }
  return dtypes;
}

std::string KindOfHeaderAttr(AttrKind kind) {
  switch (kind) {
    case AttrKind::Int: return "Int";
    case AttrKind::Float: return "Float";
    case AttrKind::Bool: return "Bool";
    case AttrKind::String: return "String";
    case AttrKind::ListInt: return "ListInt";
    case AttrKind::ListFloat: return "ListFloat";
  }
  return "Float";
}

std::string CraftSpelling(const std::string& kind) {
  static const std::map<std::string, std::string> spelling = {
      {"Int", "int"}, {"Float", "float"}, {"Bool", "bool"}, {"String", "str"}, {"ListInt", "list int"}, {"ListFloat", "list float"}};
  const auto found = spelling.find(kind);
  return found == spelling.end() ? kind : found->second;
}

class SignatureCheck {
 public:
  SignatureCheck(const OpHeader& op, const ProgramModel& model, const OpDefSignature& task, std::string fileName,
                 std::string templatePath)
      : op_(op), model_(model), task_(task), fileName_(std::move(fileName)), templatePath_(std::move(templatePath)) {}

  std::vector<Diagnostic> Run() {
    Tensors("input", model_.inputs, task_.inputs);
    Attrs();
    Tensors("output", model_.outputs, task_.outputs);
    Dtypes();
    return diagnostics_;
  }

 private:
  void Report(SourcePosition at, Severity severity, std::string message, std::string hint) {
    diagnostics_.push_back(Diagnostic{fileName_, at.line, at.column, severity, "signature", std::move(message), std::move(hint)});
  }

  std::string Declaration(const OpDefTensor& tensor, const std::string& what) const {
    std::string type = tensor.dtypes.empty() ? "T" : tensor.dtypes.front();
    return what + " " + tensor.name + ": " + (tensor.list ? "list " : "") + type + (tensor.optional ? " optional" : "");
  }

  void Tensors(const std::string& what, const std::vector<TensorModel>& mine, const std::vector<OpDefTensor>& theirs) {
    if (mine.size() != theirs.size()) {
      std::string names;
      for (const OpDefTensor& tensor : theirs) names += (names.empty() ? "" : ", ") + tensor.name;
      Report(op_.at, Severity::Error,
             "the task's OpDef (" + templatePath_ + ") has " + std::to_string(theirs.size()) + " " + what + "s (" +
                 (names.empty() ? "none" : names) + "), the op declares " + std::to_string(mine.size()),
             "declare the " + what + "s the task passes, in its order" +
                 (theirs.empty() ? std::string() : ": `" + Declaration(theirs.front(), what) + "` first"));
      return;
    }
    for (size_t i = 0; i < mine.size(); ++i) {
      if (mine[i].list != theirs[i].list) {
        Report(mine[i].at, Severity::Error,
               what + " " + std::to_string(i + 1) + " `" + mine[i].name + "` is " + (mine[i].list ? "" : "not ") +
                   "a tensor list, but the task's `" + theirs[i].name + "` is " + (theirs[i].list ? "" : "not ") +
                   "(ParamType " + (theirs[i].list ? "DYNAMIC" : "REQUIRED") + ")",
               "declare it `" + Declaration(theirs[i], what) + "`");
      }
      if (theirs[i].optional && !mine[i].optional && what == "input") {
        Report(mine[i].at, Severity::Warning,
               "the task's `" + theirs[i].name + "` is OPTIONAL; a call without it cannot reach this op",
               "declare it `" + Declaration(theirs[i], what) + "` if the task's cases leave it out");
      }
      if (mine[i].name != theirs[i].name) {
        Report(mine[i].at, Severity::Warning,
               what + " " + std::to_string(i + 1) + " is `" + theirs[i].name + "` in the task, `" + mine[i].name + "` here",
               "tensors are passed by position, so this runs; the task's name reads better where it is a legal one");
      }
      // A dtype craft lacks fails the task's cases in it: the whole task when the tensor comes in no
      // other, else only those cases (an OpDef often lists dtypes no case uses).
      const bool someKnown = std::any_of(theirs[i].dtypes.begin(), theirs[i].dtypes.end(),
                                         [](const std::string& dtype) { return ParseDtype(dtype).has_value(); });
      for (const std::string& dtype : theirs[i].dtypes) {
        if (ParseDtype(dtype)) continue;
        if (someKnown) {
          Report(mine[i].at, Severity::Warning,
                 "the task's OpDef also accepts `" + theirs[i].name + "` as " + dtype + ", which craft has no dtype for",
                 "a case in that dtype fails; the program covers the task's other dtypes");
        } else {
          Report(mine[i].at, Severity::Error,
                 "the task passes `" + theirs[i].name + "` as " + dtype + ", which craft has no dtype for",
                 "craft declares f16 bf16 f32 i8 i16 i32 i64 u8 bool; this task needs a hand-written kernel");
        }
        break;
      }
    }
  }

  void Attrs() {
    const std::vector<AttrDecl>& mine = op_.attrs;
    const std::vector<OpDefAttr>& theirs = task_.attrs;
    for (size_t i = 0; i < std::max(mine.size(), theirs.size()); ++i) {
      if (i >= mine.size()) {
        Report(op_.at, Severity::Error,
               "the task's OpDef passes the attribute `" + theirs[i].name + "` (" + CraftSpelling(theirs[i].kind) +
                   "), which the op does not declare",
               "declare `attr " + theirs[i].name + ": " + CraftSpelling(theirs[i].kind) + "` after the inputs, in the task's order");
        return;
      }
      if (i >= theirs.size()) {
        Report(mine[i].at, Severity::Error, "the task passes no attribute `" + mine[i].name + "`",
               "drop it, or compute the value in the host");
        return;
      }
      const std::string kind = KindOfHeaderAttr(mine[i].kind);
      if (kind != theirs[i].kind) {
        Report(mine[i].at, Severity::Error,
               "attribute " + std::to_string(i + 1) + " `" + mine[i].name + "` is " + CraftSpelling(kind) +
                   ", but the task passes `" + theirs[i].name + "` as " + CraftSpelling(theirs[i].kind),
               "declare `attr " + theirs[i].name + ": " + CraftSpelling(theirs[i].kind) + "`");
      } else if (mine[i].name != theirs[i].name) {
        Report(mine[i].at, Severity::Warning,
               "attribute " + std::to_string(i + 1) + " is `" + theirs[i].name + "` in the task, `" + mine[i].name + "` here",
               "attributes are passed by position, so this runs; the task's name reads better where it is a legal one");
      }
    }
  }

  // The dtype columns: the task's (every input and output's k-th DataType) against the program's combinations.
  void Dtypes() {
    if (model_.inputs.size() != task_.inputs.size() || model_.outputs.size() != task_.outputs.size()) return;
    std::vector<const OpDefTensor*> theirs;
    std::vector<const TensorModel*> mine;
    for (size_t i = 0; i < task_.inputs.size(); ++i) theirs.push_back(&task_.inputs[i]), mine.push_back(&model_.inputs[i]);
    for (size_t i = 0; i < task_.outputs.size(); ++i) theirs.push_back(&task_.outputs[i]), mine.push_back(&model_.outputs[i]);
    std::set<std::vector<std::string>> taskColumns;
    size_t columns = 0;
    for (const OpDefTensor* tensor : theirs) columns = std::max(columns, tensor->dtypes.size());
    for (size_t k = 0; k < columns; ++k) {
      std::vector<std::string> column;
      for (const OpDefTensor* tensor : theirs) column.push_back(tensor->dtypes.empty() ? "" : tensor->dtypes[std::min(k, tensor->dtypes.size() - 1)]);
      taskColumns.insert(column);
    }
    std::set<std::vector<std::string>> ownColumns;
    for (size_t k = 0; k < model_.combinations.size(); ++k) {
      std::vector<std::string> column;
      for (const TensorModel* tensor : mine) column.emplace_back(DtypeName(tensor->dtype.perCombination[k]));
      ownColumns.insert(column);
    }
    for (const std::vector<std::string>& column : taskColumns) {
      if (ownColumns.count(column) || std::any_of(column.begin(), column.end(), [](const std::string& d) { return d.empty() || !ParseDtype(d); }))
        continue;
      std::string text;
      for (size_t i = 0; i < column.size(); ++i) text += (text.empty() ? "" : ", ") + theirs[i]->name + " " + column[i];
      Report(op_.at, Severity::Warning, "the task's OpDef accepts (" + text + "), a combination the op does not declare",
             "a case in those dtypes fails; add the column to the `dtypes` lines if the task's cases use it");
    }
  }

  const OpHeader& op_;
  const ProgramModel& model_;
  const OpDefSignature& task_;
  std::string fileName_;
  std::string templatePath_;
  std::vector<Diagnostic> diagnostics_;
};

}  // namespace

std::optional<OpDefSignature> ParseOpDef(const std::string& text) {
  OpDefSignature signature;
  const std::regex declaration(R"(this->(Input|Output|Attr)\s*\(\s*\"([^\"]+)\"\s*\)([^;]*);)");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), declaration); it != std::sregex_iterator(); ++it) {
    const std::string what = (*it)[1];
    const std::string name = (*it)[2];
    const std::string chain = (*it)[3];
    if (what == "Attr") {
      std::smatch kind;
      if (std::regex_search(chain, kind, std::regex(R"(\.(Int|Float|Bool|String|ListInt|ListFloat|ListBool|ListListInt)\s*\()")))
        signature.attrs.push_back({name, kind[1]});
      continue;
    }
    OpDefTensor tensor{name, chain.find("DYNAMIC") != std::string::npos, chain.find("OPTIONAL") != std::string::npos,
                       DtypesOf(chain)};
    (what == "Input" ? signature.inputs : signature.outputs).push_back(std::move(tensor));
  }
  if (signature.inputs.empty() && signature.outputs.empty()) return std::nullopt;
  return signature;
}

std::optional<TaskSignature> ReadTaskSignature(const std::filesystem::path& hostTemplate) {
  std::ifstream stream(hostTemplate, std::ios::binary);
  if (!stream) return std::nullopt;
  std::ostringstream text;
  text << stream.rdbuf();
  std::optional<OpDefSignature> opDef = ParseOpDef(text.str());
  if (!opDef) return std::nullopt;
  return TaskSignature{std::move(*opDef), hostTemplate.string()};
}

std::vector<Diagnostic> CheckSignature(const OpHeader& op, const ProgramModel& model, const OpDefSignature& task,
                                       const std::string& fileName, const std::string& templatePath) {
  return SignatureCheck(op, model, task, fileName, templatePath).Run();
}

}  // namespace akgen::craft
