#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor tril_rows_impl(at::Tensor& x, int64_t diagonal)
{
    at::Tensor y = torch::empty_like(x);
    EXEC_NPU_CMD(aclnnTrilRows, x, diagonal, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "TrilRows custom kernel";
    m.def("tril_rows", &tril_rows_impl, "y = tril(x, diagonal)");
}
