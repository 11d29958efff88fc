// NPUKernelBench names an op by its folder (`TopKV3`) and its kernel by the snake_case form
// (`top_kv3`); the aclnn entry point is `aclnn<OpName>`.
#pragma once
#include <string>
#include <string_view>

namespace akgen::bench {

// An underscore goes before an upper-case letter that follows a lower-case letter or digit, and
// before an upper-case letter that starts a lower-case word after another capital
// (`ReduceMeanDTwice` -> `reduce_mean_d_twice`, `TopKV3` -> `top_kv3`).
std::string KernelName(std::string_view opName);

}  // namespace akgen::bench
