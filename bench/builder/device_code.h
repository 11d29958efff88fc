// What an AI core can run. A kernel object may reference the simulator's device API (the
// ascendc_sim::rt functions behind its instructions, queues, scalar helpers and AscendC::printf),
// the few symbols the compiler and its instrumentation emit, and what the candidate's other kernel objects
// define. Anything else in a kernel object is host code the real toolchain rejects: heap
// allocation, host libm and libc, iostreams, files, threads, exceptions, RTTI. So is a static
// initialiser (an AI core runs no constructors before the kernel). Checking the compiled objects'
// symbols, not a list of banned names in the source, catches every spelling and every header that
// pulls such code in.
#pragma once
#include <array>
#include <filesystem>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace akgen::bench {

struct ObjectSymbols {
  std::filesystem::path source;     // the kernel source the object was compiled from
  std::set<std::string> defined;    // global and local definitions
  std::set<std::string> undefined;  // references the link must resolve
  bool staticInitialiser = false;   // the object runs code before main (.init_array)
};

// From `nm --format=posix OBJECT`.
ObjectSymbols ReadObjectSymbols(std::string_view nmListing, const std::filesystem::path& source);

// One `FILE[:LINE]: error: [device-code] …` line per kind of host code found, or "" when every
// object keeps to device code. `simulatorSymbols` are the global definitions of the simulator's
// library; the line is the first in the object's source naming the call, when one does.
std::string DeviceCodeErrors(const std::vector<ObjectSymbols>& objects, const std::set<std::string>& simulatorSymbols);

// A C++ symbol as its source spells it; the symbol itself when it is no mangled name.
std::string Demangled(const std::string& symbol);

// The candidate's own C++ functions that `objects` call but none of them defines (a member template
// declared for every core type and defined for one), which no link of these objects can resolve.
std::set<std::string> UnresolvedKernelSymbols(const std::vector<ObjectSymbols>& objects,
                                              const std::set<std::string>& simulatorSymbols);

// A kernel's block copies and fills, its own or the compiler's, are scalar code too: the builder
// renames these calls in kernel objects to kChargedMemoryCallPrefix + name, which the simulator
// defines (sim/src/scalar_code.cpp) to charge the accesses before it copies.
inline constexpr std::array<std::string_view, 3> kKernelMemoryCalls = {"memcpy", "memmove", "memset"};
inline constexpr std::string_view kChargedMemoryCallPrefix = "akgen_kernel_";

// Ways around the instrumentation that charges a kernel's scalar work (sim/src/scalar_code.h):
// inline assembly (which no AI core toolchain would assemble either) and attributes that turn the
// instrumentation off. One `FILE:LINE: error: [device-code] …` line per use in `preprocessed` (g++
// -E output, so macros cannot hide one) outside system headers, or "".
std::string UninstrumentedCodeErrors(std::string_view preprocessed);

// Kernel-visible headers reach the simulator only through its ascendc_sim::rt functions; the rest
// of the library (the cost model's state, host-side APIs, the std and JSON code it instantiates) is
// no device API, so a kernel that declares and calls it does not build.
inline constexpr std::string_view kDeviceApiPrefix = "_ZN11ascendc_sim2rt";  // mangled `ascendc_sim::rt::`

// The strong definitions of namespace ascendc_sim::rt in `nm --defined-only --extern-only
// --format=posix` output of the simulator's library.
std::set<std::string> DeviceApiSymbols(std::string_view nmListing);

// DeviceApiSymbols of the simulator's library, read once.
const std::set<std::string>& SimulatorSymbols();

}  // namespace akgen::bench
