// ops::OpDef and its parts: the op prototype an op_host file declares (inputs, outputs,
// attributes, inference and tiling functions, per-SoC AI Core configurations).
#pragma once
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <vector>

#include "graph/operator.h"
#include "graph/types.h"
#include "register/op_impl_registry.h"

namespace ops {

enum Option { IGNORE = 0, OPTIONAL = 1, REQUIRED = 2, DYNAMIC = 3, VIRTUAL = 4 };
enum class DependScope : uint32_t { ALL = 0, TILING = 1 };
enum class FollowType : uint32_t { ALL = 0, DTYPE = 1, FORMAT = 2, SHAPE = 3 };

class OpParamDef {
 public:
  explicit OpParamDef(const char* name) : name_(name) {}

  OpParamDef& ParamType(Option type) { paramType_ = type; return *this; }
  OpParamDef& DataType(std::vector<ge::DataType> types) { dataTypes_ = std::move(types); return *this; }
  // The *List forms give one entry that applies to every format/dtype combination.
  OpParamDef& DataTypeList(std::vector<ge::DataType> types) { dataTypes_ = std::move(types); return *this; }
  OpParamDef& Format(std::vector<ge::Format> formats) { formats_ = std::move(formats); return *this; }
  OpParamDef& FormatList(std::vector<ge::Format> formats) { formats_ = std::move(formats); return *this; }
  OpParamDef& UnknownShapeFormat(std::vector<ge::Format> formats) { unknownShapeFormats_ = std::move(formats); return *this; }
  OpParamDef& ValueDepend(Option option) { valueDepend_ = option; return *this; }
  OpParamDef& ValueDepend(Option option, DependScope) { valueDepend_ = option; return *this; }
  OpParamDef& Scalar() { scalar_ = true; return *this; }
  OpParamDef& ScalarList() { scalarList_ = true; return *this; }
  OpParamDef& AutoContiguous() { return *this; }
  OpParamDef& IgnoreContiguous() { return *this; }
  // An output whose shape only the kernel knows (NonZero, MaskedSelect): the kernel writes it.
  OpParamDef& OutputShapeDependOnCompute() { shapeDependsOnCompute_ = true; return *this; }
  OpParamDef& Follow(const char* name) { follow_ = name; return *this; }
  OpParamDef& Follow(const char* name, FollowType) { follow_ = name; return *this; }
  OpParamDef& To(ge::DataType) { return *this; }
  OpParamDef& To(const char*) { return *this; }
  OpParamDef& InitValue(uint64_t) { return *this; }
  OpParamDef& Version(uint32_t) { return *this; }
  OpParamDef& Comment(const char*) { return *this; }

  const std::string& Name() const { return name_; }
  Option GetParamType() const { return paramType_; }
  const std::vector<ge::DataType>& DataTypes() const { return dataTypes_; }
  const std::vector<ge::Format>& Formats() const { return formats_; }
  bool IsValueDepend() const { return valueDepend_ != IGNORE; }
  bool IsScalar() const { return scalar_; }
  bool IsScalarList() const { return scalarList_; }
  bool IsOutputShapeDependOnCompute() const { return shapeDependsOnCompute_; }
  const std::string& FollowName() const { return follow_; }

 private:
  std::string name_;
  Option paramType_ = REQUIRED;
  std::vector<ge::DataType> dataTypes_;
  std::vector<ge::Format> formats_;
  std::vector<ge::Format> unknownShapeFormats_;
  Option valueDepend_ = IGNORE;
  bool scalar_ = false;
  bool scalarList_ = false;
  bool shapeDependsOnCompute_ = false;
  std::string follow_;
};

enum class AttrKind : uint8_t { kUnset, kInt, kFloat, kBool, kString, kListInt, kListFloat, kListBool, kListListInt };

class OpAttrDef {
 public:
  explicit OpAttrDef(const char* name) : name_(name) {}

  OpAttrDef& AttrType(Option type) { attrType_ = type; return *this; }
  OpAttrDef& Int(int64_t value = 0) { kind_ = AttrKind::kInt; ints_ = {value}; return *this; }
  OpAttrDef& Float(float value = 0.0f) { kind_ = AttrKind::kFloat; floats_ = {value}; return *this; }
  OpAttrDef& Bool(bool value = false) { kind_ = AttrKind::kBool; ints_ = {value}; return *this; }
  OpAttrDef& String(const char* value = "") { kind_ = AttrKind::kString; string_ = value; return *this; }
  OpAttrDef& ListInt(std::vector<int64_t> value = {}) { kind_ = AttrKind::kListInt; ints_ = std::move(value); return *this; }
  OpAttrDef& ListFloat(std::vector<float> value = {}) { kind_ = AttrKind::kListFloat; floats_ = std::move(value); return *this; }
  OpAttrDef& ListBool(std::vector<bool> value = {}) {
    kind_ = AttrKind::kListBool;
    ints_.assign(value.begin(), value.end());
    return *this;
  }
  OpAttrDef& ListListInt(std::vector<std::vector<int64_t>> value = {}) {
    kind_ = AttrKind::kListListInt;
    listListInt_ = std::move(value);
    return *this;
  }
  OpAttrDef& Version(uint32_t) { return *this; }
  OpAttrDef& Comment(const char*) { return *this; }

