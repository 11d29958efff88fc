#include <vector>

#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

at::Tensor max_pool_last_dim(const at::Tensor& x, int64_t kernel_size)
{
    std::vector<int64_t> shape = x.sizes().vec();
    shape.back() /= kernel_size;
    at::Tensor y = torch::empty(shape, x.options());
    EXEC_NPU_CMD(aclnnMaxPoolLastDim, x, kernel_size, y);
    return y;
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "Max pooling over the last dimension on the NPU";
    m.def("max_pool_last_dim", &max_pool_last_dim, "y[..., j] = max(x[..., j*k : (j+1)*k]), k = kernel_size");
}
