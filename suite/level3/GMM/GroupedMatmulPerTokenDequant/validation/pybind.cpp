#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor grouped_matmul_per_token_dequant(const at::Tensor& x, const at::Tensor& weight, const at::Tensor& scale,
                                            const at::Tensor& per_token_scale, const at::Tensor& group_list) {
  at::Tensor y = torch::empty({x.size(0), weight.size(2)}, x.options().dtype(at::kHalf));
  EXEC_NPU_CMD(aclnnGroupedMatmulPerTokenDequant, x, weight, scale, per_token_scale, group_list, y);
  return y;
}

PYBIND11_MODULE(kernel_gen_ops, m) {
  m.doc() = "GroupedMatmulPerTokenDequant on the NPU";
  m.def("grouped_matmul_per_token_dequant", &grouped_matmul_per_token_dequant,
        "y = fp16((x_g @ weight[g]) * scale[g] * per_token_scale) per group of rows");
}
