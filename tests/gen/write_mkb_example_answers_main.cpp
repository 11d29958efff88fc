// Writes the answers of the MultiKernelBench prompt examples (gen/prompt/mkb_examples.h), as the
// prompts show them, into a samples folder `akgen eval` reads, so a shell test can judge every one.
//   akgen_write_mkb_example_answers EXAMPLES_DIR OUT_DIR   writes OUT_DIR/<category>/<name>/sample0.py
#include <filesystem>
#include <fstream>
#include <iostream>

#include "bench/task/task_tree.h"
#include "gen/prompt/mkb_examples.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: akgen_write_mkb_example_answers EXAMPLES_DIR OUT_DIR\n";
    return 2;
  }
  const std::filesystem::path examples = argv[1], out = argv[2];
  try {
    for (const akgen::bench::Task& example : akgen::bench::ReadTaskTree(examples).tasks) {
      const std::filesystem::path file = out / example.category / example.folderName / "sample0.py";
      std::filesystem::create_directories(file.parent_path());
      std::ofstream(file) << akgen::gen::MkbExampleAnswer(example, examples);
      std::cout << file.string() << '\n';
    }
  } catch (const std::exception& error) {
    std::cerr << "akgen_write_mkb_example_answers: " << error.what() << '\n';
    return 1;
  }
  return 0;
}
