// Placeholder until this API family lands.
#pragma once
#include "ascendc_sim/vec_binary.h"
