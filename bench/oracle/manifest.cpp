#include "bench/oracle/manifest.h"

#include <array>
#include <cmath>
#include <fstream>
#include <limits>
#include <string_view>
#include <utility>

#include "bench/common/environment_fault.h"
#include "bench/oracle/oracle_error.h"

namespace akgen::bench {
namespace {

// A full disk stops the command (EnvironmentFault); any other failed write is the oracle stage's.
void WriteOracleFile(const std::filesystem::path& path, std::string_view bytes) {
  try {
    WriteFileBytes(path, bytes.data(), bytes.size());
  } catch (const std::runtime_error& error) {
    throw OracleError(error.what());
  }
}

namespace fs = std::filesystem;
using nlohmann::json;

constexpr std::array<std::pair<std::string_view, ValueKind>, 6> kKindNames{{
    {"tensor", ValueKind::Tensor},
    {"tensor_list", ValueKind::TensorList},
    {"scalar", ValueKind::Scalar},
    {"scalar_list", ValueKind::ScalarList},
    {"string", ValueKind::String},
    {"none", ValueKind::None},
}};

constexpr std::array<std::pair<std::string_view, OutputStructure>, 3> kStructureNames{{
    {"single", OutputStructure::Single},
    {"tuple", OutputStructure::Tuple},
    {"list", OutputStructure::List},
}};

template <typename Enum, size_t N>
std::string_view NameOf(const std::array<std::pair<std::string_view, Enum>, N>& names, Enum value) {
  for (const auto& [name, candidate] : names)
    if (candidate == value) return name;
  return "?";
}

// Parsing context: which file and entry an error is about.
struct EntryReader {
  const fs::path& manifestPath;
  const fs::path& dir;

  [[noreturn]] void Fail(const std::string& entry, const std::string& problem) const {
    throw OracleError(manifestPath.string() + ": entry '" + entry + "': " + problem);
  }

  const json& Field(const json& entry, const std::string& name, const char* key) const {
    if (!entry.contains(key)) Fail(name, std::string("missing \"") + key + "\"");
    return entry.at(key);
  }

  template <typename Enum, size_t N>
  Enum ParseName(const std::array<std::pair<std::string_view, Enum>, N>& names, const json& text,
                 const std::string& name) const {
    for (const auto& [spelling, value] : names)
      if (text.is_string() && text.get<std::string>() == spelling) return value;
    Fail(name, "unknown value " + text.dump());
  }

  ManifestValue Read(const json& entry) const {
    ManifestValue value;
    value.name = entry.value("name", std::string("?"));
    value.kind = ParseName(kKindNames, Field(entry, value.name, "kind"), value.name);
    switch (value.kind) {
      case ValueKind::Tensor:
        value.dtype = Dtype(Field(entry, value.name, "dtype"), value.name);
        value.shape = Field(entry, value.name, "shape").get<std::vector<int64_t>>();
        if (const auto file = entry.find("file"); file != entry.end()) value.file = dir / file->get<std::string>();
        break;
      case ValueKind::TensorList:
        for (const json& item : Field(entry, value.name, "items")) value.items.push_back(Read(item));
        break;
      case ValueKind::Scalar:
        value.dtype = Dtype(Field(entry, value.name, "dtype"), value.name);
        value.value = Field(entry, value.name, "value");
        break;
      case ValueKind::ScalarList:
        value.dtype = Dtype(Field(entry, value.name, "dtype"), value.name);
        value.value = Field(entry, value.name, "values");
        break;
      case ValueKind::String:
        value.value = Field(entry, value.name, "value");
        break;
      case ValueKind::None:
        break;
    }
    return value;
  }

  TorchDtype Dtype(const json& text, const std::string& name) const {
    const auto dtype = text.is_string() ? ParseTorchDtype(text.get<std::string>()) : std::nullopt;
    if (!dtype) Fail(name, "unsupported dtype " + text.dump());
    return *dtype;
  }

