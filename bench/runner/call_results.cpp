#include "bench/runner/call_results.h"

#include <cstring>
#include <stdexcept>

namespace akgen::bench {
namespace {

// The view's elements in row-major order, gathered through its strides.
std::vector<std::byte> Gather(const std::vector<std::byte>& source, size_t elementSize, const CallResult& view,
                              const std::string& file) {
  const int64_t count = ElementCount(view.shape);
  const auto available = static_cast<int64_t>(source.size() / elementSize);
  std::vector<std::byte> gathered(static_cast<size_t>(count) * elementSize);
  std::vector<int64_t> index(view.shape.size(), 0);
  for (int64_t n = 0; n < count; ++n) {
    int64_t position = view.offset;
    for (size_t d = 0; d < index.size(); ++d) position += index[d] * view.strides[d];
    if (position < 0 || position >= available)
      throw std::runtime_error(file + ": a returned value's element " + std::to_string(n) + " lies outside the tensor");
    std::memcpy(gathered.data() + static_cast<size_t>(n) * elementSize,
                source.data() + static_cast<size_t>(position) * elementSize, elementSize);
    for (size_t d = index.size(); d-- > 0;) {  // next index, last dimension fastest
      if (++index[d] < view.shape[d]) break;
      index[d] = 0;
    }
  }
  return gathered;
}

}  // namespace

void WriteCandidateOutputs(const std::filesystem::path& runDir, const std::vector<ResultSource>& results,
                           OutputStructure structure) {
  Manifest outputs;
  outputs.outputStructure = structure;
  for (size_t i = 0; i < results.size(); ++i) {
    const ResultSource& result = results[i];
    ManifestValue whole;
    whole.name = result.file;
    whole.kind = ValueKind::Tensor;
    whole.dtype = result.dtype;
    whole.file = runDir / result.file;
    const auto size = std::filesystem::file_size(whole.file);
    whole.shape = {static_cast<int64_t>(size / ElementSize(result.dtype))};
    const std::vector<std::byte> bytes = ReadTensorBytes(whole);
    outputs.outputs.push_back(WriteTensor(runDir, "output" + std::to_string(i), result.dtype, result.view.shape,
                                          Gather(bytes, ElementSize(result.dtype), result.view, result.file)));
  }
  WriteManifest(runDir, outputs);
}

}  // namespace akgen::bench
