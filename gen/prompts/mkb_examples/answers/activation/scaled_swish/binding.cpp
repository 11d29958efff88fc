#include <string>
#include <vector>

#include <torch/extension.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor scaled_swish_custom_impl(const at::Tensor& x, double beta)
{
    at::Tensor y = at::empty_like(x);
    float betaValue = static_cast<float>(beta);
    EXEC_NPU_CMD(aclnnScaledSwishCustom, x, betaValue, y);
    return y;
}

TORCH_LIBRARY_IMPL(myops, PrivateUse1, m) { m.impl("scaled_swish_custom", &scaled_swish_custom_impl); }

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("scaled_swish_custom", &scaled_swish_custom_impl, "y = x * sigmoid(beta * x)"); }
