// Test fixture: kernel of the fake Halve answer (the reader only lists it).
#include "detail/halve_impl.h"
