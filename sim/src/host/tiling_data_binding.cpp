#include "ascendc_sim/host/tiling_data_binding.h"

#include <cstdint>
#include <cstring>
#include <vector>

namespace ascendc_sim::host {
namespace {

struct Binding {
  const uint8_t* object;
  size_t bytes;
  uint8_t* buffer;
};

// Per thread: a tiling function fills its tiling data on the thread that runs it.
std::vector<Binding>& Bindings() {
  thread_local std::vector<Binding> bindings;
  return bindings;
}

}  // namespace

void BindTilingData(const void* object, size_t bytes, void* buffer) {
  UnbindTilingData(object, bytes);
  if (buffer != nullptr)
    Bindings().push_back({static_cast<const uint8_t*>(object), bytes, static_cast<uint8_t*>(buffer)});
}

void UnbindTilingData(const void* object, size_t bytes) {
  std::vector<Binding>& bindings = Bindings();
  // Keyed by address and size: a class's first nested member shares its address.
  std::erase_if(bindings, [&](const Binding& b) { return b.object == object && b.bytes == bytes; });
}

void WriteTilingFieldThrough(const void* field, size_t bytes) {
  const auto* begin = static_cast<const uint8_t*>(field);
  for (const Binding& binding : Bindings()) {
    if (begin >= binding.object && begin + bytes <= binding.object + binding.bytes) {
      std::memcpy(binding.buffer + (begin - binding.object), begin, bytes);
    }
  }
}

}  // namespace ascendc_sim::host
