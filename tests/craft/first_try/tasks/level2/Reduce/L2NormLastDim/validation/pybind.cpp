#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor l2_norm_last_dim(const at::Tensor& x)
{
    std::vector<int64_t> shape = x.sizes().vec();
    shape.pop_back();
    at::Tensor y = at::empty(shape, x.options());
    EXEC_NPU_CMD(aclnnL2NormLastDim, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Euclidean norm over the last dimension on the NPU";
    m.def("l2_norm_last_dim", &l2_norm_last_dim, "y = sqrt((x * x).sum(-1))");
}
