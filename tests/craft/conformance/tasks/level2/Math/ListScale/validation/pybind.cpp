#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

std::vector<at::Tensor> list_scale_impl(at::Tensor& x, std::vector<double> factors, std::vector<int64_t> dims)
{
    int64_t elements = 1;
    for (const int64_t d : dims) {
        elements *= d;
    }
    at::Tensor y = torch::empty_like(x);
    at::Tensor z = torch::empty({elements}, x.options().dtype(at::kFloat));
    EXEC_NPU_CMD(aclnnListScale, x, factors, dims, y, z);
    return {y, z};
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "ListScale test kernel";
    m.def("list_scale", &list_scale_impl, "");
}
