// akgen's own pytorch_npu_helper.hpp, the header NPUKernelBench's validation/pybind.cpp includes.
//
// On an NPU, EXEC_NPU_CMD converts its arguments to aclnn types and runs the op. Here it records the
// call instead: the api name, the pybind.cpp line, and every argument as the Python value it stands
// for (tensors keep their storage, so the oracle can tell which tensor ModelNew returns). The oracle
// takes the record from the `_akgen_recorder` module compiled into the same library, and the
// sandboxed runner later replays it against the candidate's op on the simulator.
#pragma once
#include <torch/extension.h>

#include <cstdint>
#include <cstring>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

// The aclnn argument types pybind.cpp files name; each keeps the value it was converted from.
struct aclTensor {
  at::Tensor tensor;
};
struct aclTensorList {
  std::vector<at::Tensor> tensors;
};
struct aclScalar {
  at::Scalar scalar;
};
struct aclScalarList {
  std::vector<at::Scalar> scalars;
};
struct aclIntArray {
  std::vector<int64_t> values;
};
struct aclFloatArray {
  std::vector<float> values;
};
struct aclBoolArray {
  std::vector<bool> values;
};

namespace akgen_recorder {

namespace py = pybind11;

// ConvertType results live until the process ends: pybind.cpp never releases them itself.
template <typename T, typename... Args>
T* Keep(Args&&... args) {
  static std::deque<std::unique_ptr<T>> kept;
  kept.push_back(std::make_unique<T>(T{std::forward<Args>(args)...}));
  return kept.back().get();
}

// While ModelNew runs for the record, fresh CPU memory is filled with 0xFF bytes (NaN in every
// float type, -1 in signed integers), as an NPU's caching allocator hands out leftovers: a tensor
// pybind.cpp creates with `empty` then holds garbage, one from `zeros` or a copy holds its values.
// An output the kernel leaves partly unwritten is then caught instead of passing on zeros.
class PoisoningAllocator final : public c10::Allocator {
 public:
  explicit PoisoningAllocator(c10::Allocator* base) : base_(base) {}
  c10::DataPtr allocate(size_t bytes) const override {
    c10::DataPtr data = base_->allocate(bytes);
    if (poisoning && bytes > 0) std::memset(data.get(), 0xFF, bytes);
    return data;
  }
  c10::DeleterFnPtr raw_deleter() const override { return base_->raw_deleter(); }
  bool poisoning = false;

