// Test fixture: the host code of a full candidate.
#include "halve_tiling.h"
