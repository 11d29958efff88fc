#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

// One output per target dtype, in the op's order.
std::vector<at::Tensor> cast_pairs_impl(at::Tensor& x)
{
    const std::vector<at::ScalarType> targets = {at::kHalf, at::kBFloat16, at::kFloat, at::kChar,
                                                 at::kShort, at::kInt, at::kLong, at::kByte};
    std::vector<at::Tensor> y;
    for (const at::ScalarType target : targets) {
        y.push_back(torch::empty(x.sizes(), x.options().dtype(target)));
    }
    EXEC_NPU_CMD(aclnnCastPairs, x, y[0], y[1], y[2], y[3], y[4], y[5], y[6], y[7]);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "CastPairs test kernel";
    m.def("cast_pairs", &cast_pairs_impl, "");
}
