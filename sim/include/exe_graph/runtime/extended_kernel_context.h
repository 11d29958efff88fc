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

// Where the instances of one IR parameter start and how many there are (0 for an absent
// optional input, the list length for a dynamic one).
class AnchorInstanceInfo {
 public:
  AnchorInstanceInfo(size_t start, size_t count) : start_(start), count_(count) {}
  size_t GetInstanceStart() const { return start_; }
  size_t GetInstanceNum() const { return count_; }

 private:
  size_t start_;
  size_t count_;
};

// The instances of one side (inputs or outputs) and each IR parameter's anchor.
struct NodeIoData {
  std::vector<Tensor> tensors;
  std::vector<CompileTimeTensorDesc> descs;
  std::vector<AnchorInstanceInfo> anchors;
};

// The compute node a context views, owned by the host runtime that runs the op's functions.
// Tiling code reaches it through GetComputeNodeInfo() (dynamic-input counts, for example).
struct ComputeNodeInfo {
  std::string nodeName;
  std::string opType;
  NodeIoData inputs;
  NodeIoData outputs;
  RuntimeAttrs attrs;

  const char* GetNodeName() const { return nodeName.c_str(); }
  const char* GetNodeType() const { return opType.c_str(); }
  size_t GetIrInputsNum() const { return inputs.anchors.size(); }
  size_t GetIrOutputsNum() const { return outputs.anchors.size(); }
  size_t GetInputsNum() const { return inputs.tensors.size(); }
  size_t GetOutputsNum() const { return outputs.tensors.size(); }
  const AnchorInstanceInfo* GetInputInstanceInfo(size_t irIndex) const { return AnchorOf(inputs, irIndex); }
  const AnchorInstanceInfo* GetOutputInstanceInfo(size_t irIndex) const { return AnchorOf(outputs, irIndex); }
  const CompileTimeTensorDesc* GetInputTdInfo(size_t index) const {
    return index < inputs.descs.size() ? &inputs.descs[index] : nullptr;
  }
  const CompileTimeTensorDesc* GetOutputTdInfo(size_t index) const {
    return index < outputs.descs.size() ? &outputs.descs[index] : nullptr;
  }
  const RuntimeAttrs* GetAttrs() const { return &attrs; }

 private:
  static const AnchorInstanceInfo* AnchorOf(const NodeIoData& io, size_t irIndex) {
    return irIndex < io.anchors.size() ? &io.anchors[irIndex] : nullptr;
  }
};

class ExtendedKernelContext {
 public:
  explicit ExtendedKernelContext(ComputeNodeInfo& node) : node_(&node) {}

  const char* GetNodeName() const { return node_->nodeName.c_str(); }
  const char* GetNodeType() const { return node_->opType.c_str(); }
  const char* GetOpType() const { return node_->opType.c_str(); }
  size_t GetComputeNodeInputNum() const { return node_->inputs.tensors.size(); }
  size_t GetComputeNodeOutputNum() const { return node_->outputs.tensors.size(); }
  const RuntimeAttrs* GetAttrs() const { return &node_->attrs; }
  const ComputeNodeInfo* GetComputeNodeInfo() const { return node_; }

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
    if (irIndex >= io.anchors.size() || relativeIndex >= io.anchors[irIndex].GetInstanceNum()) return SIZE_MAX;
    return io.anchors[irIndex].GetInstanceStart() + relativeIndex;
  }
  Tensor* InputTensor(size_t index) const { return At(node_->inputs.tensors, index); }
  Tensor* OutputTensor(size_t index) const { return At(node_->outputs.tensors, index); }
  Tensor* IrInputTensor(size_t irIndex, size_t relativeIndex) const {
    return InputTensor(InstanceIndex(node_->inputs, irIndex, relativeIndex));
  }

  ComputeNodeInfo* node_;
};

}  // namespace gert
