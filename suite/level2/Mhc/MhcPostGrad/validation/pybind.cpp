#include <tuple>

#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor> mhc_post_grad(const at::Tensor& dy, const at::Tensor& x,
                                                                          const at::Tensor& h_res,
                                                                          const at::Tensor& h_out,
                                                                          const at::Tensor& h_post)
{
    at::Tensor grad_x = torch::empty_like(x);
    at::Tensor grad_h_res = torch::empty_like(h_res);
    at::Tensor grad_h_out = torch::empty_like(h_out);
    at::Tensor grad_h_post = torch::empty_like(h_post);
    EXEC_NPU_CMD(aclnnMhcPostGrad, dy, x, h_res, h_out, h_post, grad_x, grad_h_res, grad_h_out, grad_h_post);
    return std::make_tuple(grad_x, grad_h_res, grad_h_out, grad_h_post);
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "The backward of mHC post on the NPU";
    m.def("mhc_post_grad", &mhc_post_grad, "grad_x, grad_h_res, grad_h_out, grad_h_post of mHC post");
}
