#include <vector>

#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor row_dot(const at::Tensor& a, const at::Tensor& b)
{
    std::vector<int64_t> shape = a.sizes().vec();
    shape.pop_back();
    at::Tensor y = at::empty(shape, a.options());
    EXEC_NPU_CMD(aclnnRowDot, a, b, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Row-wise dot product over the last dimension on the NPU";
    m.def("row_dot", &row_dot, "y = (a * b).sum(-1)");
}
