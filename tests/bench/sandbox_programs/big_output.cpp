// Writes 3 MiB to stdout and to stderr.
#include <cstdio>
#include <string>

int main() {
  const std::string chunk(1 << 20, 'o');
  for (int i = 0; i < 3; ++i) {
    std::fwrite(chunk.data(), 1, chunk.size(), stdout);
    std::fwrite(chunk.data(), 1, chunk.size(), stderr);
  }
  return 0;
}