  OpCall ReadCall(const json& entry) const {
    OpCall call;
    call.api = Field(entry, "call", "api").get<std::string>();
    call.source = Field(entry, "call", "source").get<std::string>();
    call.arguments = ReadList(entry, "arguments");
    call.replay = entry.value("replay", false);
    const json& results = Field(entry, "call", "results");
    if (results.is_null() != call.replay) Fail("call", "has results exactly when it is not replayed");
    for (const json& result : call.replay ? json::array() : results) {
      CallResult located;
      located.argument = Field(result, "call result", "argument").get<size_t>();
      if (located.argument >= call.arguments.size()) Fail("call result", "argument index out of range");
      if (const json& item = Field(result, "call result", "item"); !item.is_null()) located.item = item.get<size_t>();
      located.offset = Field(result, "call result", "offset").get<int64_t>();
      located.shape = Field(result, "call result", "shape").get<std::vector<int64_t>>();
      located.strides = Field(result, "call result", "strides").get<std::vector<int64_t>>();
      if (located.strides.size() != located.shape.size()) Fail("call result", "shape and strides differ in rank");
      call.results.push_back(std::move(located));
    }
    return call;
  }

  std::vector<EagerOp> ReadEagerOps(const json& manifest, const char* key) const {
    std::vector<EagerOp> ops;
    for (const json& entry : manifest.value(key, json::array())) {
      const std::string name = Field(entry, "eager op", "op").get<std::string>();
      ops.push_back({name, Field(entry, name, "gm_bytes").get<uint64_t>(), Field(entry, name, "vector_bytes").get<uint64_t>(),
                     Field(entry, name, "cube_flops").get<uint64_t>()});
    }
    return ops;
  }