 private:
  c10::Allocator* base_;
};

inline void PoisonFreshMemory(bool on) {
  static auto* allocator = [] {
    auto* installed = new PoisoningAllocator(c10::GetAllocator(c10::DeviceType::CPU));  // never destroyed
    c10::SetAllocator(c10::DeviceType::CPU, installed, /*priority=*/1);
    return installed;
  }();
  allocator->poisoning = on;
}

inline py::dict Value(const char* kind, py::object value) {
  py::dict entry;
  entry["kind"] = kind;
  entry["value"] = std::move(value);
  return entry;
}

inline py::dict None() { return Value("none", py::none()); }

// A tensor keeps its identity (the oracle matches ModelNew's return values by storage) and a copy of
// its contents at the call, which later code in pybind.cpp may change. The copy is the recorder's,
// not the candidate's: it is hidden from Python dispatch modes (the ops a MultiKernelBench ModelNew
// runs around its call are recorded and charged, akgen_oracle.mkb_record).
inline py::dict Describe(const at::Tensor& tensor) {
  if (!tensor.defined()) return None();
  py::dict entry = Value("tensor", py::cast(tensor));
  c10::impl::ExcludeDispatchKeyGuard unseen(
      c10::DispatchKeySet({c10::DispatchKey::Python, c10::DispatchKey::PythonTLSSnapshot}));
  entry["snapshot"] = py::cast(tensor.clone(at::MemoryFormat::Contiguous));
  return entry;
}
inline py::dict Describe(const std::vector<at::Tensor>& tensors) {
  py::list items;
  for (const at::Tensor& tensor : tensors) items.append(Describe(tensor));
  return Value("tensor_list", items);
}
inline py::dict Describe(const c10::optional<at::Tensor>& tensor) { return tensor ? Describe(*tensor) : None(); }
inline py::dict Describe(const aclTensor* tensor) { return tensor ? Describe(tensor->tensor) : None(); }
inline py::dict Describe(at::TensorList tensors) { return Describe(tensors.vec()); }
inline py::dict Describe(const aclTensorList* list) { return list ? Describe(list->tensors) : None(); }

inline py::dict Describe(const at::Scalar& scalar) {
  if (scalar.isBoolean()) return Value("bool", py::cast(scalar.toBool()));
  if (scalar.isIntegral(false)) return Value("int", py::cast(scalar.toLong()));
  return Value("float", py::cast(scalar.toDouble()));
}
inline py::dict Describe(const c10::optional<at::Scalar>& scalar) { return scalar ? Describe(*scalar) : None(); }
inline py::dict Describe(const aclScalar* scalar) { return scalar ? Describe(scalar->scalar) : None(); }
// A scalar list, also passed to EXEC_NPU_CMD as it is (ForeachAddScalarList passes an ArrayRef), which
// the NPU helper converts to an aclScalarList.
inline py::dict Describe(at::ArrayRef<at::Scalar> scalars) {
  py::list values;
  for (const at::Scalar& scalar : scalars) values.append(Describe(scalar)["value"]);
  return Value("scalar_list", values);
}
inline py::dict Describe(const aclScalarList* list) { return list ? Describe(list->scalars) : None(); }

inline py::dict Describe(at::IntArrayRef values) { return Value("int_array", py::cast(values.vec())); }
inline py::dict Describe(const std::vector<int64_t>& values) { return Value("int_array", py::cast(values)); }
inline py::dict Describe(const c10::optional<at::IntArrayRef>& values) { return values ? Describe(*values) : None(); }
inline py::dict Describe(const aclIntArray* array) { return array ? Describe(array->values) : None(); }
inline py::dict Describe(const aclFloatArray* array) { return array ? Value("float_array", py::cast(array->values)) : None(); }
inline py::dict Describe(const std::vector<float>& values) { return Value("float_array", py::cast(values)); }
inline py::dict Describe(const std::vector<double>& values) { return Value("float_array", py::cast(values)); }
inline py::dict Describe(const aclBoolArray* array) { return array ? Value("bool_array", py::cast(array->values)) : None(); }

inline py::dict Describe(const std::string& text) { return Value("string", py::cast(text)); }
inline py::dict Describe(const char* text) { return text ? Describe(std::string(text)) : None(); }
inline py::dict Describe(at::ScalarType type) { return Value("dtype", py::cast(std::string(c10::toString(type)))); }

// Plain C++ numbers, which ConvertType passes through unchanged.
template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>>
py::dict Describe(T value) {
  if constexpr (std::is_same_v<T, bool>) return Value("bool", py::cast(value));
  else if constexpr (std::is_integral_v<T>) return Value("int", py::cast(static_cast<int64_t>(value)));
  else return Value("float", py::cast(static_cast<double>(value)));
}

// Replay: the arguments' contents after the candidate's run, one Python value per argument (a
// tensor, a list of tensors, or None), copied into the tensors EXEC_NPU_CMD receives so that the
// rest of pybind.cpp and ModelNew compute the values they return from the candidate's results.
inline py::object& Replay() {
  static auto* replay = new py::object(py::none());  // never destroyed, like Calls()
  return *replay;
}

inline void Fill(const at::Tensor& tensor, const py::handle& contents) {
  if (tensor.defined() && !contents.is_none()) tensor.copy_(contents.cast<at::Tensor>().view_as(tensor));
}
inline void Fill(const c10::optional<at::Tensor>& tensor, const py::handle& contents) {
  if (tensor) Fill(*tensor, contents);
}
// Pointer overloads take non-const pointers: that is what ConvertType returns, and a const one
// would lose to the catch-all template below.
inline void Fill(aclTensor* tensor, const py::handle& contents) {
  if (tensor) Fill(tensor->tensor, contents);
}
inline void Fill(const std::vector<at::Tensor>& tensors, const py::handle& contents) {
  if (contents.is_none()) return;
  const py::list items = contents.cast<py::list>();
  for (size_t i = 0; i < tensors.size() && i < items.size(); ++i) Fill(tensors[i], items[i]);
}
inline void Fill(at::TensorList tensors, const py::handle& contents) { Fill(tensors.vec(), contents); }
inline void Fill(aclTensorList* list, const py::handle& contents) {
  if (list) Fill(list->tensors, contents);
}
template <typename T>
void Fill(const T&, const py::handle&) {}  // not a tensor: nothing the op writes

template <typename T>
void FillArgument(const T& argument, const py::list& contents, size_t index) {
  if (index < contents.size()) Fill(argument, contents[index]);
}

inline py::list& Calls() {
  static auto* calls = new py::list();  // never destroyed: it must not outlive the interpreter
  return *calls;
}

template <typename... Args>
void Record(const char* api, const char* file, int line, const Args&... args) {
  py::dict call;
  call["api"] = api;
  call["file"] = file;
  call["line"] = line;
  py::list arguments;
  (arguments.append(Describe(args)), ...);
  call["arguments"] = arguments;
  Calls().append(call);
  if (!Replay().is_none()) {
    const py::list contents = Replay().cast<py::list>();
    size_t index = 0;
    (FillArgument(args, contents, index++), ...);
  }
}

}  // namespace akgen_recorder

