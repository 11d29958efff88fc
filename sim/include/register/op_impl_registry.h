// gert::OpImplRegisterV2 and IMPL_OP_OPTILING / IMPL_OP_INFERSHAPE: the second way CANN op_host
// code attaches tiling, tiling-parse (compile info) and inference functions to an op type.
#pragma once
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>

#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/infer_shape_range_context.h"
#include "exe_graph/runtime/tiling_context.h"
#include "graph/types.h"

namespace gert {

using TilingKernelFunc = ge::graphStatus (*)(TilingContext*);
using TilingParseFunc = ge::graphStatus (*)(TilingParseContext*);
using InferShapeKernelFunc = ge::graphStatus (*)(InferShapeContext*);
using InferDataTypeKernelFunc = ge::graphStatus (*)(InferDataTypeContext*);
using InferShapeRangeKernelFunc = ge::graphStatus (*)(InferShapeRangeContext*);
using CompileInfoFactory = std::shared_ptr<void> (*)();

// Everything registered for one op type through OpImplRegisterV2.
struct OpImplFunctions {
  TilingKernelFunc tiling = nullptr;
  TilingParseFunc tilingParse = nullptr;
  CompileInfoFactory compileInfo = nullptr;
  InferShapeKernelFunc inferShape = nullptr;
  InferDataTypeKernelFunc inferDataType = nullptr;
  size_t maxTilingDataSize = 0;
};

// Null when nothing was registered for opType.
const OpImplFunctions* FindOpImpl(const char* opType);

class OpImplRegisterV2 {
 public:
  using TilingKernelFunc = gert::TilingKernelFunc;
  using TilingParseFunc = gert::TilingParseFunc;
  using InferShapeKernelFunc = gert::InferShapeKernelFunc;
  using InferDataTypeKernelFunc = gert::InferDataTypeKernelFunc;

  explicit OpImplRegisterV2(const char* opType);

  OpImplRegisterV2& Tiling(TilingKernelFunc function, size_t maxTilingDataSize = 2048);
  template <class CompileInfo>
  OpImplRegisterV2& TilingParse(TilingParseFunc function) {
    return SetTilingParse(function, [] { return std::shared_ptr<void>(std::make_shared<CompileInfo>()); });
  }
  OpImplRegisterV2& InferShape(InferShapeKernelFunc function);
  OpImplRegisterV2& InferDataType(InferDataTypeKernelFunc function);
  // Accepted and never run: every shape the simulator runs with is exact, so no range needs
  // inferring.
  OpImplRegisterV2& InferShapeRange(InferShapeRangeKernelFunc) { return *this; }
  // Accepted for source compatibility; the simulator needs no dependency hints.
  OpImplRegisterV2& InputsDataDependency(std::initializer_list<int32_t>) { return *this; }
  OpImplRegisterV2& TilingInputsDataDependency(std::initializer_list<int32_t>) { return *this; }
  OpImplRegisterV2& PrivateAttr(const char*) { return *this; }
  template <class Value>
  OpImplRegisterV2& PrivateAttr(const char*, const Value&) { return *this; }

 private:
  OpImplRegisterV2& SetTilingParse(TilingParseFunc function, CompileInfoFactory factory);
  OpImplFunctions& Functions();

  const char* opType_;
};

}  // namespace gert

#define AKGEN_OP_IMPL_CONCAT_INNER(a, b) a##b
#define AKGEN_OP_IMPL_CONCAT(a, b) AKGEN_OP_IMPL_CONCAT_INNER(a, b)
#define IMPL_OP(op_type)                                                                              \
  [[maybe_unused]] static ::gert::OpImplRegisterV2 AKGEN_OP_IMPL_CONCAT(akgenOpImpl_##op_type##_, __LINE__) = \
      ::gert::OpImplRegisterV2(#op_type)
#define IMPL_OP_OPTILING(op_type) IMPL_OP(op_type)
#define IMPL_OP_INFERSHAPE(op_type) IMPL_OP(op_type)
#define IMPL_OP_DEFAULT() IMPL_OP(DefaultImpl)