  std::vector<ManifestValue> ReadList(const json& manifest, const char* key) const {
    std::vector<ManifestValue> values;
    for (const json& entry : manifest.value(key, json::array())) values.push_back(Read(entry));
    return values;
  }
};

json ToJson(const ManifestValue& value, const fs::path& dir) {
  json entry{{"name", value.name}, {"kind", NameOf(kKindNames, value.kind)}};
  switch (value.kind) {
    case ValueKind::Tensor:
      entry["dtype"] = TorchDtypeName(value.dtype);
      entry["shape"] = value.shape;
      if (value.HasContents()) entry["file"] = value.file.lexically_relative(dir).string();
      break;
    case ValueKind::TensorList:
      entry["items"] = json::array();
      for (const ManifestValue& item : value.items) entry["items"].push_back(ToJson(item, dir));
      break;
    case ValueKind::Scalar:
      entry["dtype"] = TorchDtypeName(value.dtype);
      entry["value"] = value.value;
      break;
    case ValueKind::ScalarList:
      entry["dtype"] = TorchDtypeName(value.dtype);
      entry["values"] = value.value;
      break;
    case ValueKind::String:
      entry["value"] = value.value;
      break;
    case ValueKind::None:
      break;
  }
  return entry;
}

json ToJson(const std::vector<ManifestValue>& values, const fs::path& dir) {
  json list = json::array();
  for (const ManifestValue& value : values) list.push_back(ToJson(value, dir));
  return list;
}

}  // namespace

Manifest ReadManifest(const fs::path& dir) {
  const fs::path path = dir / kManifestFileName;
  std::ifstream in(path);
  if (!in) throw OracleError(path.string() + ": cannot open");
  try {
    const json manifest = json::parse(in);
    const EntryReader reader{path, dir};
    Manifest result;
    result.hasCustomChecker = manifest.value("custom_check_precision", false);
    result.timingOnly = manifest.value("timing_only", false);
    result.note = manifest.value("golden_note", std::string());
    for (const std::string& inputNote : manifest.value("input_notes", std::vector<std::string>()))
      result.note += (result.note.empty() ? "get_inputs: " : "; get_inputs: ") + inputNote;
    result.initInputs = reader.ReadList(manifest, "init_inputs");
    result.inputs = reader.ReadList(manifest, "inputs");
    result.outputs = reader.ReadList(manifest, "outputs");
    result.outputStructure =
        reader.ParseName(kStructureNames, manifest.value("output_structure", json("single")), "output_structure");
    if (manifest.contains("call")) result.call = reader.ReadCall(manifest.at("call"));
    result.eagerOps = reader.ReadEagerOps(manifest, "eager_ops");
    result.modelNewOps = reader.ReadEagerOps(manifest, "model_new_ops");
    if (const auto scaled = manifest.find("scaled_constants"); scaled != manifest.end())
      for (const auto& [name, values] : scaled->items())
        result.scaledConstants[name] = {values.at(0).get<int64_t>(), values.at(1).get<int64_t>()};
    return result;
  } catch (const json::exception& error) {
    throw OracleError(path.string() + ": " + error.what());
  }
}

void WriteManifest(const fs::path& dir, const Manifest& manifest) {
  const json document{
      {"custom_check_precision", manifest.hasCustomChecker},
      {"init_inputs", ToJson(manifest.initInputs, dir)},
      {"inputs", ToJson(manifest.inputs, dir)},
      {"output_structure", NameOf(kStructureNames, manifest.outputStructure)},
      {"outputs", ToJson(manifest.outputs, dir)},
  };
  WriteOracleFile(dir / kManifestFileName, document.dump(1) + '\n');
}

int64_t ElementCount(const std::vector<int64_t>& shape) {
  int64_t count = 1;
  for (int64_t extent : shape) count *= extent;
  return count;
}

ManifestValue WriteTensor(const fs::path& dir, const std::string& name, TorchDtype dtype,
                          const std::vector<int64_t>& shape, const std::vector<std::byte>& bytes) {
  const fs::path path = dir / (name + ".bin");
  if (bytes.size() != static_cast<size_t>(ElementCount(shape)) * ElementSize(dtype))
    throw OracleError(path.string() + ": " + std::to_string(bytes.size()) + " bytes do not hold the shape's elements");
  WriteOracleFile(path, std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
  ManifestValue tensor;
  tensor.name = name;
  tensor.kind = ValueKind::Tensor;
  tensor.dtype = dtype;
  tensor.shape = shape;
  tensor.file = path;
  return tensor;
}

std::vector<std::byte> ReadTensorBytes(const ManifestValue& tensor) {
  if (!tensor.HasContents())
    throw OracleError("tensor '" + tensor.name + "' has no contents: its manifest was made for a timing-only run");
  std::ifstream in(tensor.file, std::ios::binary | std::ios::ate);
  if (!in) throw OracleError(tensor.file.string() + ": cannot open tensor '" + tensor.name + "'");
  const auto size = static_cast<size_t>(in.tellg());
  const size_t expected = static_cast<size_t>(ElementCount(tensor.shape)) * ElementSize(tensor.dtype);
  if (size != expected)
    throw OracleError(tensor.file.string() + ": holds " + std::to_string(size) + " bytes, but " +
                      std::string(TorchDtypeName(tensor.dtype)) + " tensor '" + tensor.name + "' needs " +
                      std::to_string(expected));
  std::vector<std::byte> bytes(size);
  in.seekg(0);
  in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(size));
  if (!in) throw OracleError(tensor.file.string() + ": read failed");
  return bytes;
}

double JsonNumber(const nlohmann::json& value) {
  if (value.is_boolean()) return value.get<bool>() ? 1.0 : 0.0;
  if (value.is_number()) return value.get<double>();
  const std::string text = value.is_string() ? value.get<std::string>() : "";
  if (text == "nan") return std::numeric_limits<double>::quiet_NaN();
  if (text == "inf") return std::numeric_limits<double>::infinity();
  if (text == "-inf") return -std::numeric_limits<double>::infinity();
  throw OracleError("manifest value " + value.dump() + " is not a number");
}

}  // namespace akgen::bench
