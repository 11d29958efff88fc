// What a direct-launch binding asks torch_npu for: the current stream, handed to its `<<<>>>`
// launches. The simulator runs each launch to its end before returning, on one queue, so a stream
// is only a token here; the launch syntax's stream operand is unused (chevron_launch.h).
#pragma once
#include <c10/core/Device.h>

namespace c10_npu {

class NPUStream {
 public:
  // The aclrtStream handle; `synchronous` has no effect, every launch has finished on return.
  void* stream(bool synchronous = true) const {
    (void)synchronous;
    return const_cast<int*>(&token_);
  }
  c10::DeviceIndex device_index() const { return 0; }
  void synchronize() const {}

 private:
  int token_ = 0;
};

inline NPUStream getCurrentNPUStream(c10::DeviceIndex device = -1) {
  (void)device;
  return NPUStream();
}

}  // namespace c10_npu
