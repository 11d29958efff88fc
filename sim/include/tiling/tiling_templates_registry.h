// CANN's registry of tiling templates (TilingBaseClass subclasses, tiling/tiling_base.h). Each
// REGISTER_TILING_TEMPLATE(opType, Class, priority) adds a template at static-initialisation time;
// an op's tiling function calls TilingRegistry::GetInstance().DoTilingImpl(context), which tries
// the op type's templates from the lowest priority number up until one is capable of the case.
// Op_host code also includes this header for what it brings along: the error macros, the tiling
// API, and ASCENDC_EXTERN_C, the linkage marker of tiling entry points (C linkage only in CANN's
// op unit tests).
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "error/ops_error.h"
#include "exe_graph/runtime/tiling_context.h"
#include "tiling/tiling_api.h"
#include "tiling/tiling_base.h"

#ifndef ASCENDC_EXTERN_C
#define ASCENDC_EXTERN_C
#endif

namespace optiling {

using TilingClassCase = std::unique_ptr<TilingBaseClass> (*)(gert::TilingContext*);

class TilingRegistry {
 public:
  static TilingRegistry& GetInstance();

  // A second template at a priority already taken is reported and ignored, as in CANN.
  void AddTemplate(const std::string& opType, int32_t priority, TilingClassCase create);
  // The op type's templates by priority; empty when none was registered.
  const std::map<int32_t, TilingClassCase>& GetTilingTemplates(const std::string& opType) const;
  // The status of the first template whose DoTiling is not GRAPH_PARAM_INVALID; GRAPH_FAILED
  // (reported) when every template declines the case or the op type has none.
  ge::graphStatus DoTilingImpl(gert::TilingContext* context) const;

 private:
  std::map<std::string, std::map<int32_t, TilingClassCase>> templatesByOpType_;
};

// The registrar REGISTER_TILING_TEMPLATE creates: Register(opType).tiling<Class>(priority).
class Register {
 public:
  explicit Register(std::string opType) : opType_(std::move(opType)) {}

  template <class TilingClass>
  Register& tiling(int32_t priority) {
    TilingRegistry::GetInstance().AddTemplate(opType_, priority, [](gert::TilingContext* context) {
      return std::unique_ptr<TilingBaseClass>(std::make_unique<TilingClass>(context));
    });
    return *this;
  }

 private:
  std::string opType_;
};

}  // namespace optiling

#define REGISTER_TILING_TEMPLATE(op_type, class_name, priority)                                \
  [[maybe_unused]] static ::optiling::Register akgenTilingTemplate_##class_name##_##priority = \
      ::optiling::Register(op_type).tiling<class_name>(priority)
