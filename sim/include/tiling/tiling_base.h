// optiling::TilingBaseClass: the template-method base of CANN's op_host tiling classes. An op
// derives one class per tiling strategy ("template") and registers each with
// REGISTER_TILING_TEMPLATE (tiling/tiling_templates_registry.h); DoTiling runs the steps below in
// CANN's order, and a template that is not capable of the case passes it on to the next one.
#pragma once
#include <cstdint>

#include "exe_graph/runtime/tiling_context.h"
#include "graph/types.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {

// The core resources a template's GetPlatformInfo records for its own use.
struct AiCoreParams {
  uint64_t ubSize = 0;
  uint64_t blockDim = 0;
  uint64_t aicNum = 0;
  uint64_t l1Size = 0;
  uint64_t l0aSize = 0;
  uint64_t l0bSize = 0;
  uint64_t l0cSize = 0;
};

class TilingBaseClass {
 public:
  explicit TilingBaseClass(gert::TilingContext* context) : context_(context) {}
  virtual ~TilingBaseClass() = default;

  // GRAPH_SUCCESS: this template tiled the case; GRAPH_PARAM_INVALID: it is not capable of it and
  // the registry tries the next template; anything else: tiling failed.
  ge::graphStatus DoTiling() {
    ge::graphStatus status = GetShapeAttrsInfo();
    if (status != ge::GRAPH_SUCCESS) return status;
    status = GetPlatformInfo();
    if (status != ge::GRAPH_SUCCESS) return status;
    if (!IsCapable()) return ge::GRAPH_PARAM_INVALID;
    status = DoOpTiling();
    if (status != ge::GRAPH_SUCCESS) return status;
    status = DoLibApiTiling();
    if (status != ge::GRAPH_SUCCESS) return status;
    status = GetWorkspaceSize();
    if (status != ge::GRAPH_SUCCESS) return status;
    status = PostTiling();
    if (status != ge::GRAPH_SUCCESS) return status;
    context_->SetTilingKey(GetTilingKey());
    DumpTilingInfo();
    return ge::GRAPH_SUCCESS;
  }

  virtual void Reset(gert::TilingContext* context) { context_ = context; }

 protected:
  virtual bool IsCapable() = 0;
  virtual ge::graphStatus GetPlatformInfo() = 0;
  virtual ge::graphStatus GetShapeAttrsInfo() = 0;
  virtual ge::graphStatus DoOpTiling() = 0;
  // The tiling of the high-level APIs the kernel calls.
  virtual ge::graphStatus DoLibApiTiling() = 0;
  [[nodiscard]] virtual uint64_t GetTilingKey() const = 0;
  virtual ge::graphStatus GetWorkspaceSize() = 0;
  // Writes the tiling data, block dim and workspace sizes into the context.
  virtual ge::graphStatus PostTiling() = 0;
  // CANN logs the tiling bytes at debug level, which is off by default; so is it here.
  virtual void DumpTilingInfo() {}

  gert::TilingContext* context_ = nullptr;
  uint32_t blockDim_ = 0;
  uint64_t workspaceSize_ = 0;
  uint64_t tilingKey_ = 0;
  AiCoreParams aicoreParams_;
};

}  // namespace optiling
