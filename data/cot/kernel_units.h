// Kernel sources found in any tree (a samples repository, an operator library, our suite) and
// gathered into self-contained units, as the paper's kernel-level chain of thought needs: a file
// defining a `__global__ __aicore__` entry, with every header it includes by a quoted name that
// the tree holds inlined in place (once each), so the unit compiles on its own against the
// simulator's headers.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace akgen::data {

struct KernelUnit {
  std::filesystem::path file;           // the kernel source
  std::string source;                   // the unit: the file with its headers inlined
  std::vector<std::string> inlined;     // the headers inlined, relative to the tree
  std::vector<std::string> unresolved;  // quoted includes the tree does not hold (the simulator's, or missing)
  bool emptyEntry = false;              // the entry's body holds nothing but comments: a skeleton to fill in
};

// Every file under `trees` (or given itself) that defines a kernel entry, gathered, in path order.
// Files over 1 MiB are not read. A quoted include is looked up beside the including file, then at
// the tree's root, then as the tail of any path in the tree. Throws std::runtime_error naming a
// path that does not exist.
std::vector<KernelUnit> GatherKernelUnits(const std::vector<std::filesystem::path>& trees);

}  // namespace akgen::data
