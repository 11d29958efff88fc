#include <vector>

#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

std::vector<at::Tensor> list_scale_many_impl(std::vector<at::Tensor>& x, double scale)
{
    std::vector<at::Tensor> out;
    out.reserve(x.size());
    for (const at::Tensor& tensor : x) {
        out.push_back(torch::empty_like(tensor));
    }
    EXEC_NPU_CMD(aclnnListScaleMany, at::TensorList(x), scale, at::TensorList(out));
    return out;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "ListScaleMany test kernel";
    m.def("list_scale_many", &list_scale_many_impl, "");
}
