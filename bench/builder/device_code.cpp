#include "bench/builder/device_code.h"

#include <cxxabi.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "bench/builder/compiler_process.h"
#include "bench/builder/toolchain.h"

namespace akgen::bench {
namespace {

namespace fs = std::filesystem;

// Emitted by the compiler, not written by the kernel: unwinding through the simulator's calls,
// block copies, stack protection, the scalar unit's square root (the simulator's sqrt is
// __builtin_sqrtf, which g++ may call out to sqrtf for errno), and the instrumentation's calls
// (the simulator defines them: scalar_code.h).
constexpr std::array<std::string_view, 11> kCompilerSymbols = {"__gxx_personality_v0",
                                                               "_Unwind_Resume",
                                                               "_GLOBAL_OFFSET_TABLE_",
                                                               "memcpy",
                                                               "memmove",
                                                               "memset",
                                                               "__stack_chk_fail",
                                                               "sqrtf",
                                                               "sqrt",
                                                               "__sanitizer_cov_trace_pc",
                                                               "__asan_handle_no_return"};

// What the simulator defines for the instrumentation: a kernel defining one would not be charged.
bool IsInstrumentationSymbol(std::string_view symbol) {
  return symbol.starts_with("__asan_") || symbol.starts_with("__sanitizer_") ||
         symbol.starts_with(kChargedMemoryCallPrefix) ||
         std::find(kKernelMemoryCalls.begin(), kKernelMemoryCalls.end(), symbol) != kKernelMemoryCalls.end();
}

bool IsCompilerSymbol(std::string_view symbol) {
  const bool scalarAccess =
      (symbol.starts_with("__asan_load") || symbol.starts_with("__asan_store")) && symbol.ends_with("_noabort");
  return scalarAccess || std::find(kCompilerSymbols.begin(), kCompilerSymbols.end(), symbol) != kCompilerSymbols.end();
}

}  // namespace

std::string Demangled(const std::string& symbol) {
  int status = 0;
  std::unique_ptr<char, decltype(&std::free)> name(abi::__cxa_demangle(symbol.c_str(), nullptr, nullptr, &status),
                                                   &std::free);
  return status == 0 && name ? name.get() : symbol;
}

namespace {

struct HostKind {
  std::string_view what;
  std::vector<std::string_view> markers;      // substrings of the demangled name
  std::vector<std::string_view> sourceWords;  // how kernels write it, beside the call's own name
};

constexpr std::string_view kStaticObjects = "a static local or global object (its guard or destructor)";

// The first kind whose marker the demangled name holds; the last kind takes the rest.
const std::vector<HostKind>& HostKinds() {
  static const std::vector<HostKind> kinds = {
      {"heap allocation",
       {"operator new", "operator delete", "malloc", "calloc", "realloc", "free", "aligned_alloc"},
       {"new", "malloc", "calloc", "realloc", "free", "vector", "string", "make_unique", "make_shared", "unique_ptr",
        "shared_ptr", "map", "set", "list", "deque", "function"}},
      {"a C++ exception",
       {"__cxa_throw", "__cxa_allocate_exception", "__cxa_begin_catch", "__cxa_rethrow"},
       {"throw", "try", "catch"}},
      {"run-time type information",
       {"typeinfo", "__dynamic_cast", "__cxa_bad_cast", "__cxa_bad_typeid"},
       {"typeid", "dynamic_cast"}},
      {"host input and output (iostreams, stdio, files)",
       {"std::basic_ostream",
        "std::basic_istream",
        "std::ostream",
        "std::istream",
        "std::endl",
        "std::ios_base",
        "std::cout",
        "std::cerr",
        "std::basic_ios",
        "printf",
        "puts",
        "putchar",
        "fopen",
        "fwrite",
        "fread",
        "fclose",
        "fflush",
        "fputs",
        "open",
        "read",
        "write",
        "stdout",
        "stderr",
        "std::basic_filebuf"},
       {"cout", "cerr", "clog", "printf", "fprintf", "puts", "fopen", "ifstream", "ofstream", "fstream", "open", "read",
        "write", "iostream"}},
      {"threads", {"pthread", "std::thread", "std::mutex"}, {"thread", "mutex", "pthread_create"}},
      {kStaticObjects, {"__cxa_guard", "__cxa_atexit", "__dso_handle"}, {"static"}},
      {"the host's maths library",
       {"exp",   "log",  "pow",   "sin",  "cos",  "tan",  "sqrt", "cbrt", "erf",  "fabs",   "floor", "ceil",
        "round", "fmod", "hypot", "atan", "asin", "acos", "tanh", "sinh", "cosh", "lgamma", "tgamma"},
       {}},
      {"the simulator's own state (it is no device API)", {"ascendc_sim::"}, {"ascendc_sim"}},
      {"a host library function", {""}, {}},
  };
  return kinds;
}

const HostKind& KindOf(const std::string& demangled) {
  for (const HostKind& kind : HostKinds())
    for (std::string_view marker : kind.markers)
      if (demangled.find(marker) != std::string::npos) return kind;
  return HostKinds().back();
}

// `std::vector<int>::_M_realloc_insert(...)` → `_M_realloc_insert`; `operator new(unsigned long)` →
// `new`: the word to look for in the source.
std::string CallWord(const std::string& demangled) {
  std::string name = demangled.substr(0, demangled.find('('));
  if (const size_t op = name.rfind("operator "); op != std::string::npos) return name.substr(op + 9);
  if (const size_t scope = name.rfind("::"); scope != std::string::npos) name = name.substr(scope + 2);
  return name;
}

bool IsWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

bool NamesWord(const std::string& line, std::string_view word) {
  for (size_t at = line.find(word); !word.empty() && at != std::string::npos; at = line.find(word, at + 1)) {
    const bool startsWord = at == 0 || !IsWordChar(line[at - 1]);
    const bool endsWord = at + word.size() == line.size() || !IsWordChar(line[at + word.size()]);
    if (startsWord && endsWord) return true;
  }
  return false;
}

// `FILE:LINE` of the first source line that names the call (`expf` also as `exp`, as std::exp
// writes it) or a word of its kind, else `FILE`. Code lines first, then preprocessor lines: a use
// says more than its #include, but an #include may be the whole story (<iostream>).
std::string Where(const fs::path& source, const std::string& call, const HostKind& kind) {
  std::vector<std::string_view> words(kind.sourceWords.begin(), kind.sourceWords.end());
  if (!call.empty()) words.push_back(call);
  const std::string withoutSuffix =
      call.size() > 1 && (call.back() == 'f' || call.back() == 'l') ? call.substr(0, call.size() - 1) : call;
  words.push_back(withoutSuffix);
  for (const bool preprocessor : {false, true}) {
    std::ifstream in(source);
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
      const size_t first = line.find_first_not_of(" \t");
      if ((first != std::string::npos && line[first] == '#') != preprocessor) continue;
      const std::string code = line.substr(0, line.find("//"));
      for (std::string_view word : words)
        if (NamesWord(code, word)) return source.string() + ":" + std::to_string(number);
    }
  }
  return source.string();
}

// Calls `visit(name, type)` for each symbol line of `nm --format=posix` output: `NAME TYPE [VALUE
// SIZE]`. An archive's `ARCHIVE[MEMBER]:` lines have no type and are skipped.
template <class Visit>
void ForEachSymbol(std::string_view nmListing, Visit visit) {
  std::istringstream lines{std::string(nmListing)};
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string name;
    std::string type;
    if (fields >> name >> type) visit(name, type);
  }
}

}  // namespace

