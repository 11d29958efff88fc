#include <cmath>
#include <stdexcept>
#include <string>

#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor arange_step_impl(double start, double end, double step, const std::string& dtype)
{
    // The op sees float attributes: size the output from those values, as its shape inference does.
    float startValue = static_cast<float>(start);
    float endValue = static_cast<float>(end);
    float stepValue = static_cast<float>(step);
    const double length =
        std::ceil((static_cast<double>(endValue) - static_cast<double>(startValue)) / static_cast<double>(stepValue));
    if (!(length >= 1.0)) {
        throw std::invalid_argument("arange_step: the sequence would be empty");
    }
    at::ScalarType type;
    if (dtype == "float32") {
        type = at::kFloat;
    } else if (dtype == "int32") {
        type = at::kInt;
    } else {
        throw std::invalid_argument("arange_step: dtype must be float32 or int32");
    }
    at::Tensor y = torch::empty({static_cast<int64_t>(length)}, at::TensorOptions().dtype(type));
    EXEC_NPU_CMD(aclnnArangeStep, startValue, endValue, stepValue, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "ArangeStep custom kernel";
    m.def("arange_step", &arange_step_impl, "y = arange(start, end, step) in the named dtype");
}