inline aclTensor* ConvertType(const at::Tensor& tensor) { return akgen_recorder::Keep<aclTensor>(tensor); }
inline aclTensor* ConvertType(const c10::optional<at::Tensor>& tensor) {
  return tensor && tensor->defined() ? ConvertType(*tensor) : nullptr;
}
inline aclTensorList* ConvertType(at::TensorList tensors) { return akgen_recorder::Keep<aclTensorList>(tensors.vec()); }
inline aclScalar* ConvertType(const at::Scalar& scalar) { return akgen_recorder::Keep<aclScalar>(scalar); }
inline aclScalar* ConvertType(const c10::optional<at::Scalar>& scalar) { return scalar ? ConvertType(*scalar) : nullptr; }
inline aclScalarList* ConvertType(at::ArrayRef<at::Scalar> scalars) {
  return akgen_recorder::Keep<aclScalarList>(scalars.vec());
}
inline aclIntArray* ConvertType(at::IntArrayRef values) { return akgen_recorder::Keep<aclIntArray>(values.vec()); }
inline aclIntArray* ConvertType(const c10::optional<at::IntArrayRef>& values) {
  return values ? ConvertType(*values) : nullptr;
}
inline aclBoolArray* ConvertType(at::ArrayRef<bool> values) { return akgen_recorder::Keep<aclBoolArray>(values.vec()); }
template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>>
T ConvertType(T value) {
  return value;
}

// A one-element tensor's value as a scalar of its own type, as the NPU helper reads it.
inline c10::Scalar ConvertTensorToScalar(const at::Tensor& tensor) { return tensor.item(); }
inline aclScalar* ConvertTensorToAclScaler(const at::Tensor& tensor) { return ConvertType(ConvertTensorToScalar(tensor)); }

#define EXEC_NPU_CMD(aclnn_api, ...) ::akgen_recorder::Record(#aclnn_api, __FILE__, __LINE__, __VA_ARGS__)

// The oracle imports this second module from the same library to collect the recorded calls.
PYBIND11_MODULE(_akgen_recorder, m) {
  m.def("take_calls", [] {
    pybind11::list calls = akgen_recorder::Calls();
    akgen_recorder::Calls() = pybind11::list();
    return calls;
  });
  m.def("set_replay", [](pybind11::object contents) { akgen_recorder::Replay() = std::move(contents); });
  m.def("poison_fresh_memory", &akgen_recorder::PoisonFreshMemory);
}
