// Writes through a null pointer.
int main() {
  volatile int* volatile pointer = nullptr;
  *pointer = 1;
  return 0;
}
