// A level-0 aclnn source no target of CMakeLists.txt names: CANN never compiles it.
#include "level0/scaled_add.h"
