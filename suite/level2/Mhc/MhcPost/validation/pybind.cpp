#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor mhc_post(const at::Tensor& x, const at::Tensor& h_res, const at::Tensor& h_out, const at::Tensor& h_post)
{
    at::Tensor y = torch::empty_like(x);
    EXEC_NPU_CMD(aclnnMhcPost, x, h_res, h_out, h_post, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "mHC post on the NPU";
    m.def("mhc_post", &mhc_post, "y = h_res^T x + h_post (x) h_out per token");
}
