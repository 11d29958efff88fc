#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

// The first column of the largest and of the smallest value of every row of x, as int32.
std::vector<at::Tensor> arg_rows_impl(at::Tensor& x)
{
    std::vector<int64_t> shape = x.sizes().vec();
    shape.pop_back();
    at::Tensor imax = at::empty(shape, x.options().dtype(at::kInt));
    at::Tensor imin = at::empty(shape, x.options().dtype(at::kInt));
    EXEC_NPU_CMD(aclnnArgRows, x, imax, imin);
    return {imax, imin};
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "ArgRows test kernel";
    m.def("arg_rows", &arg_rows_impl, "");
}
