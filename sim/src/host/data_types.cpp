// ge::DataType and ge::Format tables: sizes and CANN's serial names ("DT_FLOAT16", "ND").
#include <iterator>
#include <string>

#include "graph/types.h"
#include "graph/utils/type_utils.h"

namespace ge {
namespace {

struct DataTypeInfo {
  DataType type;
  const char* name;
  int bytes;  // 0: not a fixed-size element type
};

constexpr DataTypeInfo kDataTypes[] = {
    {DT_FLOAT, "DT_FLOAT", 4},       {DT_FLOAT16, "DT_FLOAT16", 2},   {DT_INT8, "DT_INT8", 1},
    {DT_INT32, "DT_INT32", 4},       {DT_UINT8, "DT_UINT8", 1},       {DT_INT16, "DT_INT16", 2},
    {DT_UINT16, "DT_UINT16", 2},     {DT_UINT32, "DT_UINT32", 4},     {DT_INT64, "DT_INT64", 8},
    {DT_UINT64, "DT_UINT64", 8},     {DT_DOUBLE, "DT_DOUBLE", 8},     {DT_BOOL, "DT_BOOL", 1},
    {DT_STRING, "DT_STRING", 0},     {DT_DUAL_SUB_INT8, "DT_DUAL_SUB_INT8", 1},
    {DT_DUAL_SUB_UINT8, "DT_DUAL_SUB_UINT8", 1},                      {DT_COMPLEX64, "DT_COMPLEX64", 8},
    {DT_COMPLEX128, "DT_COMPLEX128", 16},                             {DT_QINT8, "DT_QINT8", 1},
    {DT_QINT16, "DT_QINT16", 2},     {DT_QINT32, "DT_QINT32", 4},     {DT_QUINT8, "DT_QUINT8", 1},
    {DT_QUINT16, "DT_QUINT16", 2},   {DT_RESOURCE, "DT_RESOURCE", 8}, {DT_STRING_REF, "DT_STRING_REF", 0},
    {DT_DUAL, "DT_DUAL", 5},         {DT_VARIANT, "DT_VARIANT", 8},   {DT_BF16, "DT_BF16", 2},
    {DT_UNDEFINED, "DT_UNDEFINED", 0},                                {DT_INT4, "DT_INT4", 1},
    {DT_UINT1, "DT_UINT1", 1},       {DT_INT2, "DT_INT2", 1},         {DT_UINT2, "DT_UINT2", 1},
    {DT_COMPLEX32, "DT_COMPLEX32", 4},
};

const DataTypeInfo* Find(DataType type) {
  for (const DataTypeInfo& info : kDataTypes) {
    if (info.type == type) return &info;
  }
  return nullptr;
}

struct FormatName {
  Format format;
  const char* name;
};
constexpr FormatName kFormatNames[] = {
    {FORMAT_NCHW, "NCHW"},       {FORMAT_NHWC, "NHWC"},   {FORMAT_ND, "ND"},       {FORMAT_NC1HWC0, "NC1HWC0"},
    {FORMAT_FRACTAL_Z, "FRACTAL_Z"}, {FORMAT_HWCN, "HWCN"}, {FORMAT_NDHWC, "NDHWC"}, {FORMAT_FRACTAL_NZ, "FRACTAL_NZ"},
    {FORMAT_NCDHW, "NCDHW"},     {FORMAT_DHWCN, "DHWCN"}, {FORMAT_NDC1HWC0, "NDC1HWC0"}, {FORMAT_CN, "CN"},
    {FORMAT_NC, "NC"},           {FORMAT_NCL, "NCL"},
};

}  // namespace

int GetSizeByDataType(DataType dataType) {
  const DataTypeInfo* info = Find(dataType);
  return info && info->bytes > 0 ? info->bytes : -1;
}

bool TypeUtils::GetDataTypeLength(DataType dataType, uint32_t& length) {
  const int bytes = GetSizeByDataType(dataType);
  if (bytes <= 0) return false;
  length = static_cast<uint32_t>(bytes);
  return true;
}

std::string TypeUtils::DataTypeToSerialString(DataType dataType) {
  const DataTypeInfo* info = Find(dataType);
  return info ? info->name : "UNDEFINED";
}

DataType TypeUtils::SerialStringToDataType(const std::string& name) {
  for (const DataTypeInfo& info : kDataTypes) {
    if (name == info.name) return info.type;
  }
  return DT_UNDEFINED;
}

std::string TypeUtils::FormatToSerialString(Format format) {
  for (const FormatName& entry : kFormatNames) {
    if (entry.format == format) return entry.name;
  }
  return "RESERVED";
}

}  // namespace ge
