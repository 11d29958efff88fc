#include "data/cot/kernel_units.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>

#include "bench/common/content_hash.h"
#include "data/hygiene/code_tokens.h"

namespace akgen::data {
namespace {

namespace fs = std::filesystem;

constexpr uintmax_t kMaxSourceBytes = 1 << 20;

bool IsSource(const fs::path& file) {
  static const std::set<std::string> kExtensions = {".cpp", ".cc", ".cxx", ".cce", ".h", ".hpp", ".hh"};
  return kExtensions.count(file.extension().string()) > 0;
}

// A definition (a body follows), not the declaration a host file makes to launch it.
const std::regex& KernelEntry() {
  static const std::regex kEntry(R"((__global__\s+__aicore__|__aicore__\s+__global__)\s+void\s+\w+\s*\([^;{]*\)\s*\{)");
  return kEntry;
}

bool DefinesKernelEntry(const std::string& text) { return std::regex_search(text, KernelEntry()); }

// Whether every entry's body is empty but for comments, as in a benchmark's question skeleton.
bool OnlyEmptyEntries(const std::string& text) {
  for (std::sregex_iterator it(text.begin(), text.end(), KernelEntry()), end; it != end; ++it) {
    const size_t open = static_cast<size_t>(it->position(0) + it->length(0));
    const size_t close = text.find('}', open);
    if (close == std::string::npos || !NormalizedCode(text.substr(open, close - open)).empty()) return false;
  }
  return true;
}

// The kernel-side tiling structs an op build generates from op_host's tiling header
// (BEGIN_TILING_DATA_DEF … END_TILING_DATA_DEF): plain structs of the same fields, and GET_TILING_DATA's
// default, the class registered for the op itself. Kernels that read their tiling need them to compile.
std::string KernelTilingStructs(const std::string& header) {
  static const std::regex kBegin(R"(BEGIN_TILING_DATA_DEF\s*\(\s*(\w+)\s*\))");
  static const std::regex kField(R"(TILING_DATA_FIELD_DEF\s*\(\s*([\w:]+)\s*,\s*(\w+)\s*\))");
  static const std::regex kArray(R"(TILING_DATA_FIELD_DEF_ARR\s*\(\s*([\w:]+)\s*,\s*(\w+)\s*,\s*(\w+)\s*\))");
  static const std::regex kStruct(R"(TILING_DATA_FIELD_DEF_STRUCT\s*\(\s*(\w+)\s*,\s*(\w+)\s*\))");
  static const std::regex kEnd(R"(END_TILING_DATA_DEF)");
  static const std::regex kRegister(R"(REGISTER_TILING_DATA_CLASS\s*\(\s*(\w+)\s*,\s*(\w+)\s*\))");
  std::ostringstream out;
  std::string defaultClass;
  std::istringstream lines(header);
  for (std::string line; std::getline(lines, line);) {
    std::smatch match;
    static const std::regex kDefine(R"(^\s*(#\s*define|(static\s+)?constexpr)\s)");
    if (std::regex_search(line, kDefine)) {
      out << line << '\n';  // constants the header shares with the kernel (array sizes)
    } else if (std::regex_search(line, match, kBegin)) {
      out << "struct " << match[1] << " {\n";
    } else if (std::regex_search(line, match, kArray)) {
      out << "  " << match[1] << " " << match[3] << "[" << match[2] << "];\n";
    } else if (std::regex_search(line, match, kStruct)) {
      out << "  " << match[1] << " " << match[2] << ";\n";
    } else if (std::regex_search(line, match, kField)) {
      out << "  " << match[1] << " " << match[2] << ";\n";
    } else if (std::regex_search(line, match, kEnd)) {
      out << "};\n";
    } else if (std::regex_search(line, match, kRegister) && match[1].str().find('_') == std::string::npos) {
      defaultClass = match[2];
    }
  }
  if (!defaultClass.empty()) out << "AKGEN_REGISTER_OP_TILING(" << defaultClass << ");\n";
  return out.str();
}

// DTYPE_<PARAM> for each input and output of the op definition in op_host's sources, with the first
// data type each lists: the op build compiles the kernel once per type combination, and this is
// its first.
std::string KernelDtypeMacros(const std::string& hostSource) {
  static const std::regex kParam(R"re((Input|Output)\s*\(\s*"(\w+)"\s*\)[^;]*?\.DataType\s*\(\s*\{\s*ge::(DT_\w+))re");
  static const std::map<std::string, std::string> kTypes = {
      {"DT_FLOAT16", "half"},    {"DT_FLOAT", "float"},   {"DT_BF16", "bfloat16_t"}, {"DT_INT8", "int8_t"},
      {"DT_UINT8", "uint8_t"},   {"DT_INT16", "int16_t"}, {"DT_UINT16", "uint16_t"}, {"DT_INT32", "int32_t"},
      {"DT_UINT32", "uint32_t"}, {"DT_INT64", "int64_t"}, {"DT_UINT64", "uint64_t"}, {"DT_BOOL", "bool"},
      {"DT_DOUBLE", "double"}};
  std::ostringstream out;
  for (std::sregex_iterator it(hostSource.begin(), hostSource.end(), kParam), end; it != end; ++it) {
    const auto type = kTypes.find((*it)[3].str());
    if (type == kTypes.end()) continue;
    std::string name = (*it)[2].str();
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::toupper(c); });
    out << "#ifndef DTYPE_" << name << "\n#define DTYPE_" << name << " " << type->second << "\n#endif\n";
  }
  return out.str();
}

