// A number with a fixed count of decimals (`%.*f`), as every report prints them.
#pragma once
#include <string>

namespace akgen::bench {

std::string Decimals(double value, int digits);

}  // namespace akgen::bench
