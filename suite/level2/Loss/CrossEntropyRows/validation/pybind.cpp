#include <string>

#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor cross_entropy_rows(const at::Tensor& input, const at::Tensor& target, std::string reduction)
{
    at::Tensor loss = reduction == "none" ? torch::empty({input.size(0)}, input.options())
                                          : torch::empty({}, input.options());
    EXEC_NPU_CMD(aclnnCrossEntropyRows, input, target, reduction, loss);
    return loss;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Cross-entropy of logits rows against class indices on the NPU";
    m.def("cross_entropy_rows", &cross_entropy_rows,
          "loss = torch.nn.functional.cross_entropy(input, target, reduction=reduction)");
}
