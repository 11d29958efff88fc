#include "bench/report/decimals.h"

#include <cstdio>

namespace akgen::bench {

std::string Decimals(double value, int digits) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", digits, value);
  return text;
}

}  // namespace akgen::bench
