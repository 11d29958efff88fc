#include <tuple>
#include <vector>

#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

std::tuple<at::Tensor, at::Tensor> split_halves(const at::Tensor& x, int64_t dim)
{
    const int64_t rank = x.dim();
    const int64_t axis = dim < 0 ? dim + rank : dim;
    std::vector<int64_t> shape = x.sizes().vec();
    shape[axis] /= 2;
    at::Tensor a = torch::empty(shape, x.options());
    at::Tensor b = torch::empty(shape, x.options());
    EXEC_NPU_CMD(aclnnSplitHalves, x, dim, a, b);
    return std::make_tuple(a, b);
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Split a tensor into two contiguous halves on the NPU";
    m.def("split_halves", &split_halves, "a, b = torch.chunk(x, 2, dim), each made contiguous");
}
