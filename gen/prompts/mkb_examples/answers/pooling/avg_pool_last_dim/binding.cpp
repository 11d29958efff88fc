#include <string>
#include <vector>

#include <torch/extension.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor avg_pool_last_dim_custom_impl(const at::Tensor& x, int64_t kernel_size)
{
    std::vector<int64_t> shape = x.sizes().vec();
    shape.back() /= kernel_size;
    at::Tensor y = at::empty(shape, x.options());
    EXEC_NPU_CMD(aclnnAvgPoolLastDimCustom, x, kernel_size, y);
    return y;
}

TORCH_LIBRARY_IMPL(myops, PrivateUse1, m) { m.impl("avg_pool_last_dim_custom", &avg_pool_last_dim_custom_impl); }

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("avg_pool_last_dim_custom", &avg_pool_last_dim_custom_impl, "the mean of every window of kernel_size elements along the last dim (stride = kernel_size)"); }