ObjectSymbols ReadObjectSymbols(std::string_view nmListing, const fs::path& source) {
  ObjectSymbols symbols;
  symbols.source = source;
  ForEachSymbol(nmListing, [&](const std::string& name, const std::string& type) {
    if (type == "U") {
      symbols.undefined.insert(name);
    } else if (type != "w" && type != "v") {
      symbols.defined.insert(name);
      // g++ names the function that runs a file's dynamic initialisers _GLOBAL__sub_I_<file>.
      if (name.rfind("_GLOBAL__sub_I_", 0) == 0) symbols.staticInitialiser = true;
    }
  });
  return symbols;
}

std::string DeviceCodeErrors(const std::vector<ObjectSymbols>& objects, const std::set<std::string>& simulatorSymbols) {
  std::set<std::string> candidateSymbols;
  for (const ObjectSymbols& object : objects) candidateSymbols.insert(object.defined.begin(), object.defined.end());
  std::string errors;
  for (const ObjectSymbols& object : objects) {
    if (object.staticInitialiser)
      errors += object.source.string() +
                ": error: [device-code] the file has a static initialiser (a global object with a constructor, or a "
                "global set by a function call); an AI core runs no code before the kernel: make it constexpr or "
                "set it inside the kernel\n";
    for (const std::string& symbol : object.defined) {
      if (!IsInstrumentationSymbol(symbol)) continue;
      errors += Where(object.source, symbol, HostKinds().back()) + ": error: [device-code] the kernel defines `" +
                symbol + "`, which the toolchain provides; rename it\n";
    }
    std::set<std::string_view> kindsSeen;
    for (const std::string& symbol : object.undefined) {
      if (simulatorSymbols.count(symbol) || candidateSymbols.count(symbol)) continue;
      if (IsCompilerSymbol(symbol)) continue;
      const std::string demangled = Demangled(symbol);
      const HostKind& kind = KindOf(demangled);
      // A static initialiser registers its destructors with __cxa_atexit: the same fault, said once.
      if (object.staticInitialiser && kind.what == kStaticObjects) continue;
      if (!kindsSeen.insert(kind.what).second) continue;  // one line per kind and file
      // A library's internal name (std::ios_base::Init::Init) is not what the kernel wrote; its kind's words are.
      const bool internal = demangled.rfind("std::", 0) == 0 || demangled.rfind("__", 0) == 0;
      errors += Where(object.source, internal ? "" : CallWord(demangled), kind) +
                ": error: [device-code] the kernel calls `" + demangled + "`: " + std::string(kind.what) +
                " does not exist on an AI core; use the AscendC API (TPipe/TBuf for memory, vector instructions "
                "for maths, AscendC::printf to print)\n";
    }
  }
  return errors;
}

