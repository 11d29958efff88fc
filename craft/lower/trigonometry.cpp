#include "craft/lower/trigonometry.h"

#include "craft/lower/call_text.h"

namespace akgen::craft::lower {
namespace {

// pi in three parts (Cody & Waite): a rounded quotient q times each part is exact in f32 for
// |q| < 2^12, so x - q * pi keeps f32's precision well beyond |x| = 10^4.
constexpr const char* kPiParts[] = {"3.140625f", "9.67502593994140625e-4f", "1.509957990978376432e-7f"};
// pi/2 alike, for tan's reduction by half turns.
constexpr const char* kHalfPiParts[] = {"1.5703125f", "4.837512969970703125e-4f", "7.54978995489188216e-8f"};
constexpr const char* kInversePi = "0.318309886183790672f";
constexpr const char* kTwoOverPi = "0.636619772367581343f";
// sin r = r (1 + r^2 (s1 + r^2 (s2 + ...))): Taylor to r^13, error below 7e-10 for |r| <= pi/2.
const std::vector<std::string> kSinTerms = {"-1.66666666666666667e-1f", "8.33333333333333333e-3f",
                                            "-1.98412698412698413e-4f", "2.75573192239858907e-6f",
                                            "-2.50521083854417188e-8f", "1.60590438368216146e-10f"};
// cos r = 1 + r^2 (c1 + r^2 (c2 + ...)): Taylor to r^14, error below 7e-11 for |r| <= pi/2.
const std::vector<std::string> kCosTerms = {"-0.5f", "4.16666666666666667e-2f", "-1.38888888888888889e-3f",
                                            "2.48015873015873016e-5f", "-2.75573192239858907e-7f",
                                            "2.08767569878680990e-9f", "-1.14707455977297247e-11f"};
// atan u = u (1 + u^2 (a1 + ...)): Taylor to u^11, error below 1e-11 for |u| <= tan(pi/16).
const std::vector<std::string> kAtanTerms = {"-3.33333333333333333e-1f", "2.0e-1f", "-1.42857142857142857e-1f",
                                             "1.11111111111111111e-1f", "-9.09090909090909091e-2f"};

// d = 1 + square * (t0 + square * (t1 + ...)), by Horner's rule.
void Horner(std::vector<std::string>& lines, const std::string& d, const std::string& square,
            const std::vector<std::string>& terms, const std::string& n) {
  lines.push_back("    " + Call("Muls", {d, square, terms.back(), n}));
  for (size_t i = terms.size() - 1; i-- > 0;) {
    lines.push_back("    " + Call("Adds", {d, d, terms[i], n}));
    lines.push_back("    " + Call("Mul", {d, d, square, n}));
  }
  lines.push_back("    " + Call("Adds", {d, d, "1.0f", n}));
}

// The sign of (-1)^m into s from the integers m in m (both f32; m is overwritten): m / 2 - rint(m / 2)
// is 0 for an even m and +-1/2 for an odd one, so `scale` |that| + `offset` is the wanted pair.
void Parity(std::vector<std::string>& lines, const std::string& s, const std::string& m, const std::string& n,
            const char* scale, const char* offset) {
  const std::string integers = Reinterpreted(m, "int32_t");
  lines.push_back("    " + Call("Muls", {s, m, "0.5f", n}));
  lines.push_back("    " + Call("Cast", {integers, s, "RoundMode::CAST_RINT", n}));
  lines.push_back("    " + Call("Cast", {m, integers, "RoundMode::CAST_NONE", n}));
  lines.push_back("    " + Call("Sub", {s, s, m, n}));
  lines.push_back("    " + Call("Abs", {s, s, n}));
  lines.push_back("    " + Call("Muls", {s, s, scale, n}));
  if (offset) lines.push_back("    " + Call("Adds", {s, s, offset, n}));
}

// s += x - x: 0 for a finite x, NaN for an infinite one (whose reduction overflowed) or a NaN, which
// then reaches the result.
void NanUnlessFinite(std::vector<std::string>& lines, const std::string& s, const std::string& x, const std::string& work,
                     const std::string& n) {
  lines.push_back("    // NaN for an infinite or NaN x");
  lines.push_back("    " + Call("Sub", {work, x, x, n}));
  lines.push_back("    " + Call("Add", {s, s, work, n}));
}

// sin, cos and tan. sin and cos: x = q pi + r, |r| <= pi/2, q = m (sin) or m + 1/2 (cos) for an
// integer m; sin x = (-1)^m sin r and cos x = -(-1)^m sin r. tan: x = m pi/2 + r, |r| <= pi/4, where
// sin r and cos r are both well conditioned; tan x = sin r / cos r for an even m, -cos r / sin r
// for an odd one.
std::vector<std::string> Periodic(Primitive primitive, const std::string& d, const std::string& x, const std::string& n,
                                  const std::string& capacity, const std::string& region) {
  const std::string m = d + "Turns", r = d + "Rest", s = d + "Sign", w = d + "Weight";
  const std::string integers = Reinterpreted(m, "int32_t");
  const bool cos = primitive == Primitive::Cos, tan = primitive == Primitive::Tan;
  const std::string period = tan ? "pi/2" : "pi";
  std::vector<std::string> lines = {
      "{",
      "    // x = q " + period + " + r with |r| <= " + (tan ? "pi/4" : "pi/2") + " (q the nearest integer m to x / " + period +
          (cos ? " - 1/2, plus 1/2)" : ")") + ", " + period + " in three parts",
      "    " + ScratchRegion("float", m, capacity, "0"),
      "    " + ScratchRegion("float", r, capacity, region),
      "    " + ScratchRegion("float", s, capacity, "2 * " + region),
      "    " + Call("Muls", {r, x, tan ? kTwoOverPi : kInversePi, n})};
  if (cos) lines.push_back("    " + Call("Adds", {r, r, "-0.5f", n}));
  lines.push_back("    " + Call("Cast", {integers, r, "RoundMode::CAST_RINT", n}));
  lines.push_back("    " + Call("Cast", {m, integers, "RoundMode::CAST_NONE", n}));
  std::string q = m;
  if (cos) {
    lines.push_back("    " + Call("Adds", {s, m, "0.5f", n}));
    q = s;
  }
  const auto& parts = tan ? kHalfPiParts : kPiParts;
  lines.push_back("    " + Call("Muls", {r, q, std::string("-") + parts[0], n}));
  lines.push_back("    " + Call("Add", {r, r, x, n}));
  lines.push_back("    " + Call("Axpy", {r, q, std::string("-") + parts[1], n}));
  lines.push_back("    " + Call("Axpy", {r, q, std::string("-") + parts[2], n}));
  if (tan) {
    lines.push_back("    // p = 1 for an odd m, else 0; sin r into d, cos r into r");
    Parity(lines, s, m, n, "2.0f", nullptr);
    NanUnlessFinite(lines, s, x, m, n);
    lines.push_back("    " + Call("Mul", {m, r, r, n}));
    Horner(lines, d, m, kSinTerms, n);
    lines.push_back("    " + Call("Mul", {d, d, r, n}));
    Horner(lines, r, m, kCosTerms, n);
    lines.push_back("    // ((1 - p) sin r - p cos r) / ((1 - p) cos r + p sin r): each sum adds a zero, so no rounding");
    lines.push_back("    " + ScratchRegion("float", w, capacity, "3 * " + region));
    lines.push_back("    " + Call("Muls", {w, s, "-1.0f", n}));
    lines.push_back("    " + Call("Adds", {w, w, "1.0f", n}));
    lines.push_back("    " + Call("Mul", {m, d, w, n}));
    lines.push_back("    " + Call("Mul", {w, r, w, n}));
    lines.push_back("    " + Call("Mul", {r, r, s, n}));
    lines.push_back("    " + Call("Sub", {m, m, r, n}));
    lines.push_back("    " + Call("Mul", {d, d, s, n}));
    lines.push_back("    " + Call("Add", {d, d, w, n}));
    lines.push_back("    " + Call("Div", {d, m, d, n}));
    lines.push_back("}");
    return lines;
  }
  lines.push_back(std::string("    // the sign ") + (cos ? "-(-1)^m" : "(-1)^m"));
  Parity(lines, s, m, n, cos ? "4.0f" : "-4.0f", cos ? "-1.0f" : "1.0f");
  NanUnlessFinite(lines, s, x, m, n);
  lines.push_back("    " + Call("Mul", {m, r, r, n}));
  Horner(lines, d, m, kSinTerms, n);
  lines.push_back("    " + Call("Mul", {d, d, r, n}));
  lines.push_back("    " + Call("Mul", {d, d, s, n}));
  lines.push_back("}");
  return lines;
}

// atan v = 8 atan(u), u from v by three halvings of the angle, u <- u / (1 + sqrt(1 + u^2)), which
// bring any v into |u| <= tan(pi/16); asin x = atan(x / sqrt((1 - x)(1 + x))) and
// acos x = 2 atan(sqrt((1 - x) / (1 + x))). v is first clamped to +-1e18, whose square f32 holds
// (atan(1e18) is pi/2 in f32), so infinities give +-pi/2; NaN stays NaN.
std::vector<std::string> Inverse(Primitive primitive, const std::string& d, const std::string& x, const std::string& n,
                                 const std::string& capacity, const std::string& region) {
  const std::string u = d + "Angle", b = d + "Work";
  std::vector<std::string> lines = {"{",
                                    "    " + ScratchRegion("float", u, capacity, "0"),
                                    "    " + ScratchRegion("float", b, capacity, region)};
  std::string v = x;
  if (primitive != Primitive::Atan) {
    lines.push_back("    // 1 - x and 1 + x");
    lines.push_back("    " + Call("Muls", {u, x, "-1.0f", n}));
    lines.push_back("    " + Call("Adds", {u, u, "1.0f", n}));
    lines.push_back("    " + Call("Adds", {b, x, "1.0f", n}));
    if (primitive == Primitive::Asin) {
      lines.push_back("    " + Call("Mul", {b, u, b, n}));
      lines.push_back("    " + Call("Sqrt", {b, b, n}));
      lines.push_back("    " + Call("Div", {u, x, b, n}));
    } else {
      lines.push_back("    " + Call("Div", {u, u, b, n}));
      lines.push_back("    " + Call("Sqrt", {u, u, n}));
    }
    v = u;
  }
  lines.push_back("    " + Call("Mins", {u, v, "1e18f", n}));
  lines.push_back("    " + Call("Maxs", {u, u, "-1e18f", n}));
  for (int halving = 0; halving < 3; ++halving) {
    lines.push_back("    " + Call("Mul", {b, u, u, n}));
    lines.push_back("    " + Call("Adds", {b, b, "1.0f", n}));
    lines.push_back("    " + Call("Sqrt", {b, b, n}));
    lines.push_back("    " + Call("Adds", {b, b, "1.0f", n}));
    lines.push_back("    " + Call("Div", {u, u, b, n}));
  }
  lines.push_back("    " + Call("Mul", {b, u, u, n}));
  Horner(lines, d, b, kAtanTerms, n);
  lines.push_back("    " + Call("Mul", {d, d, u, n}));
  lines.push_back("    " + Call("Muls", {d, d, primitive == Primitive::Acos ? "16.0f" : "8.0f", n}));
  lines.push_back("}");
  return lines;
}

}  // namespace

std::vector<std::string> TrigonometricLines(Primitive primitive, const std::string& d, const std::string& x,
                                            const std::string& n, const std::string& capacity, const std::string& region) {
  if (primitive == Primitive::Sin || primitive == Primitive::Cos || primitive == Primitive::Tan)
    return Periodic(primitive, d, x, n, capacity, region);
  return Inverse(primitive, d, x, n, capacity, region);
}

}  // namespace akgen::craft::lower
