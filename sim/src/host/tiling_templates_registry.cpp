// The registry behind REGISTER_TILING_TEMPLATE and TilingRegistry::DoTilingImpl.
#include "tiling/tiling_templates_registry.h"

namespace optiling {

TilingRegistry& TilingRegistry::GetInstance() {
  // A function-local static: registration runs during static initialisation of other files.
  static TilingRegistry registry;
  return registry;
}

void TilingRegistry::AddTemplate(const std::string& opType, int32_t priority, TilingClassCase create) {
  auto [slot, added] = templatesByOpType_[opType].emplace(priority, create);
  if (!added) {
    ::ops::error::Report(opType.c_str(), "a second tiling template registered at priority %d is ignored",
                         static_cast<int>(slot->first));
  }
}

const std::map<int32_t, TilingClassCase>& TilingRegistry::GetTilingTemplates(const std::string& opType) const {
  static const std::map<int32_t, TilingClassCase> none;
  auto found = templatesByOpType_.find(opType);
  return found == templatesByOpType_.end() ? none : found->second;
}

ge::graphStatus TilingRegistry::DoTilingImpl(gert::TilingContext* context) const {
  const char* opType = context->GetNodeType();
  for (const auto& [priority, create] : GetTilingTemplates(opType)) {
    const ge::graphStatus status = create(context)->DoTiling();
    if (status != ge::GRAPH_PARAM_INVALID) return status;
  }
  ::ops::error::Report(opType, "no registered tiling template is capable of this case");
  return ge::GRAPH_FAILED;
}

}  // namespace optiling
