#include "bench/runner/tiling_fields.h"

#include <gtest/gtest.h>

#include <cstring>

namespace akgen::bench {
namespace {

struct Inner {
  uint16_t a;
  int16_t b;
};
struct Tiling {
  uint32_t total;
  int32_t offset;
  float scale;
  uint64_t big;
  int8_t small[3];
  bool flag;
  Inner inner;
};

nlohmann::json Field(const char* type, const char* name, size_t offset, size_t bytes, size_t count = 0,
                     nlohmann::json nested = nullptr) {
  return {{"type", type}, {"name", name}, {"offset", offset}, {"bytes", bytes}, {"count", count}, {"nested", nested}};
}

TEST(TilingFieldsTest, ValuesByTheirTypesArraysAndNestedClasses) {
  const Tiling tiling{8192, -7, 2.5f, 1ULL << 40, {-1, 2, -3}, true, {65535, -2}};
  std::vector<uint8_t> bytes(sizeof(Tiling));
  std::memcpy(bytes.data(), &tiling, sizeof(Tiling));
  const nlohmann::json inner = {{"name", "Inner"},
                                {"bytes", sizeof(Inner)},
                                {"fields", {Field("uint16_t", "a", 0, 2), Field("int16_t", "b", 2, 2)}}};
  const nlohmann::json layout = {
      {"name", "Tiling"},
      {"bytes", sizeof(Tiling)},
      {"fields",
       {Field("uint32_t", "total", offsetof(Tiling, total), 4), Field("int32_t", "offset", offsetof(Tiling, offset), 4),
        Field("float", "scale", offsetof(Tiling, scale), 4), Field("uint64_t", "big", offsetof(Tiling, big), 8),
        Field("int8_t", "small", offsetof(Tiling, small), 3, 3), Field("bool", "flag", offsetof(Tiling, flag), 1),
        Field("Inner", "inner", offsetof(Tiling, inner), sizeof(Inner), 0, inner),
        Field("uint32_t", "beyond", sizeof(Tiling), 4)}}};
  const nlohmann::ordered_json values = TilingFieldValues(layout, bytes);
  EXPECT_EQ(values.dump(), R"({"total":8192,"offset":-7,"scale":2.5,"big":1099511627776,"small":[-1,2,-3],"flag":true,)"
                           R"("inner":{"a":65535,"b":-2},"beyond":null})");
  EXPECT_TRUE(TilingFieldValues(nullptr, bytes).is_null());
  EXPECT_TRUE(TilingFieldValues({{"fields", {{{"name", "x"}}}}}, bytes).is_null());  // a garbled layout
}

}  // namespace
}  // namespace akgen::bench
