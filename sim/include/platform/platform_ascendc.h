// CANN puts its tiling headers' folder on the include path, so host code and direct-launch kernel
// files reach the platform API as "platform/platform_ascendc.h" as well as through "tiling/".
#pragma once
#include "tiling/platform/platform_ascendc.h"
