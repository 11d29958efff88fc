#include "timeline_trace.h"

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>

namespace ascendc_sim {
namespace {

struct TraceState {
  std::string path;
  nlohmann::json events = nlohmann::json::array();
  uint64_t launches = 0;
  double endMicroseconds = 0;  // launches are laid out one after another
};

TraceState& State() {
  static TraceState state;
  return state;
}

uint64_t ThreadId(uint32_t core, HwPipe pipe) { return uint64_t(core) * kHwPipeCount + uint64_t(pipe); }

}  // namespace

void AppendLaunchToTrace(const std::string& path, const std::string& kernel, double clockMhz,
                         const std::vector<PlacedBlock>& blocks) {
  TraceState& state = State();
  if (state.path != path) state = TraceState{path};
  const uint64_t process = state.launches++;
  const double origin = state.endMicroseconds;
  state.events.push_back({{"ph", "M"}, {"name", "process_name"}, {"pid", process},
                          {"args", {{"name", "launch " + std::to_string(process) + ": " + kernel}}}});
  double launchEnd = origin;
  for (const PlacedBlock& block : blocks) {
    for (size_t pipe = 0; pipe < kHwPipeCount; ++pipe) {
      state.events.push_back({{"ph", "M"}, {"name", "thread_name"}, {"pid", process},
                              {"tid", ThreadId(block.core, HwPipe(pipe))},
                              {"args", {{"name", "core " + std::to_string(block.core) + " " + HwPipeName(HwPipe(pipe))}}}});
    }
    for (const TimelineSegment& segment : block.times->segments) {
      const double start = origin + double(block.startCycle + segment.start) / clockMhz;
      const double duration = double(segment.end - segment.start) / clockMhz;
      launchEnd = std::max(launchEnd, start + duration);
      state.events.push_back({{"ph", "X"},
                              {"name", segment.api ? segment.api : "?"},
                              {"cat", HwPipeName(segment.pipe)},
                              {"pid", process},
                              {"tid", ThreadId(block.core, segment.pipe)},
                              {"ts", start},
                              {"dur", duration},
                              {"args", {{"block", block.index},
                                        {"source", std::string(segment.file ? segment.file : "") + ":" +
                                                       std::to_string(segment.line)}}}});
    }
  }
  state.endMicroseconds = launchEnd;
  std::ofstream out(path, std::ios::trunc);
  out << nlohmann::json{{"traceEvents", state.events}, {"displayTimeUnit", "ns"}}.dump() << '\n';
  if (!out) std::fprintf(stderr, "akgen-sim: cannot write the timeline to %s\n", path.c_str());
}

}  // namespace ascendc_sim
