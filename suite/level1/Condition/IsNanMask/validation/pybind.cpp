#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor is_nan_mask_impl(at::Tensor& x)
{
    // One byte per element: torch's bool.
    at::Tensor y = torch::empty(x.sizes(), x.options().dtype(at::kBool));
    EXEC_NPU_CMD(aclnnIsNanMask, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "IsNanMask custom kernel";
    m.def("is_nan_mask", &is_nan_mask_impl, "y = isnan(x)");
}
