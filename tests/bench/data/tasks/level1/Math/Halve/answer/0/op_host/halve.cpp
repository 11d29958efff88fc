// Test fixture: host code of the fake Halve answer (the reader only lists it).
#include "halve_tiling.h"
