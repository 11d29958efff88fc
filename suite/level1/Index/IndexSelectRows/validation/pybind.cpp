#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor index_select_rows_impl(at::Tensor& x, at::Tensor& index)
{
    // One output row per row number, each as wide as a row of x.
    at::Tensor y = torch::empty({index.size(0), x.size(1)}, x.options());
    EXEC_NPU_CMD(aclnnIndexSelectRows, x, index, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "IndexSelectRows custom kernel";
    m.def("index_select_rows", &index_select_rows_impl, "y = x.index_select(0, index)");
}
