#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor take_small_impl(at::Tensor& x, at::Tensor& index)
{
    at::Tensor y = torch::empty(index.sizes(), x.options());
    EXEC_NPU_CMD(aclnnTakeSmall, x, index, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "TakeSmall test kernel";
    m.def("take_small", &take_small_impl, "");
}
