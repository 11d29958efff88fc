#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor flip_last_dim(const at::Tensor& x)
{
    at::Tensor y = at::empty_like(x);
    EXEC_NPU_CMD(aclnnFlipLastDim, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Reverse the last dimension on the NPU";
    m.def("flip_last_dim", &flip_last_dim, "y = torch.flip(x, [-1])");
}
