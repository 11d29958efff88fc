// CANN keeps InferDataTypeContext in its own header; ours lives beside InferShapeContext.
#pragma once
#include "exe_graph/runtime/infer_shape_context.h"