  const std::string& Name() const { return name_; }
  Option GetAttrType() const { return attrType_; }
  AttrKind Kind() const { return kind_; }
  // The default value: ints also hold Bool and ListBool, floats Float and ListFloat.
  const std::vector<int64_t>& DefaultInts() const { return ints_; }
  const std::vector<float>& DefaultFloats() const { return floats_; }
  const std::string& DefaultString() const { return string_; }

 private:
  std::string name_;
  Option attrType_ = REQUIRED;
  AttrKind kind_ = AttrKind::kUnset;
  std::vector<int64_t> ints_;
  std::vector<float> floats_;
  std::string string_;
  std::vector<std::vector<int64_t>> listListInt_;
};

// Per-SoC overrides of the op's parameters and build flags (AICore().AddConfig(soc, config)).
class OpAICoreConfig {
 public:
  OpParamDef& Input(const char* name);
  OpParamDef& Output(const char* name);
  OpAICoreConfig& DynamicCompileStaticFlag(bool) { return *this; }
  OpAICoreConfig& DynamicFormatFlag(bool) { return *this; }
  OpAICoreConfig& DynamicRankSupportFlag(bool) { return *this; }
  OpAICoreConfig& DynamicShapeSupportFlag(bool) { return *this; }
  OpAICoreConfig& NeedCheckSupportFlag(bool) { return *this; }
  OpAICoreConfig& PrecisionReduceFlag(bool) { return *this; }
  OpAICoreConfig& ExtendCfgInfo(const char*, const char*) { return *this; }

  const std::deque<OpParamDef>& Inputs() const { return inputs_; }
  const std::deque<OpParamDef>& Outputs() const { return outputs_; }

 private:
  std::deque<OpParamDef> inputs_;
  std::deque<OpParamDef> outputs_;
};

using OP_CHECK_FUNC = ge::graphStatus (*)(const ge::Operator& op, ge::AscendString& result);

class OpAICoreDef {
 public:
  OpAICoreDef& SetTiling(gert::TilingKernelFunc function) { tiling_ = function; return *this; }
  OpAICoreDef& SetCheckSupport(OP_CHECK_FUNC) { return *this; }
  OpAICoreDef& SetOpSelectFormat(OP_CHECK_FUNC) { return *this; }
  OpAICoreDef& SetOpSupportInfo(OP_CHECK_FUNC) { return *this; }
  OpAICoreDef& SetParamGeneralize(OP_CHECK_FUNC) { return *this; }
  OpAICoreDef& AddConfig(const char* soc) { configs_[soc] = OpAICoreConfig(); return *this; }
  OpAICoreDef& AddConfig(const char* soc, OpAICoreConfig& config) { configs_[soc] = config; return *this; }

  gert::TilingKernelFunc Tiling() const { return tiling_; }
  const std::map<std::string, OpAICoreConfig>& Configs() const { return configs_; }

 private:
  gert::TilingKernelFunc tiling_ = nullptr;
  std::map<std::string, OpAICoreConfig> configs_;
};

class OpDef {
 public:
  explicit OpDef(const char* type) : opType_(type) {}
  virtual ~OpDef() = default;

  OpParamDef& Input(const char* name);
  OpParamDef& Output(const char* name);
  OpAttrDef& Attr(const char* name);
  OpDef& SetInferShape(gert::InferShapeKernelFunc function) { inferShape_ = function; return *this; }
  OpDef& SetInferDataType(gert::InferDataTypeKernelFunc function) { inferDataType_ = function; return *this; }
  template <class Function>
  OpDef& SetInferShapeRange(Function) { return *this; }
  OpDef& Comment(const char*) { return *this; }
  OpAICoreDef& AICore() { return aicore_; }

  const std::string& GetOpType() const { return opType_; }
  const std::deque<OpParamDef>& Inputs() const { return inputs_; }
  const std::deque<OpParamDef>& Outputs() const { return outputs_; }
  const std::deque<OpAttrDef>& Attrs() const { return attrs_; }
  const OpAICoreDef& AICoreDef() const { return aicore_; }
  gert::InferShapeKernelFunc InferShapeFunction() const { return inferShape_; }
  gert::InferDataTypeKernelFunc InferDataTypeFunction() const { return inferDataType_; }

 private:
  std::string opType_;
  std::deque<OpParamDef> inputs_;
  std::deque<OpParamDef> outputs_;
  std::deque<OpAttrDef> attrs_;
  OpAICoreDef aicore_;
  gert::InferShapeKernelFunc inferShape_ = nullptr;
  gert::InferDataTypeKernelFunc inferDataType_ = nullptr;
};

}  // namespace ops
