// Connects to 127.0.0.1:argv[1]. Exits 0 when connected, prints "connect failed: <errno name>"
// and exits 3 when not.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iostream>

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) {
    std::cout << "socket failed: " << strerrorname_np(errno) << '\n';
    return 3;
  }
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(std::atoi(argv[1])));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    std::cout << "connect failed: " << strerrorname_np(errno) << '\n';
    return 3;
  }
  std::cout << "connected\n";
  return 0;
}
