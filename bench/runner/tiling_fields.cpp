#include "bench/runner/tiling_fields.h"

#include <cstring>
#include <string>

namespace akgen::bench {
namespace {

template <typename T>
T Load(const std::vector<uint8_t>& bytes, size_t offset) {
  T value;
  std::memcpy(&value, bytes.data() + offset, sizeof(T));
  return value;
}

// One element of `size` bytes at `offset`, read as the C++ type `type` names.
nlohmann::ordered_json Element(const std::string& type, size_t size, const std::vector<uint8_t>& bytes, size_t offset) {
  if (type.find("float") != std::string::npos || type.find("double") != std::string::npos) {
    if (size == sizeof(float)) return Load<float>(bytes, offset);
    if (size == sizeof(double)) return Load<double>(bytes, offset);
    return nullptr;
  }
  if (type == "bool") return Load<uint8_t>(bytes, offset) != 0;
  const bool isUnsigned = type.rfind("uint", 0) == 0 || type.rfind("unsigned", 0) == 0 || type == "size_t";
  switch (size) {
    case 1:
      return isUnsigned ? nlohmann::ordered_json(Load<uint8_t>(bytes, offset))
                        : nlohmann::ordered_json(Load<int8_t>(bytes, offset));
    case 2:
      return isUnsigned ? nlohmann::ordered_json(Load<uint16_t>(bytes, offset))
                        : nlohmann::ordered_json(Load<int16_t>(bytes, offset));
    case 4:
      return isUnsigned ? nlohmann::ordered_json(Load<uint32_t>(bytes, offset))
                        : nlohmann::ordered_json(Load<int32_t>(bytes, offset));
    case 8:
      return isUnsigned ? nlohmann::ordered_json(Load<uint64_t>(bytes, offset))
                        : nlohmann::ordered_json(Load<int64_t>(bytes, offset));
    default:
      return nullptr;
  }
}

nlohmann::ordered_json ClassValues(const nlohmann::json& layout, const std::vector<uint8_t>& bytes, size_t base);

nlohmann::ordered_json FieldValue(const nlohmann::json& field, const std::vector<uint8_t>& bytes, size_t base) {
  const size_t offset = base + field.at("offset").get<size_t>();
  const size_t size = field.at("bytes").get<size_t>();
  const size_t count = field.at("count").get<size_t>();
  if (offset + size > bytes.size() || size == 0) return nullptr;
  const nlohmann::json& nested = field.at("nested");
  const size_t elementSize = count > 0 ? size / count : size;
  auto element = [&](size_t at) {
    return nested.is_null() ? Element(field.at("type").get<std::string>(), elementSize, bytes, at)
                            : ClassValues(nested, bytes, at);
  };
  if (count == 0) return element(offset);
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (size_t i = 0; i < count; ++i) list.push_back(element(offset + i * elementSize));
  return list;
}

nlohmann::ordered_json ClassValues(const nlohmann::json& layout, const std::vector<uint8_t>& bytes, size_t base) {
  nlohmann::ordered_json values = nlohmann::ordered_json::object();
  for (const nlohmann::json& field : layout.at("fields"))
    values[field.at("name").get<std::string>()] = FieldValue(field, bytes, base);
  return values;
}

}  // namespace

nlohmann::ordered_json TilingFieldValues(const nlohmann::json& layout, const std::vector<uint8_t>& bytes) {
  if (layout.is_null()) return nullptr;
  try {
    return ClassValues(layout, bytes, 0);
  } catch (const nlohmann::json::exception&) {
    return nullptr;  // a layout the runner's process garbled names nothing
  }
}

}  // namespace akgen::bench
