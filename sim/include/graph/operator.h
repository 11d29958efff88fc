// ge::Operator (CANN's graph/operator.h): a graph node as GE hands it to an op's check-support and
// format-selection callbacks (OpAICoreDef::SetCheckSupport), which read its tensor descriptions and
// attributes by name. The harness runs ops through aclnn, which never calls those callbacks, so
// only the answers' code paths that compile against it need it; tests build one with the setters.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "graph/tensor.h"
#include "graph/types.h"

namespace ge {

class Operator {
 public:
  Operator() = default;
  Operator(const char* name, const char* type) : name_(name), type_(type) {}

  graphStatus GetName(AscendString& name) const {
    name = AscendString(name_.c_str());
    return GRAPH_SUCCESS;
  }
  graphStatus GetOpType(AscendString& type) const {
    type = AscendString(type_.c_str());
    return GRAPH_SUCCESS;
  }

  // An unknown name gives a default description, as in CANN.
  TensorDesc GetInputDescByName(const char* name) const { return DescOf(inputs_, name); }
  TensorDesc GetOutputDescByName(const char* name) const { return DescOf(outputs_, name); }
  graphStatus UpdateInputDesc(const char* name, const TensorDesc& desc) {
    inputs_[name] = desc;
    return GRAPH_SUCCESS;
  }
  graphStatus UpdateOutputDesc(const char* name, const TensorDesc& desc) {
    outputs_[name] = desc;
    return GRAPH_SUCCESS;
  }

  // GetAttr fails (GRAPH_FAILED, value untouched) for an attribute that is absent or of another type.
  graphStatus GetAttr(const char* name, int64_t& value) const { return Read(name, value); }
  graphStatus GetAttr(const char* name, float& value) const { return Read(name, value); }
  graphStatus GetAttr(const char* name, bool& value) const { return Read(name, value); }
  graphStatus GetAttr(const char* name, std::vector<int64_t>& value) const { return Read(name, value); }
  graphStatus GetAttr(const char* name, AscendString& value) const {
    std::string text;
    const graphStatus status = Read(name, text);
    if (status == GRAPH_SUCCESS) value = AscendString(text.c_str());
    return status;
  }
  Operator& SetAttr(const char* name, int64_t value) { return Write(name, value); }
  Operator& SetAttr(const char* name, float value) { return Write(name, value); }
  Operator& SetAttr(const char* name, bool value) { return Write(name, value); }
  Operator& SetAttr(const char* name, const std::vector<int64_t>& value) { return Write(name, value); }
  Operator& SetAttr(const char* name, const AscendString& value) { return Write(name, std::string(value.GetString())); }

 private:
  using AttrValue = std::variant<int64_t, float, bool, std::string, std::vector<int64_t>>;

  static TensorDesc DescOf(const std::map<std::string, TensorDesc>& descs, const char* name) {
    const auto found = descs.find(name);
    return found == descs.end() ? TensorDesc() : found->second;
  }
  template <class T>
  graphStatus Read(const char* name, T& value) const {
    const auto found = attrs_.find(name);
    if (found == attrs_.end() || !std::holds_alternative<T>(found->second)) return GRAPH_FAILED;
    value = std::get<T>(found->second);
    return GRAPH_SUCCESS;
  }
  template <class T>
  Operator& Write(const char* name, T value) {
    attrs_[name] = AttrValue(std::move(value));
    return *this;
  }

  std::string name_;
  std::string type_;
  std::map<std::string, TensorDesc> inputs_;
  std::map<std::string, TensorDesc> outputs_;
  std::map<std::string, AttrValue> attrs_;
};

}  // namespace ge
