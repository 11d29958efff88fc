// Forks children that wait forever until fork fails, reports how many it made, then waits forever
// itself. The number of children is capped so that a broken sandbox cannot take the machine down.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>

int main() {
  constexpr int kMaxChildren = 2000;
  int children = 0;
  for (; children < kMaxChildren; ++children) {
    const pid_t pid = fork();
    if (pid == 0) {
      for (;;) pause();
    }
    if (pid < 0) {
      std::cout << "fork failed after " << children << " children: " << strerrorname_np(errno) << std::endl;
      break;
    }
  }
  if (children == kMaxChildren) std::cout << "not contained: " << children << " children" << std::endl;
  for (;;) pause();
}
