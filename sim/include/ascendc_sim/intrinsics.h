// The lower-level CCE spellings real kernels use next to the AscendC API (global namespace):
// pipe_barrier, set_flag/wait_flag, get_block_idx and block_idx, core-type queries and workspace helpers.
#pragma once
#include "ascendc_sim/enums.h"
#include "ascendc_sim/runtime.h"

namespace ascendc_sim {

// The HardEvent for a (source pipe, destination pipe) pair, or HardEvent::MAX when there is none.
constexpr AscendC::HardEvent EventBetween(pipe_t source, pipe_t destination) {
  using AscendC::HardEvent;
  struct Pair {
    pipe_t source;
    pipe_t destination;
    HardEvent event;
  };
  constexpr Pair kPairs[] = {
      {PIPE_MTE2, PIPE_V, HardEvent::MTE2_V},   {PIPE_V, PIPE_MTE2, HardEvent::V_MTE2},
      {PIPE_MTE3, PIPE_V, HardEvent::MTE3_V},   {PIPE_V, PIPE_MTE3, HardEvent::V_MTE3},
      {PIPE_V, PIPE_V, HardEvent::V_V},         {PIPE_S, PIPE_V, HardEvent::S_V},
      {PIPE_V, PIPE_S, HardEvent::V_S},         {PIPE_S, PIPE_MTE2, HardEvent::S_MTE2},
      {PIPE_MTE2, PIPE_S, HardEvent::MTE2_S},   {PIPE_S, PIPE_MTE3, HardEvent::S_MTE3},
      {PIPE_MTE3, PIPE_S, HardEvent::MTE3_S},   {PIPE_MTE3, PIPE_MTE2, HardEvent::MTE3_MTE2},
      {PIPE_MTE2, PIPE_MTE3, HardEvent::MTE2_MTE3}, {PIPE_MTE2, PIPE_MTE1, HardEvent::MTE2_MTE1},
      {PIPE_MTE1, PIPE_MTE2, HardEvent::MTE1_MTE2}, {PIPE_MTE1, PIPE_M, HardEvent::MTE1_M},
      {PIPE_M, PIPE_MTE1, HardEvent::M_MTE1},   {PIPE_M, PIPE_V, HardEvent::M_V},
      {PIPE_V, PIPE_M, HardEvent::V_M},         {PIPE_M, PIPE_FIX, HardEvent::M_FIX},
      {PIPE_FIX, PIPE_M, HardEvent::FIX_M},     {PIPE_M, PIPE_S, HardEvent::M_S},
      {PIPE_FIX, PIPE_S, HardEvent::FIX_S},
  };
  for (const Pair& pair : kPairs) {
    if (pair.source == source && pair.destination == destination) return pair.event;
  }
  return HardEvent::MAX;
}

}  // namespace ascendc_sim

inline void pipe_barrier(pipe_t pipe, const std::source_location location = std::source_location::current()) {
  ascendc_sim::rt::PipeBarrier(uint8_t(pipe), ascendc_sim::MakeSite("pipe_barrier", location));
}
inline void set_flag(pipe_t source, pipe_t destination, event_t id,
                     const std::source_location location = std::source_location::current()) {
  ascendc_sim::rt::SetFlag(uint8_t(ascendc_sim::EventBetween(source, destination)), id,
                           ascendc_sim::MakeSite("set_flag", location));
}
inline void wait_flag(pipe_t source, pipe_t destination, event_t id,
                      const std::source_location location = std::source_location::current()) {
  ascendc_sim::rt::WaitFlag(uint8_t(ascendc_sim::EventBetween(source, destination)), id,
                            ascendc_sim::MakeSite("wait_flag", location));
}
inline int64_t get_block_idx() { return ascendc_sim::rt::BlockIdx(); }
inline int64_t get_block_num() { return ascendc_sim::rt::BlockNum(); }

namespace ascendc_sim {
// The CCE built-in variables block_idx and block_num. All blocks share one thread here, so they are
// objects that read the running block's value wherever an int64_t is needed; a kernel's own
// variable of the same name still shadows them, as it shadows the built-ins.
struct BlockIndexVariable {
  operator int64_t() const { return rt::BlockIdx(); }
};
struct BlockCountVariable {
  operator int64_t() const { return rt::BlockNum(); }
};
}  // namespace ascendc_sim
inline constexpr ascendc_sim::BlockIndexVariable block_idx{};
inline constexpr ascendc_sim::BlockCountVariable block_num{};

// As the NPU compiler does, a kernel with cube code is compiled twice: with __DAV_C220_CUBE__ for
// the cube core (AIC) and with __DAV_C220_VEC__ for the vector cores (AIV); the harness runs each
// variant on its cores. g_coreType is therefore a constant of the variant being compiled. A
// CPU-debug build (neither macro) is one build for every core, as in CANN's CPU mode: g_coreType is
// then the running core's type.
enum CoreType : uint8_t { AIC = 0, AIV = 1, MIX = 2 };
#if defined(__DAV_C220_CUBE__)
inline constexpr CoreType g_coreType = AIC;
#elif defined(__DAV_C220_VEC__)
inline constexpr CoreType g_coreType = AIV;
#else
namespace ascendc_sim {
struct RunningCoreType {
  operator CoreType() const { return rt::OnCubeCore() ? AIC : AIV; }
};
}  // namespace ascendc_sim
inline constexpr ascendc_sim::RunningCoreType g_coreType{};
#endif
namespace AscendC {
using ::CoreType;
using ::AIC;
using ::AIV;
using ::MIX;
}  // namespace AscendC
#define ASCEND_IS_AIV (g_coreType == AIV)
#define ASCEND_IS_AIC (g_coreType == AIC)
#define ASCEND_IS_NOT_AIV (g_coreType != AIV)
#define ASCEND_IS_NOT_AIC (g_coreType != AIC)
