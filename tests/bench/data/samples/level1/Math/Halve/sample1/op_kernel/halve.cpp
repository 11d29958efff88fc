// Test fixture: the kernel of a full candidate.
#include "kernel_operator.h"