std::set<std::string> UnresolvedKernelSymbols(const std::vector<ObjectSymbols>& objects,
                                              const std::set<std::string>& simulatorSymbols) {
  std::set<std::string> defined;
  for (const ObjectSymbols& object : objects) defined.insert(object.defined.begin(), object.defined.end());
  std::set<std::string> unresolved;
  for (const ObjectSymbols& object : objects) {
    for (const std::string& symbol : object.undefined) {
      if (defined.count(symbol) || simulatorSymbols.count(symbol) || IsCompilerSymbol(symbol)) continue;
      if (symbol.rfind("_Z", 0) != 0) continue;  // C functions are the C library's
      const std::string demangled = Demangled(symbol);
      if (demangled.rfind("std::", 0) == 0 || demangled.rfind("__", 0) == 0) continue;
      unresolved.insert(symbol);
    }
  }
  return unresolved;
}

namespace {

bool IsAssembly(std::string_view word) { return word == "asm" || word == "__asm" || word == "__asm__"; }

// GCC's attributes that turn instrumentation off: no_sanitize, no_sanitize_address,
// no_sanitize_coverage, … in any spelling (`__no_sanitize_address__`), and an old synonym.
bool TurnsInstrumentationOff(std::string_view word) {
  return word.find("no_sanitize") != std::string_view::npos ||
         word.find("no_address_safety_analysis") != std::string_view::npos;
}

// The identifiers of a preprocessed line, outside string and character literals.
std::vector<std::string_view> Identifiers(std::string_view line) {
  std::vector<std::string_view> words;
  for (size_t at = 0; at < line.size();) {
    const char c = line[at];
    if (c == '"' || c == '\'') {
      size_t end = at + 1;
      while (end < line.size() && line[end] != c) end += line[end] == '\\' ? 2 : 1;
      at = end + 1;
    } else if (IsWordChar(c)) {
      size_t end = at;
      while (end < line.size() && IsWordChar(line[end])) ++end;
      words.push_back(line.substr(at, end - at));
      at = end;
    } else {
      ++at;
    }
  }
  return words;
}

}  // namespace

std::string UninstrumentedCodeErrors(std::string_view preprocessed) {
  std::string errors;
  std::string file;
  long line = 0;
  bool systemHeader = false;
  std::istringstream lines{std::string(preprocessed)};
  std::string text;
  while (std::getline(lines, text)) {
    // A line marker: `# LINE "FILE" FLAGS`, where flag 3 marks a system header.
    if (text.size() > 2 && text[0] == '#' && text[1] == ' ' && std::isdigit(static_cast<unsigned char>(text[2]))) {
      std::istringstream marker(text.substr(2));
      std::string quoted;
      marker >> line >> std::quoted(quoted);
      file = quoted;
      systemHeader = false;
      for (int flag; marker >> flag;) systemHeader = systemHeader || flag == 3;
      continue;
    }
    const long number = line++;
    if (systemHeader) continue;
    for (std::string_view word : Identifiers(text)) {
      const std::string where = file + ":" + std::to_string(number) + ": error: [device-code] `" + std::string(word);
      if (IsAssembly(word)) {
        errors += where + "`: inline assembly is host machine code, which an AI core cannot run; write it in C++\n";
        break;
      }
      if (TurnsInstrumentationOff(word)) {
        errors += where +
                  "` turns off the instrumentation through which the simulator charges a kernel's scalar "
                  "work; remove the attribute\n";
        break;
      }
    }
  }
  return errors;
}

std::set<std::string> DeviceApiSymbols(std::string_view nmListing) {
  std::set<std::string> symbols;
  ForEachSymbol(nmListing, [&](const std::string& name, const std::string& type) {
    const bool strong = type.size() == 1 && std::string_view("TDBR").find(type[0]) != std::string_view::npos;
    if (strong && name.rfind(kDeviceApiPrefix, 0) == 0) symbols.insert(name);
  });
  return symbols;
}

const std::set<std::string>& SimulatorSymbols() {
  static const std::set<std::string> symbols = [] {
    const fs::path library = HarnessToolchain().simulatorLibrary;
    const CompilerRun listing = RunCompiler(
        {"nm", "--defined-only", "--extern-only", "--format=posix", library.string()}, fs::temp_directory_path());
    if (!listing.ok) throw std::runtime_error("cannot list the simulator library's symbols: " + listing.log);
    return DeviceApiSymbols(listing.standardOutput);
  }();
  return symbols;
}

}  // namespace akgen::bench
