#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor unalign_abs_impl(at::Tensor& x)
{
    at::Tensor y = torch::empty_like(x);
    EXEC_NPU_CMD(aclnnUnalignAbs, x, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "UnalignAbs custom kernel";
    m.def("unalign_abs", &unalign_abs_impl, "");
}
