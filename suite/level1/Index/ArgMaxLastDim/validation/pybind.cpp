#include <vector>

#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor arg_max_last_dim_impl(at::Tensor& x)
{
    // One int64 position per row: the shape of x without its last dimension.
    std::vector<int64_t> shape = x.sizes().vec();
    shape.pop_back();
    at::Tensor y = torch::empty(shape, x.options().dtype(at::kLong));
    EXEC_NPU_CMD(aclnnArgMaxLastDim, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "ArgMaxLastDim custom kernel";
    m.def("arg_max_last_dim", &arg_max_last_dim_impl, "y = argmax(x, dim=-1)");
}
