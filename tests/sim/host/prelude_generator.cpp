// Writes KernelPrelude for one op of the test ops: prelude_generator OP OUT IN_DTYPES OUT_DTYPES,
// dtypes as comma-separated CANN names (DT_FLOAT,DT_FLOAT). The build runs it to make the header
// force-included into that op's kernel, as the harness does.
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "ascendc_sim/host/op_runtime.h"
#include "graph/utils/type_utils.h"

namespace {
std::vector<ge::DataType> ParseTypes(const std::string& list) {
  std::vector<ge::DataType> types;
  std::stringstream stream(list);
  std::string name;
  while (std::getline(stream, name, ',')) types.push_back(ge::TypeUtils::SerialStringToDataType(name));
  return types;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc != 5) {
    std::cerr << "usage: prelude_generator OP OUT IN_DTYPES OUT_DTYPES\n";
    return 2;
  }
  std::string error;
  const std::string prelude = ascendc_sim::host::KernelPrelude(argv[1], ParseTypes(argv[3]), ParseTypes(argv[4]), error);
  if (prelude.empty()) {
    std::cerr << "prelude_generator: " << error << "\n";
    return 1;
  }
  std::ofstream(argv[2]) << prelude;
  return 0;
}
