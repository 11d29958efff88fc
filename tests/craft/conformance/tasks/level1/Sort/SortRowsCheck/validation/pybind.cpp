#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include "pytorch_npu_helper.hpp"

// The k largest and the k smallest values of each row of x, with their positions.
std::vector<at::Tensor> sort_rows_check_impl(at::Tensor& x, int64_t k)
{
    std::vector<int64_t> shape = x.sizes().vec();
    shape.back() = k;
    at::Tensor top_v = torch::empty(shape, x.options());
    at::Tensor top_i = torch::empty(shape, x.options().dtype(at::kLong));
    at::Tensor low_v = torch::empty(shape, x.options());
    at::Tensor low_i = torch::empty(shape, x.options().dtype(at::kLong));
    EXEC_NPU_CMD(aclnnSortRowsCheck, x, k, top_v, top_i, low_v, low_i);
    return {top_v, top_i, low_v, low_i};
}

PYBIND11_MODULE(kernel_gen_ops, m)
{
    m.doc() = "SortRowsCheck test kernel";
    m.def("sort_rows_check", &sort_rows_check_impl, "");
}
