// Where torch_npu's caching allocator puts a tensor on the NPU, which decides how far past its end
// a kernel may read or write without fault. Its sizes are those of PyTorch's CUDA caching
// allocator, which NPUCachingAllocator follows: a request gets 32 bytes more, rounded up to 512
// (the tensor's block); blocks are cut from segments of 2 MiB (requests up to 1 MiB) or from
// segments rounded up to 2 MiB (larger ones). The NPU has no protection finer than the segment.
#pragma once
#include <cstddef>

namespace akgen::bench {

constexpr size_t kDeviceBlockUnit = 512;
constexpr size_t kDeviceBlockSlack = 32;
constexpr size_t kDeviceSegmentUnit = size_t{2} << 20;

// The bytes torch_npu hands a tensor of `bytes`: reading or writing them is never a fault.
constexpr size_t DeviceBlockBytes(size_t bytes) {
  return (bytes + kDeviceBlockSlack + kDeviceBlockUnit - 1) / kDeviceBlockUnit * kDeviceBlockUnit;
}

// The end of the segment holding that block when the block starts it: past the block, free memory
// or later tensors, reachable without fault; past the segment, possibly unmapped memory. Blocks of
// 1 to 10 MiB may share a 20 MiB segment; the simulator keeps to the 2 MiB bound for all sizes.
constexpr size_t DeviceSegmentBytes(size_t bytes) {
  return (DeviceBlockBytes(bytes) + kDeviceSegmentUnit - 1) / kDeviceSegmentUnit * kDeviceSegmentUnit;
}

}  // namespace akgen::bench
