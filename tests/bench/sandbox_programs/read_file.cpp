// Tries to read the file named by argv[1]. Prints "read: <content>" and exits 0 when it could,
// prints "open failed: <errno name>" and exits 3 when it could not.
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

#include <fcntl.h>
#include <unistd.h>

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  const int fd = open(argv[1], O_RDONLY);
  if (fd < 0) {
    std::cout << "open failed: " << strerrorname_np(errno) << '\n';
    return 3;
  }
  char buffer[256] = {};
  const ssize_t count = read(fd, buffer, sizeof buffer - 1);
  std::cout << "read: " << (count > 0 ? buffer : "") << '\n';
  return 0;
}
