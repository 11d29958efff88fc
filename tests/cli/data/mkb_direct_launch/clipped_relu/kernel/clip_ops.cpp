#include <torch/extension.h>

#include "torch_npu/csrc/core/npu/NPUStream.h"
#include "clip_launch.h"

at::Tensor clipped_relu(const at::Tensor& x, double ceiling) {
  TORCH_CHECK(x.scalar_type() == at::kFloat, "clipped_relu takes float32 tensors");
  const at::Tensor input = x.contiguous();
  at::Tensor y = at::empty_like(input);
  const ClipTiling tiling = PlanClip(input.numel());
  LaunchClip(static_cast<uint8_t*>(input.data_ptr()), static_cast<uint8_t*>(y.data_ptr()), tiling,
             static_cast<float>(ceiling), c10_npu::getCurrentNPUStream().stream(false));
  return y;
}

PYBIND11_MODULE(clip_ops, m) { m.def("clipped_relu", &clipped_relu, "min(max(x, 0), ceiling) on the NPU"); }
