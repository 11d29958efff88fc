#include "craft/lower/cube_lowering.h"

#include <algorithm>

#include "craft/lower/dtypes.h"

namespace akgen::craft::lower {
namespace {

constexpr const char* kCubeConstants =
    "// The cube stores matrices as 512-byte fractals, 16 rows of 32 bytes; each K step of a matmul\n"
    "// takes half of L0A and of L0B, so the next step loads while the cube multiplies; the bias table\n"
    "// is read in 64-byte units of its L1 source.\n"
    "constexpr int64_t FRACTAL_EDGE = 16;\n"
    "constexpr int64_t L0_STEP_BYTES = 32768;\n"
    "constexpr int64_t BIAS_TABLE_BYTES = 1024;\n"
    "constexpr int64_t BIAS_TABLE_UNIT = 64;\n"
    "// An l1/l0c slot's extents are whole blocks: 32 wide for i8 operands and their i32 sums (an i8\n"
    "// fractal is 16 x 32, and b is transposed by 32 x 32 squares), 16 otherwise.\n"
    "template <typename T>\n"
    "__aicore__ constexpr int64_t CubeEdge() {\n"
    "    return std::is_same_v<T, int8_t> || std::is_same_v<T, int32_t> ? 2 * FRACTAL_EDGE : FRACTAL_EDGE;\n"
    "}";

constexpr const char* kAccumulatorQuant =
    "// Fixpipe's conversion of an f32 accumulator into the output's dtype (round to nearest even).\n"
    "template <typename T>\n"
    "__aicore__ constexpr QuantMode_t AccumulatorQuant() {\n"
    "    if constexpr (std::is_same_v<T, half>) return QuantMode_t::F322F16;\n"
    "    else if constexpr (std::is_same_v<T, bfloat16_t>) return QuantMode_t::F322BF16;\n"
    "    else return QuantMode_t::NoQuant;\n"
    "}";

constexpr const char* kMultiplyBlock =
    "// acc (+)= a x b for a [m, k] and b [k, n] in l1 (NZ: strips C0 = 32 bytes of columns wide), in K steps\n"
    "// that fit half of L0A and of L0B: a step goes L1 -> L0A (strips of a's fractals, K-major) and L1 -> L0B\n"
    "// (f16/bf16: every 16 x 16 fractal transposed; i8: every 32 x 32 square transposed into two fractals),\n"
    "// then one Mmad. A fresh accumulator's first step starts from the bias table or from zero.\n"
    "// It lives outside the kernel class, so no name of the program can shadow its own.\n"
    "template <typename T, typename Acc, typename L0aQueue, typename L0bQueue>\n"
    "__aicore__ inline void MultiplyBlock(L0aQueue& l0a, L0bQueue& l0b, const LocalTensor<Acc>& acc, const LocalTensor<T>& a,\n"
    "                                     const LocalTensor<T>& b, const LocalTensor<Acc>& bias, int64_t m, int64_t k,\n"
    "                                     int64_t n, bool fresh, bool withBias) {\n"
    "    constexpr int64_t C0 = 32 / static_cast<int64_t>(sizeof(T));  // columns of a strip: 16 f16/bf16, 32 i8\n"
    "    constexpr int64_t FRACTAL_ELEMENTS = FRACTAL_EDGE * C0;          // one 512-byte fractal\n"
    "    const int64_t aRows = AlignUpTo(m, FRACTAL_EDGE);  // a's strips lie aRows rows apart (m = 1: contiguous)\n"
    "    const int64_t kRows = AlignUpTo(k, C0);            // b's strips lie kRows rows apart\n"
    "    const int64_t mBlocks = CeilDiv(m, FRACTAL_EDGE);\n"
    "    const int64_t nColumns = AlignUpTo(n, C0);         // b's columns in L0B, whole strips\n"
    "    const int64_t byA = L0_STEP_BYTES / (aRows * static_cast<int64_t>(sizeof(T)));\n"
    "    const int64_t byB = L0_STEP_BYTES / (nColumns * static_cast<int64_t>(sizeof(T)));\n"
    "    const int64_t step = (byA < byB ? byA : byB) / C0 * C0;\n"
    "    for (int64_t k0 = 0; k0 < k; k0 += step) {\n"
    "        const int64_t kl = k - k0 < step ? k - k0 : step;\n"
    "        const int64_t kBlocks = CeilDiv(kl, C0);\n"
    "        LocalTensor<T> a2 = l0a.template AllocTensor<T>();\n"
    "        if (m == 1) {\n"
    "            LoadData(a2, a[k0], LoadData2DParams(0, static_cast<uint8_t>(CeilDiv(kl, FRACTAL_ELEMENTS)), 1, 0, 0, false, 0));\n"
    "        } else {\n"
    "            for (int64_t kb = 0; kb < kBlocks; ++kb) {\n"
    "                LoadData(a2[kb * FRACTAL_ELEMENTS], a[(k0 / C0 + kb) * aRows * C0],\n"
    "                         LoadData2DParams(0, static_cast<uint8_t>(mBlocks), 1, 0, static_cast<uint16_t>(kBlocks - 1), false, 0));\n"
    "            }\n"
    "        }\n"
    "        l0a.EnQue(a2);\n"
    "        LocalTensor<T> b2 = l0b.template AllocTensor<T>();\n"
    "        if constexpr (sizeof(T) == 1) {\n"
    "            // LoadData transposes 2-byte fractals only: i8 goes by 32 x 32 squares, kRows / 32 squares apart.\n"
    "            const int64_t squares = nColumns / C0;\n"
    "            for (int64_t kb = 0; kb < kBlocks; ++kb) {\n"
    "                LoadDataWithTranspose(b2[kb * squares * 2 * FRACTAL_ELEMENTS], b[(k0 / C0 + kb) * C0 * C0],\n"
    "                                      LoadData2dTransposeParams(0, static_cast<uint8_t>(squares), static_cast<uint16_t>(kRows / C0), 1, 0));\n"
    "            }\n"
    "        } else {\n"
    "            const int64_t nBlocks = nColumns / FRACTAL_EDGE;\n"
    "            for (int64_t kb = 0; kb < kBlocks; ++kb) {\n"
    "                LoadData(b2[kb * nBlocks * FRACTAL_ELEMENTS], b[(k0 / C0 + kb) * FRACTAL_ELEMENTS],\n"
    "                         LoadData2DParams(0, static_cast<uint8_t>(nBlocks), static_cast<uint16_t>(kRows / FRACTAL_EDGE), 0, 0, true, 0));\n"
    "            }\n"
    "        }\n"
    "        l0b.EnQue(b2);\n"
    "        a2 = l0a.template DeQue<T>();\n"
    "        b2 = l0b.template DeQue<T>();\n"
    "        MmadParams params;\n"
    "        params.m = static_cast<uint16_t>(m);\n"
    "        // i8: L0B holds whole 32-column squares, so the product is nColumns wide; the copy out takes n.\n"
    "        params.n = static_cast<uint16_t>(sizeof(T) == 1 ? nColumns : n);\n"
    "        params.k = static_cast<uint16_t>(kl);\n"
    "        const bool first = fresh && k0 == 0;\n"
    "        params.cmatrixInitVal = first && !withBias;\n"
    "        params.cmatrixSource = first && withBias;\n"
    "        if (first && withBias) {\n"
    "            Mmad(acc, a2, b2, bias, params);\n"
    "        } else {\n"
    "            Mmad(acc, a2, b2, params);\n"
    "        }\n"
    "        l0a.FreeTensor(a2);\n"
    "        l0b.FreeTensor(b2);\n"
    "    }\n"
    "}";

std::string U16(const std::string& value) { return "static_cast<uint16_t>(" + value + ")"; }

}  // namespace

std::string CubeLowering::Position(const BufferModel& buffer) const {
  if (buffer.memory == Memory::L0C) return "CO1";
  for (const ComputeModel& compute : model_.computes) {
    const auto& operands = compute.bufferOperands;
    const auto found = std::find(operands.begin(), operands.end(), buffer.name);
    if (!compute.matmul || found == operands.end()) continue;
    const auto index = found - operands.begin();
    return index == 0 ? "A1" : index == 1 ? "B1" : "C1";
  }
  return "A1";  // filled but never multiplied
}

bool CubeLowering::IsBiasRow(const std::string& buffer) const {
  return std::any_of(model_.computes.begin(), model_.computes.end(),
                     [&](const ComputeModel& compute) { return compute.matmul && compute.matmul->bias == buffer; });
}

bool CubeLowering::UsesBias() const {
  return std::any_of(model_.computes.begin(), model_.computes.end(),
                     [](const ComputeModel& compute) { return compute.matmul && !compute.matmul->bias.empty(); });
}

void CubeLowering::UseCubeHelpers() {
  names_.UseHelper(kCubeConstants);
  names_.Scalars().UseHelper("AlignUpTo");
  names_.Scalars().UseHelper("CeilDiv");
}

std::string CubeLowering::CopiedColumns(const BufferModel& buffer, const CopyModel& copy) {
  return copy.columns ? names_.Scalar(*copy.columns) : names_.Scalar(*buffer.extents[1]);
}

std::string CubeLowering::RowLength(const BufferModel& buffer, const CopyModel& copy) {
  return copy.rowLength ? names_.Scalar(*copy.rowLength) : names_.Scalar(*buffer.extents[1]);
}

std::string CubeLowering::SlotBytes(const BufferModel& buffer) {
  UseCubeHelpers();
  const std::string type = KernelType(buffer.dtype);
  const std::string edge = "CubeEdge<" + type + ">()";
  std::string elements = "AlignUpTo(" + names_.Scalar(*buffer.extents[0]) + ", " + edge + ")";
  if (buffer.extents.size() == 2) elements += " * AlignUpTo(" + names_.Scalar(*buffer.extents[1]) + ", " + edge + ")";
  return elements + " * sizeof(" + type + ")";
}

std::vector<std::string> CubeLowering::CopyInLines(const BufferModel& buffer, const CopyModel& copy,
                                                   const std::string& source) {
  UseCubeHelpers();
  const std::string length = names_.Scalar(*copy.length);
  if (buffer.extents.size() == 1) {
    // One row as NZ with its 16-value blocks one block apart is the row itself, zero-padded to 16.
    return {"DataCopy(" + buffer.name + ", " + source + ", Nd2NzParams(1, 1, " + U16(length) + ", 0, " + U16(length) +
            ", 1, 1, 0));"};
  }
  const std::string columns = CopiedColumns(buffer, copy);
  const std::string rowLength = RowLength(buffer, copy);
  // NZ: the block's strips of 32 bytes of columns lie a padded row count apart: AlignUpTo(rows, 16)
  // for a (one row stays contiguous, as Mmad with m = 1 reads it: GEMV), whole C0 x C0 squares
  // for b (16 rows f16/bf16, 32 rows i8), as MultiplyBlock reads them.
  std::string strip = "AlignUpTo(" + length + ", 32 / static_cast<int64_t>(sizeof(" + KernelType(buffer.dtype) + ")))";
  if (Position(buffer) == "A1") strip = "(" + length + " == 1 ? 1 : AlignUpTo(" + length + ", FRACTAL_EDGE))";
  return {"DataCopy(" + buffer.name + ", " + source + ", Nd2NzParams(1, " + U16(length) + ", " + U16(columns) + ", 0, " +
          U16(rowLength) + ", " + U16(strip) + ", 1, 0));"};
}

std::vector<std::string> CubeLowering::CopyOutLines(const BufferModel& buffer, const CopyModel& copy,
                                                    const std::string& target,
                                                    const std::string& outputType) {
  UseCubeHelpers();
  names_.UseHelper(kAccumulatorQuant);
  const std::string rows = names_.Scalar(*copy.length);
  const std::string columns = CopiedColumns(buffer, copy);
  const std::string rowLength = RowLength(buffer, copy);
  const std::string queue = buffer.name + "Queue";
  const std::string sums = KernelType(buffer.dtype);
  return {
      queue + ".EnQue(" + buffer.name + ");",
      "LocalTensor<" + sums + "> scratchOut = " + queue + ".DeQue<" + sums + ">();",
      "// NZ -> ND on the way out: the accumulator's 16-column strips lie AlignUpTo(m, 16) rows apart.",
      "const FixpipeParamsV220 scratchFix(" + U16(columns) + ", " + U16(rows) + ", " +
          U16("AlignUpTo(" + RowsMember(buffer.name) + ", FRACTAL_EDGE)") + ", static_cast<uint32_t>(" + rowLength +
          "), false, AccumulatorQuant<" + outputType + ">(), 0, 1, 0, 0, 0);",
      "Fixpipe<" + outputType + ", " + sums + ", CFG_ROW_MAJOR>(" + target + ", scratchOut, scratchFix);",
      queue + ".FreeTensor(scratchOut);",
      FreshMember(buffer.name) + " = true;",
  };
}

std::vector<std::string> CubeLowering::MatmulLines(const ComputeModel& compute) {
  UseCubeHelpers();
  const ComputeModel::MatmulExtents& extents = *compute.matmul;
  const std::string& accumulator = compute.destination;
  const std::string fresh = FreshMember(accumulator);
  const std::string rows = names_.Scalar(extents.rows);
  const std::string columns = names_.Scalar(extents.columns);
  const std::string operandType = KernelType(model_.FindBuffer(compute.bufferOperands[0])->dtype);
  const std::string sums = KernelType(model_.FindBuffer(accumulator)->dtype);
  // A fresh accumulator is allocated, and its bias row copied into the bias table, once.
  std::vector<std::string> lines = {
      "LocalTensor<" + sums + "> scratchBias;",
      "if (" + fresh + ") {",
      "    " + accumulator + " = " + accumulator + "Queue.AllocTensor<" + sums + ">();",
      "    " + RowsMember(accumulator) + " = " + rows + ";",
  };
  const bool bias = !extents.bias.empty();
  if (bias) {
    const std::string biasType = KernelType(model_.FindBuffer(extents.bias)->dtype);
    lines.insert(lines.end(), {
        "    scratchBias = scratchBiasTableQueue.AllocTensor<" + sums + ">();",
        "    DataCopy(scratchBias, " + extents.bias + ", DataCopyParams(1, " +
            U16("CeilDiv(AlignUpTo(" + columns + ", FRACTAL_EDGE) * sizeof(" + biasType + "), BIAS_TABLE_UNIT)") +
            ", 0, 0));",
        "    " + names_.PipeSync("MTE1_MTE2") + "  // the next copy into " + extents.bias + " waits for this read",
        "    scratchBiasTableQueue.EnQue(scratchBias);",
        "    scratchBias = scratchBiasTableQueue.DeQue<" + sums + ">();",
    });
  }
  lines.push_back("}");
  names_.UseHelper(kMultiplyBlock);
  lines.push_back("MultiplyBlock<" + operandType + ">(scratchL0aQueue, scratchL0bQueue, " + accumulator + ", " + compute.bufferOperands[0] + ", " +
                  compute.bufferOperands[1] + ", scratchBias, " + rows + ", " + names_.Scalar(extents.inner) + ", " +
                  columns + ", " + fresh + ", " + (bias ? "true" : "false") + ");");
  if (bias) lines.push_back("if (" + fresh + ") scratchBiasTableQueue.FreeTensor(scratchBias);");
  lines.push_back(fresh + " = false;");
  return lines;
}

std::vector<std::string> CubeLowering::InitLines() const {
  std::vector<std::string> lines = {"pipe.InitBuffer(scratchL0aQueue, 2, L0_STEP_BYTES);",
                                    "pipe.InitBuffer(scratchL0bQueue, 2, L0_STEP_BYTES);"};
  if (UsesBias()) lines.push_back("pipe.InitBuffer(scratchBiasTableQueue, 1, BIAS_TABLE_BYTES);");
  return lines;
}

std::vector<std::string> CubeLowering::MemberLines() const {
  std::vector<std::string> lines = {"TQue<QuePosition::A2, 2> scratchL0aQueue;", "TQue<QuePosition::B2, 2> scratchL0bQueue;"};
  if (UsesBias()) lines.push_back("TQue<QuePosition::C2, 1> scratchBiasTableQueue;");
  for (const BufferModel& buffer : model_.buffers) {
    if (buffer.memory != Memory::L0C) continue;
    lines.push_back("// " + buffer.name + ": the accumulator being summed, fresh until a matmul starts it and again after its copy-out");
    lines.push_back("LocalTensor<" + KernelType(buffer.dtype) + "> " + buffer.name + ";");
    lines.push_back("bool " + FreshMember(buffer.name) + " = true;");
    lines.push_back("int64_t " + RowsMember(buffer.name) + " = 0;");
  }
  return lines;
}

}  // namespace akgen::craft::lower
