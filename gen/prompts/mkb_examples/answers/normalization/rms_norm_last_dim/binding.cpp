#include <string>
#include <vector>

#include <torch/extension.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor rms_norm_last_dim_custom_impl(const at::Tensor& x, const at::Tensor& gamma, double eps)
{
    at::Tensor y = at::empty_like(x);
    float epsilon = static_cast<float>(eps);
    EXEC_NPU_CMD(aclnnRmsNormLastDimCustom, x, gamma, epsilon, y);
    return y;
}

TORCH_LIBRARY_IMPL(myops, PrivateUse1, m) { m.impl("rms_norm_last_dim_custom", &rms_norm_last_dim_custom_impl); }

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("rms_norm_last_dim_custom", &rms_norm_last_dim_custom_impl, "x / sqrt(mean(x^2 over the last dim) + eps) * gamma"); }
