#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor iota_ramp_impl(at::Tensor& x, double start)
{
    at::Tensor y = torch::empty_like(x);
    float first = static_cast<float>(start);
    EXEC_NPU_CMD(aclnnIotaRamp, x, first, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "IotaRamp test kernel";
    m.def("iota_ramp", &iota_ramp_impl, "");
}
