#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor index_select_last_impl(at::Tensor& x, at::Tensor& index)
{
    std::vector<int64_t> shape(x.sizes().begin(), x.sizes().end());
    shape.back() = index.size(0);
    at::Tensor y = torch::empty(shape, x.options());
    EXEC_NPU_CMD(aclnnIndexSelectLast, x, index, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "IndexSelectLast test kernel";
    m.def("index_select_last", &index_select_last_impl, "");
}
