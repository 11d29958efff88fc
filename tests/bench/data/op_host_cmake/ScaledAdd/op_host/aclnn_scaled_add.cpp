// A hand-written aclnn interface (the opapi target): it needs CANN's headers, which the simulator
// does not have, so compiling it fails.
#include "aclnn/aclnn_base.h"
