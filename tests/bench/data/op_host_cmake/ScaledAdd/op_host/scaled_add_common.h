// Included by the tiling and by the op definition, which CANN builds into separate libraries: the
// function below is defined (not inline) in both, a private copy in each library.
#ifndef SCALED_ADD_COMMON_H
#define SCALED_ADD_COMMON_H
#include <cstdint>

namespace optiling {
uint32_t BlockCount(uint32_t totalLength) { return totalLength % 32 == 0 ? 4 : 0; }
}  // namespace optiling
#endif  // SCALED_ADD_COMMON_H
