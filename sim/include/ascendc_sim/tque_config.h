// TQueConfig: the static description a TQue/TQueBind may take as its third template argument
// (`const TQueConfig*`, e.g. `TQue<TPosition::VECIN, 1, &config>`). On A2 vector queues only
// bufferLen and bufferNumber matter: compile-time copies of InitBuffer's len and num (0: given at
// InitBuffer). The format flags are for 310P cube queues and the rest is reserved.
#pragma once
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/enums.h"

namespace AscendC {

struct TQueConfig {
  bool nd2nz = false;
  bool nz2nd = false;
  bool scmBlockGroup = false;
  uint32_t bufferLen = 0;
  uint32_t bufferNumber = 0;
  uint32_t consumerSize = 0;
  TPosition consumer[8] = {};
  bool enableStaticEvtId = false;
  bool enableLoopQueue = false;
};

}  // namespace AscendC

namespace ascendc_sim {

// The TQueConfig a queue's third template argument names, or null when that argument is the
// older integer mask.
template <auto kMask>
constexpr const AscendC::TQueConfig* QueueConfigOf() {
  if constexpr (std::is_convertible_v<decltype(kMask), const AscendC::TQueConfig*>) {
    return kMask;
  } else {
    return nullptr;
  }
}

}  // namespace ascendc_sim