class Gatherer {
 public:
  explicit Gatherer(const fs::path& root) : root_(fs::weakly_canonical(root)) {
    if (fs::is_directory(root_))
      for (const fs::directory_entry& entry : fs::recursive_directory_iterator(root_))
        if (entry.is_regular_file() && IsSource(entry.path()))
          byName_[entry.path().filename().string()].push_back(entry.path());
  }

  KernelUnit Gather(const fs::path& file) {
    seen_.clear();
    KernelUnit unit;
    unit.file = file;
    std::ostringstream out;
    // An op project (op_kernel/ beside op_host/): the tiling structs its build would generate.
    const fs::path hostDir = file.parent_path().parent_path() / "op_host";
    if (file.parent_path().filename() == "op_kernel" && fs::is_directory(hostDir))
      for (const fs::directory_entry& entry : fs::directory_iterator(hostDir)) {
        if (entry.path().extension() == ".cpp") {
          const std::string macros = KernelDtypeMacros(bench::ReadFileText(entry.path()));
          if (!macros.empty())
            out << "// ---- the data type macros of " << fs::relative(entry.path(), root_).generic_string()
                << "'s op definition (its first type combination) ----\n"
                << macros;
        }
        if (entry.path().filename().string().ends_with("_tiling.h")) {
          const std::string structs = KernelTilingStructs(bench::ReadFileText(entry.path()));
          if (structs.empty()) continue;
          const std::string shown = fs::relative(entry.path(), root_).generic_string();
          unit.inlined.push_back(shown);
          out << "// ---- the kernel-side tiling structs of " << shown << ", as the op build generates them ----\n"
              << "#include \"kernel_operator.h\"\n"
              << structs << "// ---- end of the tiling structs ----\n";
        }
      }
    Inline(fs::weakly_canonical(file), out, unit, true);
    unit.source = out.str();
    unit.emptyEntry = OnlyEmptyEntries(bench::ReadFileText(file));
    return unit;
  }

 private:
  std::optional<fs::path> Resolve(const fs::path& from, const std::string& name) const {
    for (const fs::path& candidate : {from.parent_path() / name, root_ / name})
      if (fs::is_regular_file(candidate)) return fs::weakly_canonical(candidate);
    const auto found = byName_.find(fs::path(name).filename().string());
    if (found == byName_.end()) return std::nullopt;
    for (const fs::path& path : found->second)
      if (path.generic_string().ends_with("/" + fs::path(name).generic_string())) return path;
    return std::nullopt;
  }

  void Inline(const fs::path& file, std::ostringstream& out, KernelUnit& unit, bool top) {
    static const std::regex kQuoted(R"re(^\s*#\s*include\s*"([^"]+)")re");
    static const std::regex kPragmaOnce(R"(^\s*#\s*pragma\s+once)");
    seen_.insert(file);
    std::istringstream lines(bench::ReadFileText(file));
    for (std::string line; std::getline(lines, line);) {
      std::smatch match;
      if (!top && std::regex_search(line, kPragmaOnce)) continue;
      if (!std::regex_search(line, match, kQuoted)) {
        out << line << '\n';
        continue;
      }
      const std::optional<fs::path> header = Resolve(file, match[1].str());
      if (!header) {
        out << line << '\n';  // the simulator's own header, or one the tree lacks: the compiler decides
        if (std::find(unit.unresolved.begin(), unit.unresolved.end(), match[1].str()) == unit.unresolved.end())
          unit.unresolved.push_back(match[1].str());
        continue;
      }
      if (seen_.count(*header)) continue;
      const std::string shown = fs::relative(*header, root_).generic_string();
      unit.inlined.push_back(shown);
      out << "// ---- inlined: " << shown << " ----\n";
      Inline(*header, out, unit, false);
      out << "// ---- end of " << shown << " ----\n";
    }
  }

  fs::path root_;
  std::map<std::string, std::vector<fs::path>> byName_;
  std::set<fs::path> seen_;
};

}  // namespace

std::vector<KernelUnit> GatherKernelUnits(const std::vector<fs::path>& trees) {
  std::vector<KernelUnit> units;
  for (const fs::path& tree : trees) {
    if (!fs::exists(tree)) throw std::runtime_error(tree.string() + ": no such file or folder");
    const fs::path root = fs::is_directory(tree) ? tree : tree.parent_path();
    std::vector<fs::path> files;
    auto consider = [&](const fs::path& file) {
      if (IsSource(file) && fs::file_size(file) <= kMaxSourceBytes && DefinesKernelEntry(bench::ReadFileText(file)))
        files.push_back(file);
    };
    if (fs::is_directory(tree)) {
      for (const fs::directory_entry& entry : fs::recursive_directory_iterator(tree))
        if (entry.is_regular_file()) consider(entry.path());
    } else {
      consider(tree);
    }
    std::sort(files.begin(), files.end());
    Gatherer gatherer(root);
    for (const fs::path& file : files) units.push_back(gatherer.Gather(file));
  }
  return units;
}

}  // namespace akgen::data
