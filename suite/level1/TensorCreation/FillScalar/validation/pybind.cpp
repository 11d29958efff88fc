#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor fill_scalar_impl(at::Tensor& dims, at::Tensor& value)
{
    std::vector<int64_t> shape(dims.data_ptr<int64_t>(), dims.data_ptr<int64_t>() + dims.numel());
    at::Tensor y = torch::empty(shape, value.options());
    EXEC_NPU_CMD(aclnnFillScalar, dims, value, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "FillScalar custom kernel";
    m.def("fill_scalar", &fill_scalar_impl, "");
}
