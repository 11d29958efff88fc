#include <vector>

#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

std::vector<at::Tensor> foreach_axpy_list_impl(std::vector<at::Tensor>& x, std::vector<at::Tensor>& y, double alpha)
{
    // out[i] takes the shape and dtype of x[i].
    std::vector<at::Tensor> out;
    out.reserve(x.size());
    for (const at::Tensor& tensor : x) {
        out.push_back(torch::empty_like(tensor));
    }
    EXEC_NPU_CMD(aclnnForeachAxpyList, at::TensorList(x), at::TensorList(y), alpha, at::TensorList(out));
    return out;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "ForeachAxpyList custom kernel";
    m.def("foreach_axpy_list", &foreach_axpy_list_impl, "out[i] = x[i] + alpha * y[i]");
}
