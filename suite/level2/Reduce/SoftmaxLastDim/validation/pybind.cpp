#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor softmax_last_dim(const at::Tensor& x)
{
    at::Tensor y = torch::empty_like(x);
    EXEC_NPU_CMD(aclnnSoftmaxLastDim, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Softmax over the last dimension on the NPU";
    m.def("softmax_last_dim", &softmax_last_dim, "y = softmax(x, dim=-1)");
}
