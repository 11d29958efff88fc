// gert::ExtendedKernelContext: what every op-level context (tiling, infer shape, infer dtype)
// shows of one compute node: its name and type, input/output descriptions and attributes.
// Inputs are instances in order; an optional input that is absent has no instance, a dynamic one
// has several, so "IR index" (OpDef declaration order) and "instance index" differ.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "exe_graph/runtime/runtime_attrs.h"
#include "exe_graph/runtime/tensor.h"

namespace gert {

// The instances of one side (inputs or outputs) and where each IR parameter's instances start.
struct NodeIoData {
  std::vector<Tensor> tensors;
  std::vector<CompileTimeTensorDesc> descs;
  std::vector<size_t> irStart;
  std::vector<size_t> irCount;
};

// What a context views; owned by the host runtime that runs the op's functions.
struct ComputeNodeData {
  std::string nodeName;
  std::string opType;
  NodeIoData inputs;
  NodeIoData outputs;
  RuntimeAttrs attrs;
};

class ExtendedKernelContext {
 public:
  explicit ExtendedKernelContext(ComputeNodeData& node) : node_(&node) {}

  const char* GetNodeName() const { return node_->nodeName.c_str(); }
  const char* GetNodeType() const { return node_->opType.c_str(); }
  const char* GetOpType() const { return node_->opType.c_str(); }
  size_t GetComputeNodeInputNum() const { return node_->inputs.tensors.size(); }
  size_t GetComputeNodeOutputNum() const { return node_->outputs.tensors.size(); }
  const RuntimeAttrs* GetAttrs() const { return &node_->attrs; }

  const CompileTimeTensorDesc* GetInputDesc(size_t index) const { return At(node_->inputs.descs, index); }
  const CompileTimeTensorDesc* GetOutputDesc(size_t index) const { return At(node_->outputs.descs, index); }
  const CompileTimeTensorDesc* GetOptionalInputDesc(size_t irIndex) const {
    return At(node_->inputs.descs, InstanceIndex(node_->inputs, irIndex, 0));
  }
  const CompileTimeTensorDesc* GetDynamicInputDesc(size_t irIndex, size_t relativeIndex) const {
    return At(node_->inputs.descs, InstanceIndex(node_->inputs, irIndex, relativeIndex));
  }

 protected:
  template <class T>
  static T* At(std::vector<T>& items, size_t index) {
    return index < items.size() ? &items[index] : nullptr;
  }
  // The instance index of the relativeIndex-th instance of IR parameter irIndex, or SIZE_MAX.
  static size_t InstanceIndex(const NodeIoData& io, size_t irIndex, size_t relativeIndex) {
    if (irIndex >= io.irStart.size() || relativeIndex >= io.irCount[irIndex]) return SIZE_MAX;
    return io.irStart[irIndex] + relativeIndex;
  }
  Tensor* InputTensor(size_t index) const { return At(node_->inputs.tensors, index); }
  Tensor* OutputTensor(size_t index) const { return At(node_->outputs.tensors, index); }
  Tensor* IrInputTensor(size_t irIndex, size_t relativeIndex) const {
    return InputTensor(InstanceIndex(node_->inputs, irIndex, relativeIndex));
  }

  ComputeNodeData* node_;
};

}  // namespace gert
