// Writes up to 256 MiB into huge.bin in the working directory.
#include <fstream>
#include <string>

int main() {
  const std::string chunk(1 << 20, 'x');
  std::ofstream file("huge.bin", std::ios::binary);
  for (int i = 0; i < 256 && file; ++i) file.write(chunk.data(), chunk.size()).flush();
  return 0;
}
