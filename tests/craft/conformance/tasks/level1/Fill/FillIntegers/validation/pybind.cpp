#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

// One output per integer dtype, shaped like x: row j filled with values[j].
std::vector<at::Tensor> fill_integers_impl(at::Tensor& values, at::Tensor& x)
{
    const std::vector<at::ScalarType> targets = {at::kChar, at::kByte, at::kBool, at::kShort, at::kInt, at::kLong};
    std::vector<at::Tensor> y;
    for (const at::ScalarType target : targets) {
        y.push_back(torch::empty(x.sizes(), x.options().dtype(target)));
    }
    EXEC_NPU_CMD(aclnnFillIntegers, values, x, y[0], y[1], y[2], y[3], y[4], y[5]);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "FillIntegers test kernel";
    m.def("fill_integers", &fill_integers_impl, "");
}
