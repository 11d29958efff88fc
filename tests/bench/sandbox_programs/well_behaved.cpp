// Writes its answer into the file named by argv[1] (inside the work directory) and prints its
// environment, so the test can check what passed into the sandbox.
#include <fstream>
#include <iostream>

extern char** environ;

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  std::ofstream(argv[1]) << "answer 42\n";
  for (char** entry = environ; *entry; ++entry) std::cout << *entry << '\n';
  return 0;
}
