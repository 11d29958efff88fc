// The kernel's view of the GM workspace: the system workspace that library APIs use and the user
// workspace behind it.
#pragma once
#include "ascendc_sim/keywords.h"
#include "ascendc_sim/runtime.h"

namespace AscendC {

// Vector kernels reserve no system workspace in the simulator, so the user workspace starts at 0.
inline GM_ADDR GetUserWorkspace(GM_ADDR workspace) { return workspace; }

// CANN keeps the system workspace pointer per core. A framework launch (the harness) sets it to the
// kernel's workspace argument before the kernel runs, so the deprecated SetSysWorkspace, which only
// fills an unset pointer, changes nothing there; SetSysWorkspaceForce always replaces it.
inline void SetSysWorkspace(GM_ADDR workspace) { ascendc_sim::rt::SetSystemWorkspace(workspace, false); }
inline void SetSysWorkspaceForce(GM_ADDR workspace) { ascendc_sim::rt::SetSystemWorkspace(workspace, true); }

}  // namespace AscendC

// Declared outside namespace AscendC, as in CANN.
inline __gm__ uint8_t* GetSysWorkSpacePtr() { return ascendc_sim::rt::SystemWorkspace(); }
