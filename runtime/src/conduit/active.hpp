// The conduit running this process's job, for the runtime's conduit-independent code.
#pragma once

#include "conduit/shm/shm_conduit.hpp"
#include "runtime.hpp"

namespace pgas::rt {

// Runs `fn` on this process's conduit: the shm conduit's inline code when it is active (the common case,
// no virtual call), the network conduit otherwise.
template <class Fn>
inline decltype(auto) with_conduit(Fn &&fn) {
  if (g_runtime.network == nullptr) [[likely]]
    return fn(g_shm_conduit);
  return fn(*g_runtime.network);
}

inline Conduit &conduit() {
  return g_runtime.network ? *g_runtime.network : static_cast<Conduit &>(g_shm_conduit);
}

}  // namespace pgas::rt
