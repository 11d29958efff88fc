#include <string>
#include <vector>

#include <torch/extension.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor reduce_sum_last_dim_custom_impl(const at::Tensor& x)
{
    std::vector<int64_t> shape = x.sizes().vec();
    shape.pop_back();
    at::Tensor y = at::empty(shape, x.options());
    EXEC_NPU_CMD(aclnnReduceSumLastDimCustom, x, y);
    return y;
}

TORCH_LIBRARY_IMPL(myops, PrivateUse1, m) { m.impl("reduce_sum_last_dim_custom", &reduce_sum_last_dim_custom_impl); }

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("reduce_sum_last_dim_custom", &reduce_sum_last_dim_custom_impl, "the sum over the last dimension, which is removed"); }
