// gert::InferShapeContext and InferDataTypeContext: arguments of an op's shape and dtype
// inference functions.
#pragma once
#include <cstddef>

#include "exe_graph/runtime/extended_kernel_context.h"

namespace gert {

class InferShapeContext : public ExtendedKernelContext {
 public:
  using ExtendedKernelContext::ExtendedKernelContext;
  const Shape* GetInputShape(size_t index) const { return OriginOf(InputTensor(index)); }
  const Shape* GetOptionalInputShape(size_t irIndex) const { return OriginOf(IrInputTensor(irIndex, 0)); }
  const Shape* GetDynamicInputShape(size_t irIndex, size_t relativeIndex) const {
    return OriginOf(IrInputTensor(irIndex, relativeIndex));
  }
  const Shape* GetRequiredInputShape(size_t irIndex) const { return GetOptionalInputShape(irIndex); }
  const Tensor* GetInputTensor(size_t index) const { return InputTensor(index); }
  const Tensor* GetOptionalInputTensor(size_t irIndex) const { return IrInputTensor(irIndex, 0); }
  Shape* GetOutputShape(size_t index) const {
    Tensor* tensor = OutputTensor(index);
    return tensor ? &tensor->MutableOriginShape() : nullptr;
  }

 private:
  static const Shape* OriginOf(const Tensor* tensor) { return tensor ? &tensor->GetOriginShape() : nullptr; }
};

class InferDataTypeContext : public ExtendedKernelContext {
 public:
  using ExtendedKernelContext::ExtendedKernelContext;
  ge::DataType GetInputDataType(size_t index) const { return TypeOf(InputTensor(index)); }
  ge::DataType GetOptionalInputDataType(size_t irIndex) const { return TypeOf(IrInputTensor(irIndex, 0)); }
  ge::DataType GetDynamicInputDataType(size_t irIndex, size_t relativeIndex) const {
    return TypeOf(IrInputTensor(irIndex, relativeIndex));
  }
  ge::DataType GetRequiredInputDataType(size_t irIndex) const { return GetOptionalInputDataType(irIndex); }
  ge::DataType GetOutputDataType(size_t index) const { return TypeOf(OutputTensor(index)); }
  ge::graphStatus SetOutputDataType(size_t index, ge::DataType dataType) const {
    Tensor* tensor = OutputTensor(index);
    if (tensor == nullptr) return ge::GRAPH_FAILED;
    tensor->SetDataType(dataType);
    return ge::GRAPH_SUCCESS;
  }

 private:
  static ge::DataType TypeOf(const Tensor* tensor) { return tensor ? tensor->GetDataType() : ge::DT_UNDEFINED; }
};

}  // namespace gert
