// The glue that lets MultiKernelBench's judge call a craft program's op (craft/lower/mkb_glue.h):
// outputs allocated as the program shapes them, the call in the op's order, ModelNew repeating the
// task's signature, and the signature mismatches a model must hear about.
#include "craft/lower/mkb_glue.h"

#include <gtest/gtest.h>

#include "craft/syntax/parser.h"

namespace akgen::craft::lower {
namespace {

OpHeader Header(const std::string& op) {
  const ParseResult parsed = Parse(op + "\nhost:\n  launch(1)\n\nkernel:\n  n = 1\n", "p.craft");
  EXPECT_TRUE(parsed.program) << (parsed.diagnostics.empty() ? "" : parsed.diagnostics[0].message);
  return parsed.program ? parsed.program->op : OpHeader{};
}

bench::MkbModelSignature Signature(std::string init, std::vector<std::string> initNames, std::string forward,
                                   std::vector<std::string> forwardNames) {
  return {std::move(init), std::move(initNames), std::move(forward), std::move(forwardNames)};
}

TEST(MkbGlue, AllocatesEveryOutputAsShapedAndCallsTheOpInItsOrder) {
  const MkbGlue glue = MkbGlueFor(Header("op RowStatsCustom:\n"
                                         "  input x: T\n"
                                         "  input w: f32\n"
                                         "  attr eps: float\n"
                                         "  output s: f32 shape [rows(x), cdiv(dim(x, -1), 2)]\n"
                                         "  output m: bool like x\n"
                                         "  dtypes T: f16, f32\n"),
                                  "row_stats_custom",
                                  Signature("eps: float = 1e-5", {"eps"}, "x, w: torch.Tensor", {"x", "w"}));
  ASSERT_EQ(glue.problem, "");
  EXPECT_NE(glue.binding.find("std::tuple<at::Tensor, at::Tensor> row_stats_custom(const at::Tensor& x, "
                              "const at::Tensor& w, double eps)"),
            std::string::npos)
      << glue.binding;
  EXPECT_NE(glue.binding.find("at::Tensor s = at::empty(std::vector<int64_t>{static_cast<int64_t>((x.numel() / "
                              "x.size(-1))), static_cast<int64_t>(CeilDiv(x.size(-1), 2))}, w.options());"),
            std::string::npos)
      << glue.binding;
  EXPECT_NE(glue.binding.find("at::Tensor m = at::empty(x.sizes(), x.options().dtype(at::kBool));"), std::string::npos)
      << glue.binding;
  EXPECT_NE(glue.binding.find("EXEC_NPU_CMD(aclnnRowStatsCustom, x, w, eps, s, m);"), std::string::npos);
  EXPECT_NE(glue.binding.find("return std::make_tuple(s, m);"), std::string::npos);
  EXPECT_NE(glue.model.find("def __init__(self, eps: float = 1e-5):\n        super().__init__()\n        self.eps = eps"),
            std::string::npos)
      << glue.model;
  EXPECT_NE(glue.model.find("def forward(self, x, w: torch.Tensor):\n        return "
                            "custom_ops_lib.row_stats_custom(x, w, self.eps)"),
            std::string::npos)
      << glue.model;
  EXPECT_NE(glue.projectJson.find("\"op\": \"RowStatsCustom\""), std::string::npos);
}

TEST(MkbGlue, SaysWhichNameTheTasksModelLacks) {
  const OpHeader op = Header("op ScaleCustom:\n  input x: f32\n  attr factor: float\n  output y: f32 like x\n");
  EXPECT_NE(MkbGlueFor(op, "scale_custom", Signature("", {}, "input", {"input"}))
                .problem.find("input `x` is not a parameter of Model.forward (input)"),
            std::string::npos);
  EXPECT_NE(MkbGlueFor(op, "scale_custom", Signature("scale", {"scale"}, "x", {"x"}))
                .problem.find("attribute `factor` is not a parameter of Model.__init__ (scale)"),
            std::string::npos);
}

}  // namespace
}  // namespace akgen::craft::lower
