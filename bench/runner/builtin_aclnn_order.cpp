#include "bench/runner/builtin_aclnn_order.h"

#include <cstddef>
#include <vector>

namespace akgen::bench {
namespace {

struct BuiltinOrder {
  const char* api;
  const char* opType;
  // opDefOrder[i]: the API argument that is the OpDef's i-th argument.
  std::vector<size_t> opDefOrder;
};

// aclnnMseLossBackward(gradOutput, self, target, reduction, out) runs MseLossGradV2 with the inputs
// (predict = self, label = target, dout = gradOutput), then reduction and y.
const std::vector<BuiltinOrder>& BuiltinOrders() {
  static const std::vector<BuiltinOrder> orders = {
      {"aclnnMseLossBackward", "MseLossGradV2", {1, 2, 0, 3, 4}},
  };
  return orders;
}

}  // namespace

OpCall InOpDefOrder(const OpCall& call, const std::string& opType) {
  for (const BuiltinOrder& order : BuiltinOrders()) {
    if (call.api != order.api || opType != order.opType || call.arguments.size() != order.opDefOrder.size()) continue;
    OpCall reordered = call;
    std::vector<size_t> opDefPosition(order.opDefOrder.size());
    for (size_t position = 0; position < order.opDefOrder.size(); ++position) {
      reordered.arguments[position] = call.arguments[order.opDefOrder[position]];
      opDefPosition[order.opDefOrder[position]] = position;
    }
    for (CallResult& result : reordered.results) result.argument = opDefPosition[result.argument];
    return reordered;
  }
  return call;
}

}  // namespace akgen::bench
