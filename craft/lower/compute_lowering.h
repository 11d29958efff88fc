// One compute statement (docs/dsl.md, "Primitives") as AscendC vector calls for one dtype
// combination. Composites and row reductions are expanded here, over regions of the kernel's
// shared scratch TBuf (`scratchBuf`) that ScratchBytes sizes.
#pragma once
#include <string>
#include <vector>

#include "craft/check/cast_path.h"
#include "craft/check/program_model.h"
#include "craft/lower/kernel_names.h"

namespace akgen::craft::lower {

// How a cast whose source and target dtype agree in a combination is lowered: the destination
// tensor becomes the source (when nothing else reads either afterwards), or the elements are copied.
enum class IdentityCast { Alias, Copy };

class ComputeLowering {
 public:
  explicit ComputeLowering(KernelNames& names) : names_(names) {}

  std::vector<std::string> Lines(const ComputeModel& compute, const ComputeAssign& assign, size_t combination,
                                 IdentityCast identity);
  // The scratch bytes the statement needs, as a C++ expression over tiling fields; "" for none.
  std::string ScratchBytes(const ComputeModel& compute);
  // SORT_PAIR_BYTES and the kernel helpers of sort_rows, merge_rows, pair_values and pair_indices.
  void UseSortHelpers();

 private:
  const BufferModel& Buffer(const std::string& name) const;
  std::string ElementCount(const ComputeModel& compute);
  std::string CountText(const akgen::craft::ElementCount& count, const std::string& destination);
  std::string OperandCount(const ComputeModel& compute);
  std::string Rows(const ComputeModel& compute);
  std::string ScalarArgument(const Expr& expression, const std::string& type);
  std::vector<std::string> FillLines(const ComputeModel& compute, const Expr& value, size_t combination);
  std::string SortWidth(const BufferModel& source);
  std::vector<std::string> SortLines(const ComputeModel& compute, const std::vector<Expr>& args);
  std::vector<std::string> GatherLines(const ComputeModel& compute);
  std::vector<std::string> CastLines(const std::vector<CastStep>& path, const std::string& d, const std::string& x,
                                     const std::string& n);

  KernelNames& names_;
};

}  // namespace akgen::craft::lower
