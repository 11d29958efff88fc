#include "craft/check/program_model.h"

namespace akgen::craft {
namespace {

template <typename Item>
const Item* FindNamed(const std::vector<Item>& items, const std::string& name) {
  for (const Item& item : items)
    if (item.name == name) return &item;
  return nullptr;
}

template <typename Item>
const Item* FindByStatement(const std::vector<Item>& items, const Statement* statement) {
  for (const Item& item : items)
    if (item.statement == statement) return &item;
  return nullptr;
}

}  // namespace

ValueKind ElementKind(Dtype dtype) {
  if (dtype == Dtype::F16 || dtype == Dtype::BF16 || dtype == Dtype::F32 || dtype == Dtype::C64) return ValueKind::Float;  // c64: one of its f32 halves
  return dtype == Dtype::Bool ? ValueKind::Bool : ValueKind::Int;
}

ValueKind ElementKind(const ResolvedDtype& dtype) {
  bool anyFloat = false;
  bool allBool = true;
  for (const Dtype each : dtype.perCombination) {
    anyFloat = anyFloat || ElementKind(each) == ValueKind::Float;
    allBool = allBool && each == Dtype::Bool;
  }
  return anyFloat ? ValueKind::Float : allBool ? ValueKind::Bool : ValueKind::Int;
}

const BufferModel* ProgramModel::FindBuffer(const std::string& name) const { return FindNamed(buffers, name); }
const HostValue* ProgramModel::FindHostValue(const std::string& name) const { return FindNamed(hostValues, name); }
const TensorModel* ProgramModel::FindTensor(const std::string& name) const {
  for (const std::vector<TensorModel>* tensors : {&inputs, &outputs, &workspaces})
    if (const TensorModel* tensor = FindNamed(*tensors, name)) return tensor;
  return nullptr;
}
const ComputeModel* ProgramModel::ComputeOf(const Statement* statement) const {
  return FindByStatement(computes, statement);
}
const StageModel* ProgramModel::StageOf(const Statement* statement) const { return FindByStatement(stages, statement); }

}  // namespace akgen::craft
