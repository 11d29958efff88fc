// CANN's tiling-type header: the enums that compose the tiling keys of its attention and matmul
// ops. Other ops' op_host code includes it without using any of them, and no simulated op does.
#pragma once
