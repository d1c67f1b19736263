// UPC allocation and bulk copies: upc_all_alloc, upc_global_alloc, upc_alloc, upc_free, upc_all_free,
// upc_memget, upc_memput, upc_memcpy, upc_memset. Freshly allocated shared memory is zeroed.
#pragma once

#include <cstddef>
#include <source_location>

#include "pgas/detail/api.hpp"
#include "pgas/detail/site.hpp"
#include "pgas/global_ptr.hpp"

namespace pgas::detail {
inline gaddr address_of(const global_ptr<const void> &p) { return {p.handle(), p.thread(), p.offset()}; }

inline global_ptr<void> allocation(pgas_alloc_kind_t kind, std::size_t nblocks, std::size_t nbytes,
                                   const std::source_location &loc) {
  pgas_handle_t h = allocate(kind, nblocks, nbytes, site_of(loc).c_str());
  if (h == 0) return global_ptr<void>();  // a null pointer-to-shared (thread 0, phase 0)
  int thread = kind == PGAS_ALLOC_LOCAL ? g_mythread : 0;
  return global_ptr<void>(h, thread, 0, 0, kind == PGAS_ALLOC_LOCAL ? 0 : 1);
}
}  // namespace pgas::detail

// Collective: nblocks blocks of nbytes, spread cyclically block by block over the threads.
inline pgas::global_ptr<void> upc_all_alloc(std::size_t nblocks, std::size_t nbytes,
                                            std::source_location loc = std::source_location::current()) {
  return pgas::detail::allocation(PGAS_ALLOC_ALL, nblocks, nbytes, loc);
}
// Called by one thread; same layout as upc_all_alloc.
inline pgas::global_ptr<void> upc_global_alloc(std::size_t nblocks, std::size_t nbytes,
                                               std::source_location loc = std::source_location::current()) {
  return pgas::detail::allocation(PGAS_ALLOC_GLOBAL, nblocks, nbytes, loc);
}
// nbytes with affinity to the calling thread (use it through an indefinite-block pointer).
inline pgas::global_ptr<void> upc_alloc(std::size_t nbytes,
                                        std::source_location loc = std::source_location::current()) {
  return pgas::detail::allocation(PGAS_ALLOC_LOCAL, 1, nbytes, loc);
}
// Frees memory from upc_all_alloc, upc_global_alloc or upc_alloc; called by one thread. NULL does nothing.
inline void upc_free(const pgas::global_ptr<const void> &p) {
  pgas::detail::free_shared(p.handle(), "upc_free");
}

// Collective (UPC 1.3): every thread passes the same pointer, and the memory is freed once. NULL on every
// thread does nothing.
inline void upc_all_free(const pgas::global_ptr<const void> &p) { pgas::detail::all_free_shared(p.handle()); }

// The n bytes must all lie in one thread's part of the object, as in UPC.
inline void upc_memget(void *dst, const pgas::global_ptr<const void> &src, std::size_t n) {
  pgas::detail::memget(dst, pgas::detail::address_of(src), n);
}
inline void upc_memput(const pgas::global_ptr<void> &dst, const void *src, std::size_t n) {
  pgas::detail::memput(pgas::detail::address_of(dst), src, n);
}
inline void upc_memcpy(const pgas::global_ptr<void> &dst, const pgas::global_ptr<const void> &src,
                       std::size_t n) {
  pgas::detail::memcpy_shared(pgas::detail::address_of(dst), pgas::detail::address_of(src), n);
}
inline void upc_memset(const pgas::global_ptr<void> &dst, int c, std::size_t n) {
  pgas::detail::memset_shared(pgas::detail::address_of(dst), c, n);
}
