// The cube path of the lowering (docs/dsl.md "The cube"): l1 blocks copied in ND -> NZ, matmul as
// K steps through L0A/L0B (the MultiplyBlock helper) into an l0c accumulator, and the accumulator's Fixpipe to GM.
#pragma once
#include <string>
#include <vector>

#include "craft/check/program_model.h"
#include "craft/lower/kernel_names.h"

namespace akgen::craft::lower {

class CubeLowering {
 public:
  CubeLowering(const ProgramModel& model, KernelNames& names) : model_(model), names_(names) {}

  // The queue position of an l1 buffer by its role in matmul (A1 left, B1 right, C1 bias) or CO1.
  std::string Position(const BufferModel& buffer) const;
  // Bias rows are read by the matmul that starts an accumulator only: a flag-ordered TBuf.
  bool IsBiasRow(const std::string& buffer) const;
  // The bytes of one of the buffer's slots: both extents rounded up to whole blocks (CubeEdge).
  std::string SlotBytes(const BufferModel& buffer);

  // `BUF[0:r, 0:c] = x.view(-1, L)[...]` into l1, from `source` (the GlobalTensor at the block's start).
  std::vector<std::string> CopyInLines(const BufferModel& buffer, const CopyModel& copy, const std::string& source);
  // `y.view(-1, L)[...] = acc[0:r, 0:c]`: dequeues the accumulator, Fixpipes it, starts it afresh.
  std::vector<std::string> CopyOutLines(const BufferModel& buffer, const CopyModel& copy, const std::string& target,
                                        const std::string& outputType);
  std::vector<std::string> MatmulLines(const ComputeModel& compute);

  // Init's InitBuffer lines for the L0A/L0B steps and the bias table.
  std::vector<std::string> InitLines() const;
  // The class members: the compiler's queues and each accumulator's state.
  std::vector<std::string> MemberLines() const;

 private:
  std::string FreshMember(const std::string& accumulator) const { return "scratchFresh_" + accumulator; }
  std::string RowsMember(const std::string& accumulator) const { return "scratchRows_" + accumulator; }
  bool UsesBias() const;
  // The constants and scalar helpers every cube line uses.
  void UseCubeHelpers();
  // A 2-D copy's columns (its block's, else COLS) and the tensor's row length (its view's, else COLS).
  std::string CopiedColumns(const BufferModel& buffer, const CopyModel& copy);
  std::string RowLength(const BufferModel& buffer, const CopyModel& copy);

  const ProgramModel& model_;
  KernelNames& names_;
};

}  // namespace akgen::craft::lower
