#include "craft/check/cast_path.h"

namespace akgen::craft {
namespace {

bool IsFloat(Dtype dtype) { return dtype == Dtype::F16 || dtype == Dtype::BF16 || dtype == Dtype::F32; }

// The A2 Cast instructions (CANN's supported source -> destination pairs). int32 -> f16 exists
// but scales by the DEQSCALE register, so it is not used for a plain conversion.
bool HasInstruction(Dtype from, Dtype to) {
  using D = Dtype;
  switch (from) {
    case D::F16: return to == D::F32 || to == D::I32 || to == D::I16 || to == D::I8 || to == D::U8;
    case D::F32: return to == D::F16 || to == D::BF16 || to == D::I32 || to == D::I16 || to == D::I64;
    case D::BF16: return to == D::F32 || to == D::I32;
    case D::I16: return to == D::F16 || to == D::F32;
    case D::I32: return to == D::F32 || to == D::I16 || to == D::I64;
    case D::I64: return to == D::I32 || to == D::F32;
    case D::I8: case D::U8: return to == D::F16;
    case D::Bool: case D::C64: return false;
  }
  return false;
}

CastRounding RoundingOf(Dtype from, Dtype to) {
  if (IsFloat(from) && !IsFloat(to)) return CastRounding::Trunc;
  if (IsFloat(to) && DtypeBytes(to) <= DtypeBytes(from)) return CastRounding::Rint;  // f32 -> f16, i32 -> f32
  return CastRounding::None;  // exact widenings and saturating integer narrowings
}

void Append(std::vector<CastStep>& path, Dtype from, Dtype to) { path.push_back({from, to, RoundingOf(from, to)}); }

// The dtype a pair without an instruction converts through. Every choice keeps the value exact
// (a widening) or rounds monotonically, so a later step sees the right value for any input in the
// target's range: integers pass through f32 (exact for i16, rounded once for i32/i64) and f16
// (exact for |v| <= 2048, which covers i8 and u8); f32 -> f16 -> f16/bf16 after i32/i64 -> f32 is a
// double rounding that cannot differ from a single one, as f32 has at least 2p + 2 bits for both.
Dtype Hub(Dtype from, Dtype to) {
  using D = Dtype;
  if (from == D::I8 || from == D::U8 || from == D::Bool) return D::F16;
  if (from == D::BF16 || from == D::I16) return D::F32;
  if (from == D::F16) return D::F32;                       // f16 -> bf16 or i64
  if (from == D::I64) return to == D::I16 ? D::I32 : D::F32;  // i64 -> f16, bf16, i8, u8, i16
  if (from == D::I32) return D::F32;                       // i32 -> f16, bf16, i8, u8
  return D::F16;                                           // f32 -> i8, u8 (after rounding toward zero)
}

}  // namespace

std::optional<std::vector<CastStep>> CastPath(Dtype from, Dtype to) {
  std::vector<CastStep> path;
  if (from == to) return path;
  if (to == Dtype::Bool || from == Dtype::C64 || to == Dtype::C64) return std::nullopt;
  Dtype at = from == Dtype::Bool ? Dtype::U8 : from;  // a bool buffer holds bytes 0 and 1
  if (at == Dtype::U8 && from == Dtype::Bool) {
    path.push_back({Dtype::Bool, Dtype::F16, CastRounding::None});
    at = Dtype::F16;
  }
  while (at != to) {
    if (HasInstruction(at, to)) {
      Append(path, at, to);
      break;
    }
    if (at == Dtype::F32 && !IsFloat(to) && IsFloat(from)) {
      // Round toward zero while still in f32: the f16 step after it then only sees integers.
      path.push_back({Dtype::F32, Dtype::F32, CastRounding::Trunc});
    }
    const Dtype hub = Hub(at, to);
    Append(path, at, hub);
    at = hub;
  }
  return path;
}

std::vector<CastStep> ByteCopyPath(Dtype dtype) {
  if (DtypeBytes(dtype) != 1) return {};
  return {{dtype, Dtype::F16, CastRounding::None}, {Dtype::F16, dtype, CastRounding::Trunc}};
}

int64_t CastScratchBytesPerElement(const std::vector<CastStep>& path) {
  int64_t bytes = 0;
  for (size_t i = 0; i + 1 < path.size(); ++i) bytes += DtypeBytes(path[i].to);
  return bytes;
}

int64_t CastScratchRegions(const std::vector<CastStep>& path) {
  return path.empty() ? 0 : static_cast<int64_t>(path.size()) - 1;
}

}  // namespace akgen::craft
