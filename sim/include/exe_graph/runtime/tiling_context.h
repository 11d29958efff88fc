// gert::TilingContext: the argument of an op's tiling function. It shows the node (shapes,
// dtypes, attributes, platform) and collects the results: block dim, tiling key, tiling bytes,
// workspace sizes and schedule mode.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "exe_graph/runtime/extended_kernel_context.h"
#include "exe_graph/runtime/tiling_data.h"
#include "platform/platform_info.h"

namespace gert {

class TilingContext : public ExtendedKernelContext {
 public:
  TilingContext(ComputeNodeInfo& node, fe::PlatFormInfos* platform, const void* compileInfo, void* tilingBuffer,
                size_t tilingCapacity)
      : ExtendedKernelContext(node), platform_(platform), compileInfo_(compileInfo), raw_(tilingBuffer, tilingCapacity) {}

  const StorageShape* GetInputShape(size_t index) const { return ShapeOf(InputTensor(index)); }
  const StorageShape* GetOutputShape(size_t index) const { return ShapeOf(OutputTensor(index)); }
  const StorageShape* GetOptionalInputShape(size_t irIndex) const { return ShapeOf(IrInputTensor(irIndex, 0)); }
  const StorageShape* GetDynamicInputShape(size_t irIndex, size_t relativeIndex) const {
    return ShapeOf(IrInputTensor(irIndex, relativeIndex));
  }
  const Tensor* GetInputTensor(size_t index) const { return InputTensor(index); }
  const Tensor* GetOptionalInputTensor(size_t irIndex) const { return IrInputTensor(irIndex, 0); }
  const Tensor* GetDynamicInputTensor(size_t irIndex, size_t relativeIndex) const {
    return IrInputTensor(irIndex, relativeIndex);
  }

  fe::PlatFormInfos* GetPlatformInfo() const { return platform_; }
  const void* GetCompileInfo() const { return compileInfo_; }
  template <class T>
  const T* GetCompileInfo() const { return static_cast<const T*>(compileInfo_); }
  template <class T>
  const T* GetCompiledInfo() const { return static_cast<const T*>(compileInfo_); }

  ge::graphStatus SetBlockDim(uint32_t blockDim) { blockDim_ = blockDim; return ge::GRAPH_SUCCESS; }
  uint32_t GetBlockDim() const { return blockDim_; }
  ge::graphStatus SetTilingKey(uint64_t key) { tilingKey_ = key; return ge::GRAPH_SUCCESS; }
  uint64_t GetTilingKey() const { return tilingKey_; }
  ge::graphStatus SetScheduleMode(uint32_t mode) { scheduleMode_ = mode; return ge::GRAPH_SUCCESS; }
  uint32_t GetScheduleMode() const { return scheduleMode_; }
  ge::graphStatus SetNeedAtomic(bool needAtomic) { needAtomic_ = needAtomic; return ge::GRAPH_SUCCESS; }
  bool NeedAtomic() const { return needAtomic_; }
  int32_t GetDeterministic() const { return 0; }

  TilingData* GetRawTilingData() { return &raw_; }
  const TilingData* GetRawTilingData() const { return &raw_; }
  // Standard-struct tiling: the struct lives at the start of the raw buffer.
  template <class T>
  T* GetTilingData() {
    if (sizeof(T) > raw_.GetCapacity()) return nullptr;
    raw_.SetDataSize(sizeof(T));
    return static_cast<T*>(raw_.GetData());
  }

  // CANN returns the slots for `count` workspaces; the op writes their sizes.
  size_t* GetWorkspaceSizes(size_t count) {
    if (workspaceSizes_.size() < count) workspaceSizes_.resize(count, 0);
    return workspaceSizes_.data();
  }
  size_t GetWorkspaceNum() const { return workspaceSizes_.size(); }
  const std::vector<size_t>& WorkspaceSizes() const { return workspaceSizes_; }

 private:
  static const StorageShape* ShapeOf(const Tensor* tensor) { return tensor ? &tensor->GetShape() : nullptr; }

  fe::PlatFormInfos* platform_;
  const void* compileInfo_;
  TilingData raw_;
  std::vector<size_t> workspaceSizes_;
  uint32_t blockDim_ = 0;
  uint64_t tilingKey_ = 0;
  uint32_t scheduleMode_ = 0;
  bool needAtomic_ = false;
};

// The argument of a TilingParse function: fills the op's compile info once per op.
class TilingParseContext : public ExtendedKernelContext {
 public:
  TilingParseContext(ComputeNodeInfo& node, fe::PlatFormInfos* platform, void* compileInfo)
      : ExtendedKernelContext(node), platform_(platform), compileInfo_(compileInfo) {}
  fe::PlatFormInfos* GetPlatformInfo() const { return platform_; }
  template <class T>
  T* GetCompiledInfo() const { return static_cast<T*>(compileInfo_); }
  const char* GetCompiledJson() const { return "{}"; }

 private:
  fe::PlatFormInfos* platform_;
  void* compileInfo_;
};

}  // namespace gert
