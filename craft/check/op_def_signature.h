// The op a task's host template declares (NPUKernelBench's question/op_host/<kernel>.cpp: its
// OpDef's Input, Output and Attr calls), and how a program's op header fits it (`akgen craft check
// --task`, and every DSL sample built for a task): aclnn passes inputs, attributes and outputs by
// position, so their order, kinds and dtypes must match; a differing name only reads worse.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "craft/check/program_model.h"
#include "craft/craft.h"

namespace akgen::craft {

struct OpDefTensor {
  std::string name;
  bool list = false;      // ParamType(DYNAMIC)
  bool optional = false;  // ParamType(OPTIONAL)
  std::vector<std::string> dtypes;  // one per column: a craft dtype name, or the ge name craft has none for
};

struct OpDefAttr {
  std::string name;
  std::string kind;  // the OpAttrDef setter: Int, Float, Bool, String, ListInt, ListFloat, ListBool, ListListInt
};

struct OpDefSignature {
  std::vector<OpDefTensor> inputs;
  std::vector<OpDefTensor> outputs;
  std::vector<OpDefAttr> attrs;
};

// nullopt when the text declares no Input or Output.
std::optional<OpDefSignature> ParseOpDef(const std::string& text);

// A task's host template, read: what Check and Compile (craft.h) hold a program's op header to.
struct TaskSignature {
  OpDefSignature opDef;
  std::string templatePath;
};

// nullopt when the file cannot be read or declares no op.
std::optional<TaskSignature> ReadTaskSignature(const std::filesystem::path& hostTemplate);

// Errors where the op header cannot receive what the task passes; warnings for names and dtype
// columns only one side has. `templatePath` names the task's file in the messages.
std::vector<Diagnostic> CheckSignature(const OpHeader& op, const ProgramModel& model, const OpDefSignature& task,
                                       const std::string& fileName, const std::string& templatePath);

}  // namespace akgen::craft
