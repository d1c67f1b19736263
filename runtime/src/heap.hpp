// The shared heap's side of the handle-creating transport routines: _remote_alloc and _remote_free
// (transport.cpp, where every transport implementation and its weak alias is) call these.
#pragma once

#include <cstdint>

#include "pgas/transport.h"

namespace pgas::rt {

// A new shared object of `layout` (collective for PGAS_ALLOC_STATIC and PGAS_ALLOC_ALL).
pgas_handle_t allocate_object(const pgas_layout_t *layout);
// Frees `h` (collective for a static object) and zeroes its memory.
void free_object(pgas_handle_t h);
// Whether an object of `bytes` bytes that this thread allocates with affinity to itself now would fit.
bool local_heap_fits(std::uint64_t bytes);

}  // namespace pgas::rt
