// ge::TypeUtils: dtype sizes and names as op_host code queries them.
#pragma once
#include <cstdint>
#include <string>

#include "graph/types.h"

namespace ge {

class TypeUtils {
 public:
  static bool GetDataTypeLength(DataType dataType, uint32_t& length);
  static std::string DataTypeToSerialString(DataType dataType);
  static DataType SerialStringToDataType(const std::string& name);
  static std::string FormatToSerialString(Format format);
  static bool IsDataTypeValid(DataType dataType) { return dataType >= DT_FLOAT && dataType < DT_MAX; }
};

}  // namespace ge
