#include <vector>

#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

std::vector<at::Tensor> foreach_clamp_min_scalar_impl(std::vector<at::Tensor>& xs, at::Tensor& scalar)
{
    // ys[i] takes the shape and dtype of xs[i].
    std::vector<at::Tensor> ys;
    ys.reserve(xs.size());
    for (const at::Tensor& x : xs) {
        ys.push_back(torch::empty_like(x));
    }
    EXEC_NPU_CMD(aclnnForeachClampMinScalar, at::TensorList(xs), scalar, at::TensorList(ys));
    return ys;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "ForeachClampMinScalar custom kernel";
    m.def("foreach_clamp_min_scalar", &foreach_clamp_min_scalar_impl, "ys[i] = clamp_min(xs[i], scalar[0])");
}
