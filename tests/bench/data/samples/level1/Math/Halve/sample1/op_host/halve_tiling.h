// Test fixture: the tiling header of a full candidate.
#pragma once
