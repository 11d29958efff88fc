// Registries behind OP_ADD, IMPL_OP_OPTILING and REGISTER_TILING_DATA_CLASS, and the OpDef
// members that look parameters up by name.
#include <map>
#include <memory>
#include <string>

#include "ascendc_sim/host/op_runtime.h"
#include "registries.h"
#include "register/op_def_registry.h"

namespace ascendc_sim::host {
namespace {

struct OpDefEntry {
  ops::OpDefCreator creator = nullptr;
  std::unique_ptr<ops::OpDef> instance;
};

// Function-local statics: registration runs during static initialisation of other files.
std::map<std::string, OpDefEntry>& OpDefs() {
  static std::map<std::string, OpDefEntry> entries;
  return entries;
}

std::map<std::string, gert::OpImplFunctions>& OpImpls() {
  static std::map<std::string, gert::OpImplFunctions> entries;
  return entries;
}

std::vector<std::pair<std::string, TilingLayoutFunction>>& MutableTilingDataClasses() {
  static std::vector<std::pair<std::string, TilingLayoutFunction>> classes;
  return classes;
}

template <class Param>
Param& FindOrAdd(std::deque<Param>& params, const char* name) {
  for (Param& param : params) {
    if (param.Name() == name) return param;
  }
  return params.emplace_back(name);
}

}  // namespace

const ops::OpDef* FindOpDef(const std::string& opType) {
  auto found = OpDefs().find(opType);
  if (found == OpDefs().end()) return nullptr;
  if (!found->second.instance) found->second.instance = found->second.creator(opType.c_str());
  return found->second.instance.get();
}

std::vector<std::string> OpDefNames() {
  std::vector<std::string> names;
  for (const auto& [name, entry] : OpDefs()) names.push_back(name);
  return names;
}

bool RegisterTilingDataClass(const char* opType, TilingLayoutFunction layout) {
  MutableTilingDataClasses().emplace_back(opType, layout);
  return true;
}

const std::vector<std::pair<std::string, TilingLayoutFunction>>& TilingDataClasses() {
  return MutableTilingDataClasses();
}

std::optional<TilingClassLayout> TilingLayoutFor(const std::string& opType, uint64_t tilingKey) {
  for (const std::string& name : {opType + "_" + std::to_string(tilingKey), opType})
    for (const auto& [registeredOp, layoutOf] : TilingDataClasses())
      if (registeredOp == name) return layoutOf();
  return std::nullopt;
}

}  // namespace ascendc_sim::host

namespace ops {

bool RegisterOpDef(const char* opType, OpDefCreator creator) {
  ascendc_sim::host::OpDefs()[opType].creator = creator;
  return true;
}

OpParamDef& OpDef::Input(const char* name) { return ascendc_sim::host::FindOrAdd(inputs_, name); }
OpParamDef& OpDef::Output(const char* name) { return ascendc_sim::host::FindOrAdd(outputs_, name); }
OpAttrDef& OpDef::Attr(const char* name) { return ascendc_sim::host::FindOrAdd(attrs_, name); }
OpParamDef& OpAICoreConfig::Input(const char* name) { return ascendc_sim::host::FindOrAdd(inputs_, name); }
OpParamDef& OpAICoreConfig::Output(const char* name) { return ascendc_sim::host::FindOrAdd(outputs_, name); }

}  // namespace ops

namespace gert {

const OpImplFunctions* FindOpImpl(const char* opType) {
  auto found = ascendc_sim::host::OpImpls().find(opType);
  return found == ascendc_sim::host::OpImpls().end() ? nullptr : &found->second;
}

OpImplRegisterV2::OpImplRegisterV2(const char* opType) : opType_(opType) { Functions(); }

OpImplFunctions& OpImplRegisterV2::Functions() { return ascendc_sim::host::OpImpls()[opType_]; }

OpImplRegisterV2& OpImplRegisterV2::Tiling(TilingKernelFunc function, size_t maxTilingDataSize) {
  Functions().tiling = function;
  Functions().maxTilingDataSize = maxTilingDataSize;
  return *this;
}

OpImplRegisterV2& OpImplRegisterV2::SetTilingParse(TilingParseFunc function, CompileInfoFactory factory) {
  Functions().tilingParse = function;
  Functions().compileInfo = factory;
  return *this;
}

OpImplRegisterV2& OpImplRegisterV2::InferShape(InferShapeKernelFunc function) {
  Functions().inferShape = function;
  return *this;
}

OpImplRegisterV2& OpImplRegisterV2::InferDataType(InferDataTypeKernelFunc function) {
  Functions().inferDataType = function;
  return *this;
}

}  // namespace gert
