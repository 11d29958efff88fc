#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

// sin, cos, tan and atan of x; asin and acos of w.
std::vector<at::Tensor> trig_impl(const at::Tensor& x, const at::Tensor& w)
{
    at::Tensor s = torch::empty_like(x);
    at::Tensor c = torch::empty_like(x);
    at::Tensor t = torch::empty_like(x);
    at::Tensor a = torch::empty_like(x);
    at::Tensor as = torch::empty_like(w);
    at::Tensor ac = torch::empty_like(w);
    EXEC_NPU_CMD(aclnnTrig, x, w, s, c, t, a, as, ac);
    return {s, c, t, a, as, ac};
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Trig test kernel";
    m.def("trig", &trig_impl, "");
}
