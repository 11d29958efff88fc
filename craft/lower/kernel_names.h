// What the kernel-side lowering shares between the class skeleton and the compute statements: how
// buffers, scalars and helpers are spelled in the generated kernel.
#pragma once
#include <string>
#include <vector>

#include "craft/check/program_model.h"
#include "craft/lower/scalar_expression.h"
#include "craft/lower/tiling.h"

namespace akgen::craft::lower {

class KernelNames {
 public:
  KernelNames(const ProgramModel& model, const std::vector<TilingField>& fields);

  // Kernel scalar expressions: tiling fields are members, kernel scalars locals.
  ScalarTranslator& Scalars() { return scalars_; }
  std::string Scalar(const Expr& expression) { return scalars_.Translate(expression).text; }

  // `AlignUpTo(cols, ROW_ALIGN)`: the element stride of a 2-D buffer's rows (32 elements: a multiple
  // of 32 bytes for every dtype, and the same stride for every dtype, so whole-buffer elementwise
  // statements and casts keep rows in place).
  std::string RowStride(const BufferModel& buffer);
  std::string Columns(const BufferModel& buffer);
  // The buffer's capacity in elements: LEN, or ROWS × the row stride; compare operands are rounded
  // up to a whole number of 256-byte repeats.
  std::string Capacity(const BufferModel& buffer);
  // A file-scope helper the generated code calls; its definition is emitted once.
  void UseHelper(const std::string& definition);
  std::vector<std::string> HelperDefinitions() const;
  // COMPARE_ALIGN, the element multiple Compare runs over.
  void UseCompareAlign();
  // SetFlag/WaitFlag on one pipe pair (`MTE2_V`), through the PipeSync helper.
  std::string PipeSync(const std::string& event);

  // The member holding a tensor list's descriptor address, and the helpers that read it.
  std::string ListMember(const std::string& list) const { return list + "List"; }
  // The member where numel(list, i)'s walk over the descriptor stopped (UseListNumel).
  std::string ListCursor(const std::string& list) const { return list + "ListCursor"; }
  bool UsesListNumel() const { return listNumelUsed_; }
  void UseListTensor();
  void UseListNumel();

  const ProgramModel& Model() const { return model_; }

 private:
  CppExpression ElementRead(const Expr& element);

  const ProgramModel& model_;
  ScalarTranslator scalars_;
  std::vector<std::string> helpers_;
  bool listNumelUsed_ = false;  // a kernel scalar reads numel(list, i): each list keeps a ListCursor
};

}  // namespace akgen::craft::lower
