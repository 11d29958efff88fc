// SetDataPtr on a BEGIN_TILING_DATA_DEF class (CANN's TilingDef): after tiling.SetDataPtr(buffer),
// every set_<field> also writes the field into `buffer` at the field's offset in the object, so an
// op_host that fills its tiling data in place (SetDataPtr(context->GetRawTilingData()->GetData()))
// needs no SaveToBuffer. A binding covers the object's bytes, so the setters of the tiling classes
// nested in it (TILING_DATA_FIELD_DEF_STRUCT) write through too. Values set before SetDataPtr stay in
// the object only, as in CANN, where the binding replaces the object's storage.
#pragma once
#include <cstddef>

namespace ascendc_sim::host {

// Binds the `bytes` of `object` to `buffer`; a null buffer ends the binding.
void BindTilingData(const void* object, size_t bytes, void* buffer);
// Ends the binding of `object` (its destructor), so an object later built at the same address does
// not write into a buffer that may be gone.
void UnbindTilingData(const void* object, size_t bytes);
// Copies the `bytes` at `field` into the buffer of every binding whose object holds the field.
void WriteTilingFieldThrough(const void* field, size_t bytes);

}  // namespace ascendc_sim::host
